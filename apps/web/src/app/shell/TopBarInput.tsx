import type { AutocompleteRenderInputParams } from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";

/** The top bar's search fields (building, quick search): filled, on the paper colour. */
export const topBarInput = (label: string) =>
  function TopBarInput(params: AutocompleteRenderInputParams) {
    return (
      <TextField
        {...params}
        label={label}
        variant="filled"
        sx={{ bgcolor: "background.paper", borderRadius: 1, overflow: "hidden" }}
      />
    );
  };
