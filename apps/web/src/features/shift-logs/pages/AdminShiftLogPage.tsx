import { useMemo, useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { GridColDef } from "@mui/x-data-grid";
import {
  ADMIN_SHIFT_LOG_DEFAULT_LIMIT,
  addressNumber,
  type Building,
  MESSAGES,
  SHIFT_LOG_ADMIN_EDITED_AFTER_MS,
  SHIFT_LOG_DEFAULT_ORDERING,
  type ShiftLogNote,
} from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { FilterBar, SelectFilter } from "../../../components/FilterBar.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { useBuildings } from "../../../lib/queries.ts";
import { buildingLabel } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedTime, zoneName } from "../../../lib/zonedDates.ts";
import { useShiftLogNotes, useShiftLogTypes } from "../api.ts";
import { cleanQuery } from "../model.ts";
import { NoteDialog } from "../components/NoteDialog.tsx";
import { noteColumns } from "../components/noteColumns.tsx";
import { typeChoices } from "../components/SearchFilters.tsx";

const ids = (v: string | null) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

/** Columns that sort on the server (grid field → ordering key). */
const SORT_KEYS: Record<string, string> = {
  date_created: "date_created",
  building: "building",
  shift_log_type_name: "shift_log_type_name",
  body: "body",
  is_high_priority: "is_high_priority",
  owner: "owner",
};

/**
 * /admin/shift-log (office users): every building's notes, or those of the chosen buildings
 * and type, a page at a time (order and page in the URL); Edited after 2 s. Times are each
 * building's own; when the listed buildings are in more than one time zone, each time shows
 * its zone. Admins may edit and delete any note.
 */
export function Component() {
  usePageTitle("Shift log");
  const { params, update, paging, setPaging } = useListUrl(ADMIN_SHIFT_LOG_DEFAULT_LIMIT);
  const buildings = useBuildings();
  const types = useShiftLogTypes({ include_shift_end: true, show_all: true });
  const [open, setOpen] = useState<ShiftLogNote | null>(null);

  const type = params.get("shift_log_type_id") ?? "all";
  const chosen = ids(params.get("buildings"));
  const ordering = params.get("ordering") || SHIFT_LOG_DEFAULT_ORDERING;
  /** A new type or set of buildings: back to the first page ('all' and no buildings leave the URL). */
  const setFilter = (next: { shift_log_type_id?: string; buildings?: number[] }) => {
    const kept = cleanQuery({
      shift_log_type_id: next.shift_log_type_id ?? type,
      buildings: next.buildings ?? chosen,
    });
    update(
      { shift_log_type_id: kept.shift_log_type_id ?? null, buildings: kept.buildings ?? null, offset: null },
      { replace: true },
    );
  };

  const sortedBuildings = useMemo(
    () =>
      [...(buildings.data ?? [])].sort(
        (a, b) => addressNumber(a.address) - addressNumber(b.address) || a.address.localeCompare(b.address),
      ),
    [buildings.data],
  );
  const zones = useMemo(() => new Map(sortedBuildings.map((b) => [b.id, b.time_zone])), [sortedBuildings]);
  // The zone is shown when the listed buildings do not all keep the same time.
  const listed = chosen.length ? sortedBuildings.filter((b) => chosen.includes(b.id)) : sortedBuildings;
  const showZone = new Set(listed.map((b) => b.time_zone)).size > 1;

  const notes = useShiftLogNotes({
    ...paging,
    ordering,
    include_end_of_shift_notes: true,
    shift_log_type_id: type === "all" ? undefined : type,
    buildings: chosen.length ? chosen : undefined,
  });

  const columns = useMemo<GridColDef<ShiftLogNote>[]>(() => {
    const tz = (row: ShiftLogNote) => zones.get(row.building.id);
    const time = (row: ShiftLogNote) => {
      const t = formatZonedTime(row.date_created, tz(row));
      return showZone ? `${t} ${zoneName(row.date_created, tz(row))}`.trim() : t;
    };
    return noteColumns({
      zoneOf: tz,
      timeOf: time,
      timeWidth: showZone ? 120 : 90,
      withBuilding: true,
      editedAfterMs: SHIFT_LOG_ADMIN_EDITED_AFTER_MS,
      viewLabel: (row) => `View note ${row.building.name} ${formatZonedDate(row.date_created, tz(row))} ${time(row)}`,
      onView: setOpen,
    });
  }, [zones, showZone]);

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Shift log
      </Typography>
      <FilterBar label="Shift log filters" columns={{ xs: 1, md: 3 }}>
        <SelectFilter
          label="Type"
          value={type}
          onChange={(v) => setFilter({ shift_log_type_id: v })}
          choices={typeChoices(types.data, type)}
        />
        <Autocomplete<Building, true>
          multiple
          disableCloseOnSelect
          sx={{ gridColumn: { md: "span 2" } }}
          options={sortedBuildings}
          loading={buildings.isPending}
          value={sortedBuildings.filter((b) => chosen.includes(b.id))}
          onChange={(_, list) => setFilter({ buildings: list.map((b) => b.id) })}
          getOptionLabel={(b) => b.address || buildingLabel(b)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(p) => (
            <TextField {...p} label="Buildings" placeholder={chosen.length ? undefined : "All buildings"} />
          )}
        />
      </FilterBar>
      <DataTable
        label="Shift log notes"
        columns={columns}
        query={notes}
        paging={paging}
        onPagingChange={setPaging}
        pageSizes={[25, 50, 100]}
        ordering={ordering}
        sortKeys={SORT_KEYS}
        onOrderingChange={(o) => update({ ordering: o, offset: null })}
        countText={(n) =>
          `${n === 1 ? "1 note" : `${n} notes`}${showZone ? " · times in each building's own time zone" : ""}`
        }
        emptyText={MESSAGES.noMatchingResults}
        columnsStorageKey="admin-shift-log"
        align="flex-start"
      />
      <NoteDialog
        note={open}
        onClose={() => setOpen(null)}
        timeZone={open ? zones.get(open.building.id) : undefined}
        showBuilding
        editedAfterMs={SHIFT_LOG_ADMIN_EDITED_AFTER_MS}
      />
    </Box>
  );
}
