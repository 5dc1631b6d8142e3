import { useState } from "react";
import type { GridColDef } from "@mui/x-data-grid";
import { KEY_STATUS_DISPLAY, type KeyJourney, MESSAGES } from "@portico/contract";
import { DataTable, type Paging } from "../../../components/DataTable.tsx";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useKeyJourneys } from "../api.ts";
import { journeyEntityType } from "../model.ts";

const PAGE = 30;

/** The key's journeys (document 3 section 2): status, recipient, photo, out, missing and in times. */
export function KeyJourneyTable({ keyId, building, timeZone }: { keyId: number; building: number; timeZone?: string }) {
  const [paging, setPaging] = useState<Paging>({ limit: PAGE, offset: 0 });
  const journeys = useKeyJourneys({ building, access_key: keyId, ordering: "-key_out_datetime", ...paging });
  const when = (v: string | null | undefined) => (v ? formatZonedDateTime(v, timeZone) : "");
  const columns: GridColDef<KeyJourney>[] = [
    {
      field: "status",
      headerName: "Status",
      width: 110,
      sortable: false,
      valueGetter: (_v, j) => KEY_STATUS_DISPLAY[j.status],
    },
    { field: "readable_key_out_to_name", headerName: "Out to", flex: 1.3, minWidth: 140, sortable: false },
    {
      field: "type",
      headerName: "Type",
      width: 150,
      sortable: false,
      valueGetter: (_v, j) => journeyEntityType(j),
    },
    {
      field: "key_out_photo_url",
      headerName: "Photo",
      width: 80,
      sortable: false,
      renderCell: ({ row }) =>
        row.key_out_photo_url ? (
          <a href={row.key_out_photo_url} target="_blank" rel="noreferrer">
            <img
              src={row.key_out_photo_url}
              alt={`Photo of ${row.readable_key_out_to_name}`}
              style={{ height: 40, width: 32, objectFit: "cover", verticalAlign: "middle" }}
            />
          </a>
        ) : null,
    },
    {
      field: "key_out_datetime",
      headerName: "Out",
      flex: 1,
      minWidth: 120,
      sortable: false,
      valueGetter: (v) => when(v),
    },
    {
      field: "readable_key_out_by_employee",
      headerName: "Handed out by",
      flex: 1,
      minWidth: 120,
      sortable: false,
    },
    {
      field: "key_declared_missing_datetime",
      headerName: "Missing since",
      flex: 1,
      minWidth: 120,
      sortable: false,
      valueGetter: (v) => when(v),
    },
    {
      field: "key_in_datetime",
      headerName: "In",
      flex: 1,
      minWidth: 120,
      sortable: false,
      valueGetter: (v) => when(v),
    },
  ];
  return (
    <DataTable
      label="Key journeys"
      columns={columns}
      query={journeys}
      paging={paging}
      onPagingChange={setPaging}
      countText={(n) => `${n} journey${n === 1 ? "" : "s"}`}
      emptyText={MESSAGES.noResults}
    />
  );
}
