import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import type { GridColDef } from "@mui/x-data-grid";
import type { ShiftLogNote } from "@portico/contract";
import { ClampedText } from "../../../components/ClampedText.tsx";
import { formatZonedDate } from "../../../lib/zonedDates.ts";
import { isEdited, ownerName } from "../model.ts";

export interface NoteColumnsOptions {
  /** The note's time zone (its building's). */
  zoneOf: (note: ShiftLogNote) => string | null | undefined;
  /** The Time column's text, and its width. */
  timeOf: (note: ShiftLogNote) => string;
  timeWidth: number;
  /** A Building column after Time (notes of several buildings). */
  withBuilding?: boolean;
  /** Notes changed later than this after their creation are 'Edited'. */
  editedAfterMs?: number;
  /** The View button's label ('View note 11/21/2025 9:05 PM') and action. */
  viewLabel: (note: ShiftLogNote) => string;
  onView: (note: ShiftLogNote) => void;
}

/** The columns of a list of shift log notes (search page and admin list). */
export function noteColumns({
  zoneOf,
  timeOf,
  timeWidth,
  withBuilding,
  editedAfterMs,
  viewLabel,
  onView,
}: NoteColumnsOptions): GridColDef<ShiftLogNote>[] {
  const building: GridColDef<ShiftLogNote>[] = withBuilding
    ? [{ field: "building", headerName: "Building", width: 140, valueGetter: (_v, row) => row.building.name }]
    : [];
  return [
    {
      field: "date_created",
      headerName: "Date",
      width: 96,
      valueFormatter: (v: string, row) => formatZonedDate(v, zoneOf(row)),
    },
    { field: "time", headerName: "Time", width: timeWidth, sortable: false, valueGetter: (_v, row) => timeOf(row) },
    ...building,
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
      sortable: false,
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
      sortable: false,
      valueGetter: (_v, row) => (isEdited(row, editedAfterMs) ? "Edited" : ""),
    },
    {
      field: "actions",
      headerName: "Actions",
      width: 72,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => onView(row)} aria-label={viewLabel(row)}>
          View
        </Button>
      ),
    },
  ];
}
