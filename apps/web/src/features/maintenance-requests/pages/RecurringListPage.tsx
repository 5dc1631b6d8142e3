import { useMemo } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Switch from "@mui/material/Switch";
import AddIcon from "@mui/icons-material/Add";
import type { GridColDef } from "@mui/x-data-grid";
import { RECURRING_MESSAGES, RECURRING_PAGE_SIZE, type RecurringRequest } from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { RowActions, useConfirmDelete } from "../../../components/RowActions.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { formatDate } from "../../../lib/dates.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useDeleteRecurringRequest, useRecurringRequests, useUpdateRecurringRequest } from "../api.ts";
import { maintenancePaths } from "../model.ts";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";

const DESKTOP_ONLY = ["type", "interval", "next"];
const createPath = (building: number) => `/${building}/maintenance/recurring-requests/create`;

export const Component = maintenanceScreen(Page);

/**
 * /{building}/maintenance/recurring-requests/list (document 2 sections 2, 4): the building's
 * schedules by name (active ones unless 'Include inactive' is ticked, in the URL): name, unit,
 * type, interval, next scheduled date, an Active switch, how many requests each made (a link to
 * them, every status), edit and delete (the requests it made stay).
 */
function Page() {
  usePageTitle("Recurring maintenance requests");
  const { id: building } = useBuilding();
  const mobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const { params, paging, setPaging, update } = useListUrl(RECURRING_PAGE_SIZE);
  const includeInactive = params.get("include_inactive") === "true";
  const list = useRecurringRequests(building, {
    include_inactive: includeInactive || undefined,
    limit: paging.limit,
    offset: paging.offset,
  });
  const toggle = useUpdateRecurringRequest(building);
  const remove = useConfirmDelete<RecurringRequest>({
    mutation: useDeleteRecurringRequest(building),
    nameOf: (r) => r.name,
    message: RECURRING_MESSAGES.confirmDelete,
    deleted: RECURRING_MESSAGES.deleted,
  });
  const ask = remove.ask;

  const columns = useMemo<GridColDef<RecurringRequest>[]>(
    () => [
      {
        field: "name",
        headerName: "Name",
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={maintenancePaths.recurringEdit(building, row.id)} sx={{ fontWeight: 600 }}>
            {row.name}
          </Link>
        ),
      },
      { field: "apartment_number", headerName: "Unit", width: 100, sortable: false },
      { field: "type", headerName: "Type", width: 160, sortable: false, valueGetter: (_v, row) => row.maintenance_request_type_name },
      { field: "interval", headerName: "Interval", width: 110, sortable: false, valueGetter: (_v, row) => row.interval_display },
      {
        field: "next",
        headerName: "Next scheduled",
        width: 140,
        sortable: false,
        valueGetter: (_v, row) => (row.next_scheduled_date ? formatDate(row.next_scheduled_date) : "—"),
      },
      {
        field: "is_active",
        headerName: "Active",
        width: 90,
        sortable: false,
        renderCell: ({ row }) => (
          <Switch
            checked={row.is_active}
            disabled={toggle.isPending && toggle.variables?.id === row.id}
            onChange={(e) =>
              toggle.mutate(
                { id: row.id, body: { is_active: e.target.checked } },
                {
                  onSuccess: (saved) =>
                    enqueueSnackbar(`${saved.name} ${saved.is_active ? "activated" : "deactivated"}`, {
                      variant: "success",
                    }),
                  onError: (err) => enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }),
                },
              )
            }
            slotProps={{ input: { "aria-label": `Active: ${row.name}` } }}
          />
        ),
      },
      {
        field: "maintenance_request_count",
        headerName: "Requests",
        width: 100,
        align: "right",
        headerAlign: "right",
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={maintenancePaths.recurringRequests(building, row.id)}
            aria-label={`${row.maintenance_request_count} requests made by ${row.name}`}
          >
            {row.maintenance_request_count}
          </Link>
        ),
      },
      {
        field: "actions",
        headerName: "",
        width: 96,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <RowActions
            name={row.name}
            editTo={maintenancePaths.recurringEdit(building, row.id)}
            onDelete={() => ask(row)}
          />
        ),
      },
    ],
    [building, toggle, enqueueSnackbar, ask],
  );

  return (
    <Box>
      <PageHeader
        title="Recurring maintenance requests"
        back={{ to: maintenancePaths.list(building), label: "Maintenance requests" }}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={createPath(building)}>
            New recurring request
          </Button>
        }
      />
      <FormControlLabel
        sx={{ mb: 1 }}
        label="Include inactive"
        control={
          <Checkbox
            checked={includeInactive}
            onChange={(e) => update({ include_inactive: e.target.checked ? "true" : null, offset: null })}
          />
        }
      />
      <DataTable
        label="Recurring maintenance requests"
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        countText={(n) => (n === 1 ? "1 recurring request" : `${n} recurring requests`)}
        emptyText={RECURRING_MESSAGES.empty}
        hiddenColumns={mobile ? DESKTOP_ONLY : []}
        columnsStorageKey="recurring-requests"
      />
      {remove.dialog}
    </Box>
  );
}
