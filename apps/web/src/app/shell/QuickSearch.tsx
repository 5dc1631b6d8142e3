import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { MESSAGES } from "@portico/contract";
import { useQuickSearch } from "../../lib/queries.ts";
import { topBarInput } from "./TopBarInput.tsx";
import {
  filterQuickSearch,
  quickSearchTarget,
  toQuickSearchOptions,
  type QuickSearchOption,
} from "./quickSearchOptions.ts";

/** The 'Unit or name' box of the top bar. */
export function QuickSearch({ building, fullWidth = false }: { building: number; fullWidth?: boolean }) {
  const navigate = useNavigate();
  const [input, setInput] = useState("");
  const [open, setOpen] = useState(false);
  const query = useQuickSearch(building, open || input !== "");
  const options = useMemo(() => toQuickSearchOptions(query.data ?? []), [query.data]);

  return (
    <Autocomplete<QuickSearchOption, false, false, false>
      id="quick-search"
      size="small"
      fullWidth
      forcePopupIcon={false}
      sx={{ width: fullWidth ? "100%" : { md: 240, xl: 300 }, flexShrink: 0 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== "reset") setInput(v);
      }}
      onChange={(_e, option) => {
        if (!option) return;
        setInput("");
        setOpen(false);
        navigate(quickSearchTarget(building, option));
      }}
      filterOptions={(opts, state) => filterQuickSearch(opts, state.inputValue)}
      getOptionLabel={(o) => `${o.apartmentNumber} ${o.names || "Vacant"}`}
      getOptionKey={(o) => o.key}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      loading={query.isPending && query.fetchStatus !== "idle"}
      loadingText="Loading…"
      noOptionsText={query.isError ? MESSAGES.failedList(query.error.name) : MESSAGES.noResults}
      slotProps={{ popper: { sx: { minWidth: { xs: 0, sm: 380 } }, placement: "bottom-start" } }}
      blurOnSelect
      clearOnBlur={false}
      autoHighlight
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ display: "flex", gap: 1, alignItems: "baseline" }}>
          <Typography component="span" sx={{ fontWeight: 700, minWidth: 56 }}>
            {o.apartmentNumber}
          </Typography>
          <Typography component="span" sx={{ flex: 1, color: o.names ? "text.primary" : "text.secondary" }}>
            {o.names || "Vacant"}
          </Typography>
          {o.isFuture && <Chip label="Future" size="small" color="info" variant="outlined" />}
        </Box>
      )}
      renderInput={topBarInput("Unit or name")}
    />
  );
}
