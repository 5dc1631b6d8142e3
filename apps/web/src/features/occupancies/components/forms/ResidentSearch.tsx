import { forwardRef, useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { GlobalUser } from "@portico/contract";
import { autocompleteInput } from "../../../../components/FormFields.tsx";
import { useDebounced } from "../../../../lib/useDebounced.ts";
import { useResidentSearch } from "../../api.ts";

/** A chosen resident: the username the API takes and how it reads. */
export interface PickedResident {
  username: string;
  label: string;
}

interface Option extends PickedResident {
  detail: string;
}

export const residentLabel = (u: Pick<GlobalUser, "first_name" | "last_name" | "username">) => {
  const name = [u.first_name, u.last_name].filter(Boolean).join(" ");
  return name ? `${name} (${u.username})` : u.username;
};

export interface ResidentSearchProps {
  id?: string;
  label?: string;
  value: PickedResident | null;
  onChange: (value: PickedResident | null) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
}

/**
 * Existing or previous residents: searches residents (role TN) by name, username or e-mail,
 * 10 at a time, as the user types.
 */
export const ResidentSearch = forwardRef<HTMLInputElement, ResidentSearchProps>(function ResidentSearch(
  { id, label = "Resident", value, onChange, onBlur, error, required },
  ref,
) {
  const [input, setInput] = useState("");
  const term = useDebounced(input);
  const search = useResidentSearch(term);
  const options: Option[] = term.trim()
    ? (search.data?.results ?? []).map((u) => ({
        username: u.username,
        label: residentLabel(u),
        detail: [u.email, u.phone_number].filter(Boolean).join(" · "),
      }))
    : [];
  const typing = input.trim() !== "" && (input !== term || search.isFetching);

  return (
    <Autocomplete<Option | PickedResident>
      id={id}
      options={options}
      value={value}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.username === b.username}
      onChange={(_, v) => onChange(v ? { username: v.username, label: v.label } : null)}
      onInputChange={(_, v, reason) => {
        // Only what the user types is searched (not the chosen resident's label).
        if (reason === "input" || reason === "clear") setInput(v);
      }}
      onBlur={onBlur}
      loading={typing}
      loadingText="Searching…"
      noOptionsText={input.trim() ? "No residents found" : "Type a name, username or email"}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography>{option.label}</Typography>
            {"detail" in option && option.detail && (
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {option.detail}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={autocompleteInput({ ref, label, required, error, helperText: "Search by name, username or email" })}
    />
  );
});
