import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import type { GridColDef } from "@mui/x-data-grid";
import { canDecide, ELEVATOR_MESSAGES as M, ELEVATOR_PAGE_SIZE, type ElevatorReservation } from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { NotFound } from "../../../components/NotFound.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useApproveAll, useElevatorReservations } from "../api.ts";
import { DecisionActions } from "../components/DecisionActions.tsx";
import { ReservationFilters } from "../components/ReservationFilters.tsx";
import { RESERVATIONS_TITLE, ReservationsHeader } from "../components/ReservationsHeader.tsx";
import {
  contactOf,
  DEFAULT_ORDERING,
  dayLabel,
  filtersOf,
  flagsOf,
  listQuery,
  reservationFilterErrors,
  reservationPaths,
  SORT_KEYS,
  timeRangeOf,
  urlChangesOf,
} from "../model.ts";

const DESKTOP_ONLY = ["type", "unit", "contact", "start_time", "flags", "date_created"];
const MOBILE_ONLY = ["reservation"];

/** A row's name for screen readers: '4B 11/30/2026 9:00 AM – 10:00 AM'. */
const rowLabel = (r: ElevatorReservation) =>
  `${r.apartment_number ?? contactOf(r)} ${dayLabel(r.reservation_date)} ${timeRangeOf(r)}`;

/**
 * /{building}/reservations/list (document 3 sections 2, 4, 7, 9): the building's service elevator
 * reservations, 30 a page, filtered by status, start dates, unit and type (in the URL with the page
 * and the order). Deciders (elevator.decide) get Approve / Deny / Cancel on REQUESTED rows and may
 * tick several to 'Approve selected'; the others see the status text.
 */
export function Component() {
  usePageTitle(RESERVATIONS_TITLE);
  const can = useCan();
  if (!can("elevator.use")) return <NotFound />;
  return <ListPage />;
}

function ListPage() {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const can = useCan();
  const decider = can("elevator.decide");
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { params, setParams, update, paging, setPaging } = useListUrl(ELEVATOR_PAGE_SIZE);
  const filters = useMemo(() => filtersOf(params), [params]);
  const valid = Object.keys(reservationFilterErrors(filters)).length === 0;
  const list = useElevatorReservations(building, listQuery(params, paging), { enabled: valid });
  const ordering = params.get("ordering") || DEFAULT_ORDERING;
  const approveAll = useApproveAll(building);
  const [selected, setSelected] = useState<number[]>([]);

  const requestedOnPage = useMemo(
    () => (list.data?.results ?? []).filter((r) => canDecide(r.status)).map((r) => r.id),
    [list.data],
  );
  const chosen = selected.filter((id) => requestedOnPage.includes(id));
  const allChosen = requestedOnPage.length > 0 && chosen.length === requestedOnPage.length;

  const approveSelected = () => {
    if (chosen.length === 0) {
      enqueueSnackbar(M.selectAtLeastOne, { variant: "warning" });
      return;
    }
    approveAll.mutate(chosen, {
      onSuccess: (result) => {
        setSelected([]);
        if (result.approved.length) enqueueSnackbar(M.approvedMany(result.approved.length), { variant: "success" });
        if (result.refused.length)
          enqueueSnackbar(
            `${M.refusedMany(result.refused.length)}: ${result.refused.map((r) => r.reason).join("; ")}`,
            {
              variant: "warning",
            },
          );
      },
      onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error", autoHideDuration: 4000 }),
    });
  };

  const columns = useMemo<GridColDef<ElevatorReservation>[]>(() => {
    const cols: GridColDef<ElevatorReservation>[] = [];
    if (decider)
      cols.push({
        field: "select",
        width: 56,
        sortable: false,
        hideable: false,
        renderHeader: () => (
          <Checkbox
            size="small"
            checked={allChosen}
            indeterminate={!allChosen && chosen.length > 0}
            disabled={requestedOnPage.length === 0}
            onChange={() => setSelected(allChosen ? [] : requestedOnPage)}
            slotProps={{ input: { "aria-label": "Select all requested" } }}
          />
        ),
        renderCell: ({ row }) =>
          canDecide(row.status) ? (
            <Checkbox
              size="small"
              checked={chosen.includes(row.id)}
              onClick={(e) => e.stopPropagation()}
              onChange={() =>
                setSelected((s) => (s.includes(row.id) ? s.filter((id) => id !== row.id) : [...s, row.id]))
              }
              slotProps={{ input: { "aria-label": `Select ${rowLabel(row)}` } }}
            />
          ) : null,
      });
    cols.push(
      {
        field: "type",
        headerName: "Type",
        minWidth: 120,
        flex: 0.7,
        sortable: false,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={reservationPaths.edit(building, row.id)}
            onClick={(e) => e.stopPropagation()}
            aria-label={`${row.reservation_type_name} – ${rowLabel(row)}`}
          >
            {row.reservation_type_name}
          </Link>
        ),
      },
      {
        field: "unit",
        headerName: "Unit",
        width: 80,
        sortable: false,
        valueGetter: (_v, r) => r.apartment_number ?? "",
      },
      {
        field: "contact",
        headerName: "Resident / contact",
        minWidth: 160,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <Box>
            {contactOf(row)}
            {(row.custom_phone || row.custom_email) && (
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {[row.custom_phone, row.custom_email].filter(Boolean).join(" · ")}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: "start_time",
        headerName: "Date and time",
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box>
            {dayLabel(row.reservation_date)}
            <Typography variant="body2">{timeRangeOf(row)}</Typography>
          </Box>
        ),
      },
      {
        field: "flags",
        headerName: "Flags",
        minWidth: 150,
        flex: 0.8,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ color: "error.main", fontSize: "0.85rem" }}>
            {flagsOf(row).map((f) => (
              <div key={f}>{f}</div>
            ))}
          </Box>
        ),
      },
      {
        field: "date_created",
        headerName: "Entered",
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box>
            {formatZonedDateTime(row.date_created, tz)}
            {row.entered_by && (
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {row.entered_by}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: "reservation",
        headerName: "Reservation",
        flex: 1,
        minWidth: 160,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {dayLabel(row.reservation_date)} · {timeRangeOf(row)}
            </Typography>
            <Typography variant="body2">
              {[row.reservation_type_name, row.apartment_number, contactOf(row)].filter(Boolean).join(" · ")}
            </Typography>
            {flagsOf(row).map((f) => (
              <Typography key={f} variant="body2" sx={{ color: "error.main" }}>
                {f}
              </Typography>
            ))}
          </Box>
        ),
      },
      {
        field: "status",
        headerName: "Status",
        minWidth: decider && !mobile ? 250 : 110,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => <DecisionActions reservation={row} building={building} label={rowLabel(row)} />,
      },
    );
    return cols;
  }, [building, tz, decider, mobile, chosen, allChosen, requestedOnPage]);

  return (
    <Box>
      <ReservationsHeader building={building} tab="list" />
      <ReservationFilters
        key={params.toString()}
        building={building}
        initial={filters}
        errors={reservationFilterErrors}
        onSearch={(f) => update(urlChangesOf(f))}
        onReset={() => setParams(new URLSearchParams())}
      />
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {M.listError(errorMessage(list.error))}
        </Alert>
      )}
      <DataTable
        label={RESERVATIONS_TITLE}
        columns={columns}
        query={{ ...list, isError: false }}
        paging={paging}
        onPagingChange={setPaging}
        ordering={ordering}
        sortKeys={SORT_KEYS}
        onOrderingChange={(o) => update({ ordering: o, offset: null })}
        countText={(n) => (n === 1 ? "1 reservation" : `${n} reservations`)}
        emptyText={M.noResults}
        columnsStorageKey="elevator-reservations"
        hiddenColumns={mobile ? DESKTOP_ONLY : MOBILE_ONLY}
        onRowClick={({ row }) => void navigate(reservationPaths.edit(building, row.id))}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" } }}
        actions={
          decider && (
            <Button
              size="small"
              variant="contained"
              startIcon={<DoneAllIcon />}
              onClick={approveSelected}
              loading={approveAll.isPending}
              disabled={chosen.length === 0}
            >
              {M.approveSelected}
              {chosen.length ? ` (${chosen.length})` : ""}
            </Button>
          )
        }
      />
    </Box>
  );
}
