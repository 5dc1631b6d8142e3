import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { DataGrid, type GridColDef } from "@mui/x-data-grid";
import {
  ADMIN_SHIFT_LOG_LIMIT,
  addressNumber,
  type Building,
  MESSAGES,
  SHIFT_LOG_ADMIN_EDITED_AFTER_MS,
  type ShiftLogNote,
} from "@portico/contract";
import { ClampedText } from "../../../components/ClampedText.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuildings } from "../../../lib/queries.ts";
import { buildingLabel } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import { useShiftLogNotes, useShiftLogTypes } from "../api.ts";
import { cleanQuery, isEdited, ownerName } from "../model.ts";
import { NoteDialog } from "../components/NoteDialog.tsx";

const ids = (v: string | null) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

/**
 * /admin/shift-log (office users): every building's notes, or those of the chosen buildings
 * and type, 1000 at a time; Edited after 2 s. Admins may edit and delete any note.
 */
export function Component() {
  usePageTitle("Shift log");
  const [params, setParams] = useSearchParams();
  const buildings = useBuildings();
  const types = useShiftLogTypes({ include_shift_end: true, show_all: true });
  const [open, setOpen] = useState<ShiftLogNote | null>(null);

  const type = params.get("shift_log_type_id") ?? "all";
  const chosen = ids(params.get("buildings"));
  const setFilter = (next: { shift_log_type_id?: string; buildings?: number[] }) =>
    setParams(
      cleanQuery({
        shift_log_type_id: next.shift_log_type_id ?? type,
        buildings: next.buildings ?? chosen,
      }),
      { replace: true },
    );

  const sortedBuildings = useMemo(
    () =>
      [...(buildings.data ?? [])].sort(
        (a, b) => addressNumber(a.address) - addressNumber(b.address) || a.address.localeCompare(b.address),
      ),
    [buildings.data],
  );
  const zones = useMemo(() => new Map(sortedBuildings.map((b) => [b.id, b.time_zone])), [sortedBuildings]);

  const notes = useShiftLogNotes({
    limit: ADMIN_SHIFT_LOG_LIMIT,
    offset: 0,
    ordering: "-date_created",
    include_end_of_shift_notes: true,
    shift_log_type_id: type === "all" ? undefined : type,
    buildings: chosen.length ? chosen : undefined,
  });
  const rows = notes.data?.results ?? [];
  const count = notes.data?.count ?? 0;

  const columns = useMemo<GridColDef<ShiftLogNote>[]>(
    () => [
      {
        field: "date_created",
        headerName: "Date",
        width: 96,
        valueFormatter: (v: string, row) => formatZonedDate(v, zones.get(row.building.id)),
      },
      {
        field: "time",
        headerName: "Time",
        width: 90,
        sortable: false,
        valueGetter: (_v, row) => formatZonedTime(row.date_created, zones.get(row.building.id)),
      },
      { field: "building", headerName: "Building", width: 140, valueGetter: (_v, row) => row.building.name },
      {
        field: "shift_log_type_name",
        headerName: "Type",
        width: 110,
        valueGetter: (_v, row) => (row.is_end_of_shift ? "End of shift" : (row.shift_log_type_name ?? "")),
      },
      {
        field: "units",
        headerName: "Units",
        width: 80,
        valueGetter: (_v, row) =>
          row.apartments.length ? row.apartments.map((a) => a.apartment_number).join(", ") : "None",
      },
      {
        field: "body",
        headerName: "Note",
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => <ClampedText sx={{ lineHeight: 1.45 }}>{row.body}</ClampedText>,
      },
      {
        field: "is_high_priority",
        headerName: "High priority",
        width: 120,
        renderCell: ({ row }) => (row.is_high_priority ? <Chip size="small" color="error" label="High" /> : null),
      },
      { field: "owner", headerName: "Entered by", width: 130, valueGetter: (_v, row) => ownerName(row.owner) },
      {
        field: "edited",
        headerName: "Edited",
        width: 72,
        valueGetter: (_v, row) => (isEdited(row, SHIFT_LOG_ADMIN_EDITED_AFTER_MS) ? "Edited" : ""),
      },
      {
        field: "actions",
        headerName: "Actions",
        width: 72,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            onClick={() => setOpen(row)}
            aria-label={`View note ${row.building.name} ${formatZonedDate(row.date_created, zones.get(row.building.id))} ${formatZonedTime(row.date_created, zones.get(row.building.id))}`}
          >
            View
          </Button>
        ),
      },
    ],
    [zones],
  );

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Shift log
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          role="search"
          aria-label="Shift log filters"
          sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) minmax(0, 2fr)" } }}
        >
          <TextField
            select
            label="Type"
            value={type}
            onChange={(e) => setFilter({ shift_log_type_id: e.target.value })}
            fullWidth
          >
            <MenuItem value="all">All types</MenuItem>
            {(types.data ?? []).map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.name}
                {t.is_active ? "" : " (inactive)"}
              </MenuItem>
            ))}
            {type !== "all" && !(types.data ?? []).some((t) => String(t.id) === type) && (
              <MenuItem value={type}>Type #{type}</MenuItem>
            )}
          </TextField>
          <Autocomplete<Building, true>
            multiple
            disableCloseOnSelect
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
        </Box>
      </Paper>
      {notes.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.failedList(errorMessage(notes.error))}
        </Alert>
      )}
      <Typography role="status" sx={{ mb: 1, color: "text.secondary" }}>
        {notes.data
          ? count > rows.length
            ? `Showing the newest ${rows.length} of ${count} notes`
            : count === 1
              ? "1 note"
              : `${count} notes`
          : "\u00a0"}
      </Typography>
      <DataGrid
        label="Shift log notes"
        rows={rows}
        columns={columns}
        loading={notes.isFetching}
        initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
        pageSizeOptions={[25, 50, 100]}
        getRowHeight={() => "auto"}
        disableColumnMenu
        disableRowSelectionOnClick
        autoHeight
        localeText={{ noRowsLabel: MESSAGES.noMatchingResults }}
        sx={{
          bgcolor: "background.paper",
          "& .MuiDataGrid-cell": { py: 1, lineHeight: 1.45, display: "flex", alignItems: "flex-start" },
          "& .MuiDataGrid-cell .MuiButton-root": { mt: -0.5 },
        }}
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
