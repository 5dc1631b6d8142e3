import { useMemo, useState } from "react";
import Link from "@mui/material/Link";
import type { GridColDef } from "@mui/x-data-grid";
import { EMAIL_HISTORY_MESSAGES as M, EMAIL_RECIPIENTS_PAGE_SIZE, type EmailRecipient } from "@portico/contract";
import { DataTable, type Paging } from "../../../components/DataTable.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useRecordRecipients } from "../api.ts";
import { StateChip } from "./StateChips.tsx";

const ADDRESS_COLUMNS = ["email", "current_email"];

/**
 * A record's recipients (unit, name, e-mail, current e-mail, state, reason, opens), 50 a page
 * from the server. The address columns are left out when the server withholds every address
 * (callers without occupant.view_email); a row without an address says 'No email'.
 */
export function RecordRecipients({ recordId, building }: { recordId: number; building: number }) {
  const [paging, setPaging] = useState<Paging>({ limit: EMAIL_RECIPIENTS_PAGE_SIZE, offset: 0 });
  const query = useRecordRecipients(recordId, {
    limit: paging.limit,
    offset: paging.offset || undefined,
  });
  const rows = query.data?.results ?? [];
  const showsAddresses = rows.some((r) => r.email !== null || r.current_email !== null);

  const columns = useMemo<GridColDef<EmailRecipient>[]>(
    () => [
      {
        field: "apartment_number",
        headerName: "Unit",
        width: 90,
        sortable: false,
        renderCell: ({ row }) =>
          row.occupancy_id && row.apartment_number ? (
            <Link component={RouterLink} to={`/${building}/manage/unit-profiles/${row.occupancy_id}`}>
              {row.apartment_number}
            </Link>
          ) : (
            (row.apartment_number ?? "")
          ),
      },
      { field: "name", headerName: "Name", flex: 1, minWidth: 140, sortable: false },
      {
        field: "email",
        headerName: "Email",
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, r) => (r.has_email ? (r.email ?? "") : M.noEmail),
      },
      {
        field: "current_email",
        headerName: "Current email",
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, r) => r.current_email ?? "",
      },
      {
        field: "mandrill_state",
        headerName: "State",
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <StateChip state={row.mandrill_state} />,
      },
      {
        field: "mandrill_reject_reason",
        headerName: "Reason",
        flex: 1,
        minWidth: 150,
        sortable: false,
      },
      { field: "opens", headerName: "Opens", width: 80, type: "number", sortable: false },
    ],
    [building],
  );

  return (
    <DataTable
      label="Recipients"
      columns={columns}
      query={query}
      paging={paging}
      onPagingChange={setPaging}
      pageSizes={[EMAIL_RECIPIENTS_PAGE_SIZE]}
      countText={(n) => (n === 1 ? "1 recipient" : `${n} recipients`)}
      emptyText={M.noRecipients}
      hiddenColumns={showsAddresses ? [] : ADDRESS_COLUMNS}
    />
  );
}
