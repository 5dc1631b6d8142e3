import { useId, useState, type FormEvent } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import TextField from "@mui/material/TextField";
import TuneIcon from "@mui/icons-material/Tune";
import { MAINTENANCE_OPEN_STATUSES, MAINTENANCE_STATUS_DISPLAY, type MaintenanceStatus } from "@portico/contract";
import { FilterBar, FilterChecks, SelectFilter, dateFilters } from "../../../components/FilterBar.tsx";
import { UnitFilter } from "../../../components/UnitPicker.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { useMaintenanceRequestTypes, useMaintenanceStatuses } from "../api.ts";
import {
  type MaintenanceFilter,
  type MaintenanceFilters as Filters,
  maintenanceFilterErrors,
  chosenStatuses,
  MAINTENANCE_FILTERS,
  statusesValue,
} from "../model.ts";

interface StatusChoice {
  value: string;
  label: string;
}

/** On phones these stay in view; 'More filters' shows the others. */
const ALWAYS_SHOWN: readonly MaintenanceFilter[] = ["statuses", "apartment", "maintenance_request_type", "search"];

const FLAG_LABELS = [
  ["is_high_priority", "High priority only"],
  ["is_include_past_occupancies", "Include past occupancies"],
  ["is_only_recurring", "Only recurring"],
] as const;

/**
 * The request list's filters (document 2 section 3): statuses (several; the open group unless
 * changed), unit, request type, opened and closed date ranges, search, high priority, past
 * occupancies, only recurring and a recurring request's id. They apply on Search (Enter).
 * Mount it with `key` of the URL so that Back and Reset show the URL's filters again.
 */
export function MaintenanceFilters({
  building,
  initial,
  onSearch,
  onReset,
}: {
  building: number;
  initial: Filters;
  onSearch: (f: Filters) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<Filters>(initial);
  const mobile = useIsMobile();
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const statuses = useMaintenanceStatuses(building);
  const types = useMaintenanceRequestTypes();
  const put = (k: MaintenanceFilter, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const errors = maintenanceFilterErrors(draft);
  const date = dateFilters(draft, put, errors);

  const chosen = chosenStatuses(draft);
  // The building's statuses; the open group's codes of the other vocabulary (the default filter
  // names both) are not shown, other statuses of the URL show by their label until removed.
  const options: StatusChoice[] = (statuses.data ?? []).map((s) => ({ value: s.value, label: s.label }));
  const known = (v: string) => options.some((o) => o.value === v);
  for (const v of chosen)
    if (!known(v) && !(statuses.data && (MAINTENANCE_OPEN_STATUSES as readonly string[]).includes(v)))
      options.push({ value: v, label: MAINTENANCE_STATUS_DISPLAY[v as MaintenanceStatus] ?? v });
  const shown = options.filter((o) => chosen.includes(o.value));
  // A hidden field with an error (a date of the URL) opens the more filters.
  const hiddenError = Object.keys(errors).some((k) => !(ALWAYS_SHOWN as readonly string[]).includes(k));
  const collapsed = mobile && !moreOpen && !hiddenError;
  const extras = MAINTENANCE_FILTERS.filter((k) => !ALWAYS_SHOWN.includes(k) && draft[k]).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };

  return (
    <FilterBar
      label="Maintenance request filters"
      onSubmit={submit}
      onReset={onReset}
      errorFields={Object.keys(errors)}
      columns={{ xs: 1, sm: 2, lg: 4 }}
      size={mobile ? "medium" : "large"}
      extraButtons={
        mobile && (
          <Button
            aria-expanded={!collapsed}
            aria-controls={moreId}
            startIcon={<TuneIcon />}
            onClick={() => setMoreOpen((v) => !v)}
            sx={{ mr: "auto", whiteSpace: "nowrap" }}
          >
            {collapsed ? `More filters${extras ? ` (${extras})` : ""}` : "Fewer filters"}
          </Button>
        )
      }
    >
      <Autocomplete<StatusChoice, true>
        multiple
        disableCloseOnSelect
        options={statuses.data ? options : shown}
        loading={statuses.isPending}
        value={shown}
        onChange={(_, list) => put("statuses", statusesValue(list.map((o) => o.value)))}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        renderInput={(p) => (
          <TextField
            {...p}
            name="statuses"
            label="Status"
            placeholder={shown.length ? undefined : "All statuses"}
            slotProps={{ ...p.slotProps, inputLabel: { ...p.slotProps?.inputLabel, shrink: true } }}
          />
        )}
      />
      <UnitFilter building={building} value={draft.apartment} onChange={(v) => put("apartment", v)} />
      <SelectFilter
        label="Request type"
        name="maintenance_request_type"
        value={draft.maintenance_request_type}
        onChange={(v) => put("maintenance_request_type", v)}
        emptyLabel="All types"
        choices={(types.data ?? []).map((t) => ({
          value: String(t.id),
          label: `${t.name}${t.is_active ? "" : " (inactive)"}`,
        }))}
      />
      <TextField
        label="Search"
        name="search"
        placeholder="Req #, unit, description"
        value={draft.search}
        onChange={(e) => put("search", e.target.value)}
      />
      <Box id={moreId} sx={{ display: collapsed ? "none" : "contents" }}>
        {date("min_date_opened", "Opened from")}
        {date("max_date_opened", "Opened until")}
        {date("min_date_closed", "Closed from")}
        {date("max_date_closed", "Closed until")}
        <TextField
          label="Recurring request #"
          name="recurring_maintenance_request"
          value={draft.recurring_maintenance_request}
          onChange={(e) => put("recurring_maintenance_request", e.target.value.replace(/\D/g, ""))}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
        <FilterChecks span={2}>
          {FLAG_LABELS.map(([k, label]) => (
            <FormControlLabel
              key={k}
              control={
                <Checkbox
                  name={k}
                  checked={draft[k] === "true"}
                  onChange={(e) => put(k, e.target.checked ? "true" : "")}
                />
              }
              label={label}
            />
          ))}
        </FilterChecks>
      </Box>
    </FilterBar>
  );
}
