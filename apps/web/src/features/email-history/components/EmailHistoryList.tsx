import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import type { GridColDef } from "@mui/x-data-grid";
import {
  EMAIL_HISTORY_MESSAGES as M,
  EMAIL_HISTORY_PAGE_SIZE,
  EMAIL_RECORD_TYPE_TABS,
  type EmailRecord,
  type EmailRecordType,
} from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { FilterBar } from "../../../components/FilterBar.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useEmailRecords } from "../api.ts";
import { filtersOf, type HistoryFilters, recordPath, recordsQuery, urlChangesOf } from "../model.ts";
import { StateSummary } from "./StateChips.tsx";

const DESKTOP_ONLY = ["sender", "recipient_count", "attachments"];

/**
 * The email history of one record type (Memos, Letters, Notifications; document 3 sections 2
 * and 7): 50 a page, newest first, searched by subject and text or by sender or recipient (in the
 * URL, with Reset), optionally for one resident (occupant_id). A row opens the record.
 */
export function EmailHistoryList({ type, occupantId }: { type: EmailRecordType; occupantId?: number | null }) {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { params, setParams, update, paging, setPaging } = useListUrl(EMAIL_HISTORY_PAGE_SIZE);
  const filters = useMemo(() => filtersOf(params), [params]);
  const list = useEmailRecords(building, recordsQuery(type, params, paging, occupantId));
  const label = `${EMAIL_RECORD_TYPE_TABS[type]} history`;

  const reset = () => {
    const next = new URLSearchParams();
    for (const k of ["tab", "type", "occupant_id"]) {
      const v = params.get(k);
      if (v) next.set(k, v);
    }
    setParams(next);
  };

  const columns = useMemo<GridColDef<EmailRecord>[]>(
    () => [
      {
        field: "date_created",
        headerName: "Date",
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, r) => formatZonedDateTime(r.date_created, tz),
      },
      {
        field: "subject",
        headerName: "Subject",
        flex: 1.4,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={recordPath(building, row.id)}
              onClick={(e) => e.stopPropagation()}
              sx={{ display: "block", overflow: "hidden", textOverflow: "ellipsis" }}
            >
              {row.subject || M.noSubject}
            </Link>
            {mobile && (
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {row.sender_name || row.sender_email} · {row.recipient_count}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: "sender",
        headerName: "Sender",
        flex: 1,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <div>{row.sender_name}</div>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {row.sender_email}
            </Typography>
          </Box>
        ),
      },
      {
        field: "recipient_count",
        headerName: "Recipients",
        width: 100,
        sortable: false,
        type: "number",
      },
      {
        field: "states",
        headerName: "Delivery",
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => <StateSummary record={row} />,
      },
      {
        field: "attachments",
        headerName: "Attachments",
        width: 110,
        sortable: false,
        renderCell: ({ row }) =>
          row.attachment_set.length > 0 ? (
            <Box
              sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
              aria-label={`${row.attachment_set.length} attachment(s)`}
            >
              <AttachFileIcon fontSize="small" aria-hidden />
              {row.attachment_set.length}
            </Box>
          ) : null,
      },
    ],
    [building, tz, mobile],
  );

  return (
    <Box>
      {occupantId ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => update({ occupant_id: null, offset: null })}>
              {M.showAll}
            </Button>
          }
        >
          {M.residentFilter}
        </Alert>
      ) : null}
      <HistoryFilterBar
        key={params.toString()}
        initial={filters}
        onSearch={(f) => update(urlChangesOf(f))}
        onReset={reset}
      />
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {M.listError(errorMessage(list.error))}
        </Alert>
      )}
      <DataTable
        label={label}
        columns={columns}
        query={{ ...list, isError: false }}
        paging={paging}
        onPagingChange={setPaging}
        pageSizes={[EMAIL_HISTORY_PAGE_SIZE]}
        countText={(n) => (n === 1 ? "1 email" : `${n} emails`)}
        emptyText={M.noResults}
        columnsStorageKey="email-history"
        hiddenColumns={mobile ? DESKTOP_ONLY : []}
        onRowClick={({ row }) => void navigate(recordPath(building, row.id))}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" } }}
      />
    </Box>
  );
}

/** Search (subject and text) and sender or recipient; they apply on Search. */
function HistoryFilterBar({
  initial,
  onSearch,
  onReset,
}: {
  initial: HistoryFilters;
  onSearch: (f: HistoryFilters) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <FilterBar label="Email history filters" onSubmit={submit} onReset={onReset} columns={{ xs: 1, sm: 2, lg: 3 }}>
      <TextField
        label={M.searchLabel}
        name="search"
        value={draft.search}
        onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
      />
      <TextField
        label={M.senderOrRecipientLabel}
        name="sender_or_recipient"
        value={draft.sender_or_recipient}
        onChange={(e) => setDraft((d) => ({ ...d, sender_or_recipient: e.target.value }))}
      />
    </FilterBar>
  );
}
