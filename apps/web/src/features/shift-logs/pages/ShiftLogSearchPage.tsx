import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import { MESSAGES, SHIFT_LOG_DEFAULT_ORDERING, SHIFT_LOG_MESSAGES, type ShiftLogNote } from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { DataTable } from "../../../components/DataTable.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useExportShiftLogNotes, useShiftLogNotes } from "../api.ts";
import {
  applySearch,
  defaultSearchState,
  filtersFromState,
  filtersToState,
  invalidDates,
  pageOf,
  readSearchState,
  reversedDates,
  type SearchState,
  searchStateToParams,
  toApiQuery,
} from "../model.ts";
import { SearchFilters } from "../components/SearchFilters.tsx";
import { NoteDialog } from "../components/NoteDialog.tsx";
import { noteColumns } from "../components/noteColumns.tsx";
import type { NoteView } from "../components/NoteDetail.tsx";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => `/${building}/dashboard/shift-logs-search`,
};

/** Grid columns that sort, and the ordering key each one sends. */
const SORT_KEYS: Record<string, string> = {
  date_created: "date_created",
  shift_log_type_name: "shift_log_type_name",
  body: "body",
  is_high_priority: "is_high_priority",
  owner: "owner",
};

function useSearchState() {
  const { building } = useBuilding();
  const [params, setParams] = useSearchParams();
  const tz = building?.time_zone;
  const defaults = useMemo(() => defaultSearchState(tz), [tz]);
  const { state, complete } = readSearchState(params, defaults);
  // The newest state, also for handlers the grid may hold from an earlier render.
  const latest = useRef(state);
  latest.current = state;
  const go = useCallback(
    (next: SearchState | ((current: SearchState) => SearchState), replace = false) => {
      const value = typeof next === "function" ? next(latest.current) : next;
      latest.current = value;
      setParams(searchStateToParams(value), { replace });
    },
    [setParams],
  );
  useEffect(() => {
    // A visit without paging (first visit, links from elsewhere) gets the defaults in its URL.
    if (!complete) setParams(searchStateToParams(state), { replace: true });
  });
  // The key of what the URL means, not of its text: writing the defaults into the URL on a first
  // visit changes nothing the form shows, so it does not reset what is being typed.
  return { state, complete, go, key: searchStateToParams(state).toString(), defaults };
}

/** /{building}/dashboard/shift-logs-search (document 1 section 2.2). */
export function Component() {
  usePageTitle("Shift log search");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const { enqueueSnackbar } = useSnackbar();
  const isMobile = useIsMobile();
  const { state, complete, go, key, defaults } = useSearchState();
  const [open, setOpen] = useState<{ note: ShiftLogNote; view: NoteView } | null>(null);

  const badDates = invalidDates(state);
  // A reversed range is shown under 'To' by the filter form; the list waits for a valid one.
  const blocked = badDates.length > 0 || reversedDates(state);
  const apiQuery = { building, include_end_of_shift_notes: true, ...toApiQuery(state) };
  const notes = useShiftLogNotes(apiQuery, { enabled: complete && !blocked });
  const exporter = useExportShiftLogNotes();
  const columns = useMemo<GridColDef<ShiftLogNote>[]>(
    () =>
      noteColumns({
        zoneOf: () => tz,
        timeOf: (row) => formatZonedTime(row.date_created, tz),
        timeWidth: 90,
        viewLabel: (row) =>
          `View note ${formatZonedDate(row.date_created, tz)} ${formatZonedTime(row.date_created, tz)}`,
        onView: (note) => setOpen({ note, view: "view" }),
      }),
    [tz],
  );

  const onExport = () =>
    exporter.mutate(apiQuery, {
      onError: (err) => enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }),
    });

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Shift log search
      </Typography>
      <SearchFilters
        building={building}
        values={filtersFromState(state)}
        valuesKey={key}
        onSearch={(values) => go((current) => applySearch(current, filtersToState(values, current)))}
        onReset={() => go(defaults)}
      />
      {badDates.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {SHIFT_LOG_MESSAGES.invalidDate}: fix the date to search.
        </Alert>
      )}
      <DataTable
        label="Shift log notes"
        columns={columns}
        query={notes}
        paging={pageOf(state)}
        onPagingChange={(p) => go((current) => ({ ...current, limit: String(p.limit), offset: String(p.offset) }))}
        ordering={state.ordering || SHIFT_LOG_DEFAULT_ORDERING}
        sortKeys={SORT_KEYS}
        onOrderingChange={(o) =>
          go((current) => ({ ...current, ordering: o ?? SHIFT_LOG_DEFAULT_ORDERING, offset: "0" }))
        }
        countText={(n) => (n === 1 ? "1 note" : `${n} notes`)}
        emptyText={blocked ? MESSAGES.fixDatesToSearch : MESSAGES.noMatchingResults}
        // Narrow screens keep the columns that matter at the desk: date, units, note.
        hiddenColumns={isMobile ? ["time", "shift_log_type_name", "is_high_priority", "owner", "edited"] : []}
        columnsStorageKey="shift-log-search"
        exportAction={{ onClick: onExport, pending: exporter.isPending }}
        align="flex-start"
      />
      <NoteDialog note={open?.note ?? null} initialView={open?.view} onClose={() => setOpen(null)} timeZone={tz} />
    </Box>
  );
}
