import type { GridColDef } from "@mui/x-data-grid";
import { formatZonedDate, formatZonedDateTime, formatZonedTime } from "../lib/zonedDates.ts";

/**
 * The columns a log of the desk starts with: Date, Time (Date/time on a phone) and Entered by,
 * all in the building's time zone and not sortable. Widths per list.
 */
export function createdColumns<R extends { date_created: string }>(
  tz: string | undefined,
  enteredBy: (row: R) => string,
  widths: { date: number; time: number; enteredBy: number },
): GridColDef<R>[] {
  return [
    {
      field: "date",
      headerName: "Date",
      width: widths.date,
      sortable: false,
      valueGetter: (_v, row) => formatZonedDate(row.date_created, tz),
    },
    {
      field: "time",
      headerName: "Time",
      width: widths.time,
      sortable: false,
      valueGetter: (_v, row) => formatZonedTime(row.date_created, tz),
    },
    {
      field: "datetime",
      headerName: "Date/time",
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => formatZonedDateTime(row.date_created, tz),
    },
    {
      field: "entered_by",
      headerName: "Entered by",
      width: widths.enteredBy,
      sortable: false,
      valueGetter: (_v, row) => enteredBy(row),
    },
  ];
}
