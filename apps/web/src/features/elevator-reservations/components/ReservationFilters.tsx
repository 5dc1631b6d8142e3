import { useState, type FormEvent } from "react";
import { ELEVATOR_STATUS_DISPLAY, ELEVATOR_STATUSES } from "@portico/contract";
import { dateFilters, FilterBar, SelectFilter } from "../../../components/FilterBar.tsx";
import { UnitFilter } from "../../../components/UnitPicker.tsx";
import type { ReservationFilter, ReservationFilters as Filters } from "../model.ts";
import { useReservationTypes } from "../typesApi.ts";

/**
 * The list's filters (document 3 section 7): status, start date range, unit and reservation type;
 * they apply on Search. Mount it with `key` of the URL so that Back and Reset show the URL's filters.
 */
export function ReservationFilters({
  building,
  initial,
  errors,
  onSearch,
  onReset,
}: {
  building: number;
  initial: Filters;
  errors: (f: Filters) => Record<string, string>;
  onSearch: (f: Filters) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<Filters>(initial);
  const types = useReservationTypes(building);
  const put = (k: ReservationFilter, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const found = errors(draft);
  const date = dateFilters(draft, put, found);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (Object.keys(found).length === 0) onSearch(draft);
  };
  return (
    <FilterBar
      label="Reservation filters"
      onSubmit={submit}
      onReset={onReset}
      errorFields={Object.keys(found)}
      columns={{ xs: 1, sm: 2, lg: 5 }}
    >
      <SelectFilter
        label="Status"
        name="status"
        value={draft.status}
        onChange={(v) => put("status", v)}
        emptyLabel="All statuses"
        choices={ELEVATOR_STATUSES.map((s) => ({ value: s, label: ELEVATOR_STATUS_DISPLAY[s] }))}
      />
      {date("min_start_date", "From")}
      {date("max_start_date", "Until")}
      <UnitFilter building={building} value={draft.apartment} onChange={(v) => put("apartment", v)} />
      <SelectFilter
        label="Reservation type"
        name="reservation_type"
        value={draft.reservation_type}
        onChange={(v) => put("reservation_type", v)}
        emptyLabel="All types"
        choices={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
      />
    </FilterBar>
  );
}
