import { useState, type FormEvent } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import TextField from "@mui/material/TextField";
import { FilterBar, FilterChecks, SelectFilter, dateFilters } from "../../../components/FilterBar.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { useMaintenanceRequestTypes, useMaintenanceStatuses } from "../api.ts";
import {
  type MaintenanceFilter,
  type MaintenanceFilters as Filters,
  maintenanceFilterErrors,
  chosenStatuses,
  statusesValue,
} from "../model.ts";

interface StatusChoice {
  value: string;
  label: string;
}

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
  const statuses = useMaintenanceStatuses(building);
  const types = useMaintenanceRequestTypes();
  const put = (k: MaintenanceFilter, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const errors = maintenanceFilterErrors(draft);
  const date = dateFilters(draft, put, errors);

  const chosen = chosenStatuses(draft);
  const options: StatusChoice[] = (statuses.data ?? []).map((s) => ({ value: s.value, label: s.label }));
  // A status of the URL the building does not use still shows (by its code) until removed.
  for (const v of chosen) if (!options.some((o) => o.value === v)) options.push({ value: v, label: v });

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
    >
      <Autocomplete<StatusChoice, true>
        multiple
        disableCloseOnSelect
        options={statuses.data ? options : options.filter((o) => chosen.includes(o.value))}
        loading={statuses.isPending}
        value={options.filter((o) => chosen.includes(o.value))}
        onChange={(_, list) => put("statuses", statusesValue(list.map((o) => o.value)))}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        renderInput={(p) => (
          <TextField {...p} name="statuses" label="Status" placeholder={chosen.length ? undefined : "All statuses"} />
        )}
      />
      <UnitPicker
        building={building}
        by="apartment"
        name="apartment"
        value={draft.apartment ? Number(draft.apartment) : null}
        onChange={(v) => put("apartment", v === null ? "" : String(v))}
      />
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
    </FilterBar>
  );
}
