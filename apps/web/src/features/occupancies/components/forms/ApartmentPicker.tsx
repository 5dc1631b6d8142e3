import { forwardRef, useMemo } from "react";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { compareApartmentNumbers } from "@portico/contract";
import { useApartmentsDropdown } from "../../../../lib/queries.ts";

interface UnitOption {
  id: number;
  number: string;
  vacant?: boolean;
}

const filter = createFilterOptions<UnitOption>({
  stringify: (o) => o.number,
  matchFrom: "start",
  ignoreCase: true,
  limit: 300,
});

export interface ApartmentPickerProps {
  building: number;
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** The unit's number when the dropdown has not arrived yet (carried from the quick search). */
  knownNumber?: string;
  id?: string;
  error?: string;
  helperText?: string;
}

/** One unit of the building, by number; vacant units are labelled Vacant. */
export const ApartmentPicker = forwardRef<HTMLInputElement, ApartmentPickerProps>(function ApartmentPicker(
  { building, value, onChange, onBlur, knownNumber, id, error, helperText },
  ref,
) {
  const dropdown = useApartmentsDropdown(building);
  const options = useMemo<UnitOption[]>(
    () =>
      [...(dropdown.data ?? [])]
        .sort((a, b) => compareApartmentNumbers(a.apartment_number, b.apartment_number))
        .map((a) => ({ id: a.id, number: a.apartment_number, vacant: a.is_vacant })),
    [dropdown.data],
  );
  const selected =
    value === null ? null : (options.find((o) => o.id === value) ?? { id: value, number: knownNumber ?? `#${value}` });

  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      loading={dropdown.isPending}
      filterOptions={filter}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.number}
      onChange={(_, o) => onChange(o ? o.id : null)}
      onBlur={onBlur}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ display: "flex", gap: 1 }}>
          <span>{o.number}</span>
          {o.vacant && (
            <Box component="span" sx={{ color: "text.secondary", fontSize: "0.85em" }}>
              Vacant
            </Box>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} inputRef={ref} label="Unit" required error={!!error} helperText={error ?? helperText} />
      )}
    />
  );
});
