import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Switch from "@mui/material/Switch";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import EventRepeatIcon from "@mui/icons-material/EventRepeat";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import HistoryIcon from "@mui/icons-material/History";
import PrintIcon from "@mui/icons-material/Print";
import StorefrontIcon from "@mui/icons-material/Storefront";
import type { GridColDef } from "@mui/x-data-grid";
import {
  MAINTENANCE_EXPORT_LIMIT,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_PAGE_SIZE,
  type MaintenanceRequestListItem as MaintenanceRequest,
  MESSAGES,
} from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { visuallyHidden } from "../../../components/visuallyHidden.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate } from "../../../lib/zonedDates.ts";
import { exportMaintenanceRequests, useMaintenanceRequests } from "../api.ts";
import { CommentLine } from "../components/CommentLine.tsx";
import { MaintenanceFilters } from "../components/MaintenanceFilters.tsx";
import {
  exportBlocked,
  exportQuery,
  filtersOf,
  listQuery,
  maintenanceFilterErrors,
  maintenancePaths,
  personName,
  printSearch,
  SORT_KEYS,
  DEFAULT_ORDERING,
  statusLabel,
  toggleAll,
  toggleOne,
  urlChangesOf,
} from "../model.ts";

const TITLE = "Maintenance requests";
/** How many of a request's latest comments Show comments lists under it. */
const LATEST_COMMENTS = 3;

const DESKTOP_ONLY = ["id", "unit", "type", "entered_by", "assigned_to", "pte", "priority", "status", "date_closed"];
const MOBILE_ONLY = ["request"];

/**
 * /{building}/maintenance/requests/list (document 2 section 2): the building's requests, 30 a
 * page, filtered by section 3's filters (in the URL with the page and the order), refreshed each
 * minute; a row opens its request. Columns Req #, Unit, Request type, Entered by, Assigned to,
 * PTE?, Priority, Status, Opened on and Closed on (the last two sort); phones show one card a row.
 * Actions: Activity feed, Vendors list, Recurring maintenance requests, New maintenance request,
 * Print, Bulk print (select mode), Export to Excel (not when empty or above 3000) and
 * Show/Hide comments.
 */
export const Component = maintenanceScreen(Page);

function Page() {
  usePageTitle(TITLE);
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { params, setParams, update, paging, setPaging } = useListUrl(MAINTENANCE_PAGE_SIZE);
  const filters = useMemo(() => filtersOf(params), [params]);
  const valid = Object.keys(maintenanceFilterErrors(filters)).length === 0;
  const list = useMaintenanceRequests(building, listQuery(params, paging), { enabled: valid });
  const ordering = params.get("ordering") || DEFAULT_ORDERING;
  const showComments = params.get("comments") === "show";

  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [selectError, setSelectError] = useState(false);
  const [exporting, setExporting] = useState(false);

  const pageIds = useMemo(() => (list.data?.results ?? []).map((r) => r.id), [list.data]);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const someOnPage = pageIds.some((id) => selected.includes(id));

  const choose = (next: number[]) => {
    setSelected(next);
    if (next.length) setSelectError(false);
  };
  const bulkPrint = () => {
    if (selected.length === 0) {
      setSelectError(true);
      return;
    }
    void navigate(maintenancePaths.bulkPrint(building, selected));
  };
  const stopSelecting = () => {
    setSelecting(false);
    setSelected([]);
    setSelectError(false);
  };

  const count = list.data?.count;
  const blocked = exportBlocked(count, MAINTENANCE_EXPORT_LIMIT, MAINTENANCE_MESSAGES.exportLimit);
  const download = () => {
    setExporting(true);
    exportMaintenanceRequests(building, exportQuery(params))
      .catch((err: unknown) => enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }))
      .finally(() => setExporting(false));
  };

  const columns = useMemo<GridColDef<MaintenanceRequest>[]>(() => {
    const detailLink = (row: MaintenanceRequest) => (
      <Link
        component={RouterLink}
        to={maintenancePaths.detail(building, row.id)}
        onClick={(e) => e.stopPropagation()}
        aria-label={`Request ${row.id}`}
      >
        {row.id}
      </Link>
    );
    const cols: GridColDef<MaintenanceRequest>[] = [];
    if (selecting)
      cols.push({
        field: "select",
        width: 56,
        sortable: false,
        hideable: false,
        renderHeader: () => (
          <Checkbox
            size="small"
            checked={allOnPage}
            indeterminate={!allOnPage && someOnPage}
            onChange={() => choose(toggleAll(selected, pageIds))}
            slotProps={{ input: { "aria-label": "Select all" } }}
          />
        ),
        renderCell: ({ row }) => (
          <Checkbox
            size="small"
            checked={selected.includes(row.id)}
            onClick={(e) => e.stopPropagation()}
            onChange={() => choose(toggleOne(selected, row.id))}
            slotProps={{ input: { "aria-label": `Select request ${row.id}` } }}
          />
        ),
      });
    cols.push(
      { field: "id", headerName: "Req #", width: 70, sortable: false, renderCell: ({ row }) => detailLink(row) },
      {
        field: "unit",
        headerName: "Unit",
        width: 75,
        sortable: false,
        valueGetter: (_v, row) => row.apartment_number,
      },
      {
        field: "type",
        headerName: showComments ? "Request type and latest comments" : "Request type",
        flex: 1,
        minWidth: showComments ? 220 : 130,
        sortable: false,
        valueGetter: (_v, row) => row.maintenance_request_type_name,
        renderCell: ({ row }) =>
          showComments ? (
            <Box sx={{ py: 0.5, width: "100%" }}>
              {row.maintenance_request_type_name}
              <LatestComments request={row} timeZone={tz} />
            </Box>
          ) : (
            row.maintenance_request_type_name
          ),
      },
      {
        field: "entered_by",
        headerName: "Entered by",
        width: 125,
        sortable: false,
        valueGetter: (_v, row) => personName(row.entered_by),
      },
      {
        field: "assigned_to",
        headerName: "Assigned to",
        width: 125,
        sortable: false,
        valueGetter: (_v, row) => row.employee_name ?? "",
      },
      {
        field: "pte",
        headerName: "PTE?",
        width: 62,
        sortable: false,
        valueGetter: (_v, row) => (row.is_permission_to_enter ? "Yes" : "No"),
      },
      {
        field: "priority",
        headerName: "Priority",
        width: 80,
        sortable: false,
        renderCell: ({ row }) =>
          row.is_high_priority ? (
            <Typography component="span" sx={{ color: "error.dark", fontWeight: 600 }}>
              High
            </Typography>
          ) : (
            "Normal"
          ),
      },
      {
        field: "status",
        headerName: "Status",
        width: 145,
        sortable: false,
        valueGetter: (_v, row) => statusLabel(row),
      },
      {
        field: "request",
        headerName: "Request",
        flex: 1,
        minWidth: 180,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {detailLink(row)} · {row.apartment_number}
              {row.is_high_priority ? " · High" : ""}
            </Typography>
            <Typography variant="body2">{row.maintenance_request_type_name}</Typography>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {statusLabel(row)}
              {row.date_closed ? ` on ${formatZonedDate(row.date_closed, tz)}` : ""}
              {row.employee_name ? ` · ${row.employee_name}` : ""}
            </Typography>
            {showComments && <LatestComments request={row} timeZone={tz} />}
          </Box>
        ),
      },
      {
        field: "date_opened",
        headerName: "Opened on",
        width: 105,
        valueGetter: (_v, row) => formatZonedDate(row.date_opened, tz),
      },
      {
        field: "date_closed",
        headerName: "Closed on",
        width: 105,
        valueGetter: (_v, row) => formatZonedDate(row.date_closed, tz),
      },
    );
    return cols;
  }, [building, tz, selecting, selected, pageIds, allOnPage, someOnPage, showComments]);

  const exportButton = (
    <Tooltip title={blocked ?? ""}>
      <span>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadIcon />}
          onClick={download}
          loading={exporting}
          disabled={blocked !== null || list.isFetching}
          aria-describedby={blocked ? "maintenance-export-limit" : undefined}
        >
          Export to Excel
        </Button>
        {blocked && (
          <Box component="span" id="maintenance-export-limit" sx={visuallyHidden}>
            {blocked}
          </Box>
        )}
      </span>
    </Tooltip>
  );

  return (
    <Box>
      <PageHeader
        title={TITLE}
        actions={
          <>
            {[
              { to: maintenancePaths.activity(building), icon: <HistoryIcon />, label: "Activity feed" },
              { to: maintenancePaths.vendors(building), icon: <StorefrontIcon />, label: "Vendors list" },
              {
                to: maintenancePaths.recurringList(building),
                icon: <EventRepeatIcon />,
                label: "Recurring maintenance requests",
              },
            ].map((l) => (
              <Button key={l.to} size="small" component={RouterLink} to={l.to} startIcon={l.icon}>
                {l.label}
              </Button>
            ))}
            <Button
              variant="contained"
              component={RouterLink}
              to={maintenancePaths.create(building)}
              startIcon={<AddIcon />}
            >
              New maintenance request
            </Button>
          </>
        }
      />
      <MaintenanceFilters
        key={params.toString()}
        building={building}
        initial={filters}
        onSearch={(f) => update(urlChangesOf(f))}
        onReset={() => setParams(new URLSearchParams(showComments ? { comments: "show" } : {}))}
      />
      {selecting && (
        <Alert
          severity={selectError ? "error" : "info"}
          role={selectError ? "alert" : undefined}
          sx={{ mb: 2 }}
          className="print-hide"
        >
          {selectError
            ? MAINTENANCE_MESSAGES.selectAtLeastOne
            : "Tick the requests to print, then Bulk Print. Choices are kept across pages."}
        </Alert>
      )}
      <DataTable
        label={TITLE}
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        ordering={ordering}
        sortKeys={SORT_KEYS}
        onOrderingChange={(o) => update({ ordering: o, offset: null })}
        countText={(n) => (n === 1 ? "1 request" : `${n} requests`)}
        emptyText={valid ? MESSAGES.noMatchingResults : MESSAGES.fixDatesToSearch}
        hiddenColumns={mobile ? DESKTOP_ONLY : MOBILE_ONLY}
        columnsStorageKey="maintenance-requests"
        align={showComments ? "flex-start" : "center"}
        onRowClick={({ row }) => {
          if (selecting) choose(toggleOne(selected, row.id));
          else void navigate(maintenancePaths.detail(building, row.id));
        }}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" } }}
        actions={
          <>
            <FormControlLabel
              sx={{ mr: 0 }}
              control={
                <Switch
                  size="small"
                  checked={showComments}
                  onChange={(e) => update({ comments: e.target.checked ? "show" : null })}
                />
              }
              label={showComments ? "Hide comments" : "Show comments"}
            />
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={maintenancePaths.print(building, printSearch(params))}
              startIcon={<PrintIcon />}
            >
              Print
            </Button>
            {selecting ? (
              <>
                <Button size="small" variant="contained" startIcon={<PrintIcon />} onClick={bulkPrint}>
                  {MAINTENANCE_MESSAGES.bulkPrint(selected.length)}
                </Button>
                <Button size="small" onClick={stopSelecting}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button size="small" variant="outlined" startIcon={<PrintIcon />} onClick={() => setSelecting(true)}>
                Bulk print
              </Button>
            )}
            {exportButton}
          </>
        }
      />
    </Box>
  );
}

/** The request's latest comments, newest first (private ones marked). */
function LatestComments({ request, timeZone }: { request: MaintenanceRequest; timeZone?: string }) {
  const latest = [...(request.comments ?? [])]
    .sort((a, b) => b.date_created.localeCompare(a.date_created))
    .slice(0, LATEST_COMMENTS);
  if (latest.length === 0)
    return (
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5 }}>
        No comments
      </Typography>
    );
  return (
    <Box
      component="ul"
      aria-label={`Latest comments of request ${request.id}`}
      sx={{ listStyle: "none", p: 0, m: 0, mt: 0.5, display: "grid", gap: 0.5 }}
    >
      {latest.map((c) => (
        <Box component="li" key={c.id} sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <CommentLine comment={c} timeZone={timeZone} />
        </Box>
      ))}
    </Box>
  );
}
