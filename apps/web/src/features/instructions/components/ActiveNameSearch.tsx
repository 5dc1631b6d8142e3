import { useState } from "react";
import { useNavigate } from "react-router";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Instruction, MESSAGES } from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { useInstructions } from "../api.ts";
import { instructionPaths } from "../model.ts";
import { InstructionTypeChip } from "./InstructionTypeChip.tsx";
import { useDebounced } from "../../../lib/useDebounced.ts";

/** How many names the search offers at a time. */
const NAME_SEARCH_LIMIT = 20;

/**
 * 'Active name search (instructions, pets)' on the dashboard (document 1 section 2.3), the
 * instructions' half: active instructions whose name (or unit, text, resident) matches what is
 * typed, 300 ms after the last key; choosing one goes to its unit profile.
 */
export function ActiveNameSearch() {
  const { id: building } = useBuilding();
  const navigate = useNavigate();
  const [input, setInput] = useState("");
  const term = useDebounced(input.trim());
  const found = useInstructions(
    { building, status: "active", search: term, limit: NAME_SEARCH_LIMIT, ordering: "name" },
    { enabled: term !== "" },
  );
  const options = term ? (found.data?.results ?? []) : [];
  return (
    <Autocomplete<Instruction>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== "reset") setInput(v);
      }}
      onChange={(_e, i) => {
        if (!i) return;
        setInput("");
        navigate(instructionPaths.profile(building, i.occupancy));
      }}
      filterOptions={(o) => o}
      getOptionLabel={(i) => `${i.name} ${i.apartment_number}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={term !== "" && found.isFetching}
      noOptionsText={term ? MESSAGES.noResults : "Type a name"}
      renderOption={({ key, ...props }, i) => (
        <Box component="li" key={key} {...props} sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <InstructionTypeChip type={i.instruction_type} />
          <Typography component="span" sx={{ flex: 1 }}>
            {i.name}
          </Typography>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {i.apartment_number}
          </Typography>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label="Active name search (instructions, pets)" />}
    />
  );
}
