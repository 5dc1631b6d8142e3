import { useCallback, useMemo, useState } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import CancelIcon from "@mui/icons-material/EventBusy";
import CheckInIcon from "@mui/icons-material/HowToReg";
import EditIcon from "@mui/icons-material/Edit";
import type { GridColDef } from "@mui/x-data-grid";
import {
  AMENITY_RESERVATION_COLUMNS as COL,
  AMENITY_RESERVATION_MESSAGES as M,
  AMENITY_RESERVATION_PAGE_SIZE,
  type AmenityReservation,
  canToggleCheckin,
  isEditable,
  showsApproval,
  showsPayment,
} from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import type { QueryParams } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { dayInZone, formatZonedDate, formatZonedTime, inZone } from "../../../lib/zonedDates.ts";
import { useAmenityReservations, useBuildingAmenityTypes } from "../api.ts";
import { dayLabel, KIND_COLOURS, whoOf } from "../model.ts";
import { type DrawerTarget, ReservationDrawer } from "./ReservationDrawer.tsx";
import { useReservationActions } from "./ReservationStatus.tsx";

interface ReservationsTableProps {
  buildingId: number;
  /** Only this amenity type's reservations (its tab, or the type page's Reservations tab). */
  amenityTypeId?: number;
  /** 'Name or apartment'. */
  search?: string;
  /** Opens a reservation (the page's drawer); without it the table keeps its own drawer. */
  onOpen?: (r: AmenityReservation) => void;
}

/**
 * The upcoming amenity reservations (document 3 section 2): Apt - resident, Amenity name, Date
 * ('Today'/'Tomorrow'), Start time, End time (phones: Time), 'Approved?' and 'Payment status'
 * when a type requires them, and the row's actions (edit, cancel, check in). Server-paged.
 */
export function AmenityReservationsTable({ buildingId, amenityTypeId, search, onOpen }: ReservationsTableProps) {
  const can = useCan();
  const mobile = useIsMobile();
  const tz = useBuilding().building?.time_zone;
  const { paging, setPaging } = useListUrl(AMENITY_RESERVATION_PAGE_SIZE);
  const params: QueryParams = {
    upcoming: 1,
    amenity_type: amenityTypeId,
    search: search || undefined,
    limit: paging.limit,
    offset: paging.offset,
  };
  const list = useAmenityReservations(buildingId, params);
  const types = useBuildingAmenityTypes(buildingId);
  const shown = (types.data ?? []).filter((t) => amenityTypeId === undefined || t.id === amenityTypeId);
  const approval = shown.some((t) => t.is_approval_required_for_reservation);
  const payment = shown.some((t) => t.is_payment_required_for_reservation);
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  const open = useCallback(
    (r: AmenityReservation) => (onOpen ? onOpen(r) : setTarget({ mode: "edit", reservation: r })),
    [onOpen],
  );
  const actions = useReservationActions();
  const { toggleCheckin, askCancel } = actions;
  const today = dayInZone(tz);
  const tomorrow = inZone(Date.now(), tz).add(1, "day").format("YYYY-MM-DD");
  const mayBook = can("amenity.book");
  const mayCheckin = can("amenity.checkin");

  const columns = useMemo<GridColDef<AmenityReservation>[]>(
    () => [
      {
        field: "resident",
        headerName: COL.resident,
        flex: 1.4,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Box
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: "50%", flex: "none", bgcolor: KIND_COLOURS[row.amenity_reservation_type].bg }}
            />
            {whoOf(row)}
          </Box>
        ),
      },
      { field: "amenity", headerName: COL.amenity, flex: 1, minWidth: 120, sortable: false, valueGetter: (_, r) => r.amenity.label },
      {
        field: "date",
        headerName: COL.date,
        width: 110,
        sortable: false,
        valueGetter: (_, r) => dayLabel(r.date, today, tomorrow, formatZonedDate(r.start_time, tz)),
      },
      { field: "start", headerName: COL.start, width: 100, sortable: false, valueGetter: (_, r) => formatZonedTime(r.start_time, tz) },
      { field: "end", headerName: COL.end, width: 100, sortable: false, valueGetter: (_, r) => formatZonedTime(r.end_time, tz) },
      {
        field: "time",
        headerName: COL.time,
        width: 150,
        sortable: false,
        valueGetter: (_, r) => `${formatZonedTime(r.start_time, tz)} – ${formatZonedTime(r.end_time, tz)}`,
      },
      {
        field: "approval",
        headerName: COL.approval,
        width: 110,
        sortable: false,
        renderCell: ({ row }) =>
          showsApproval(row) && row.approval_status_display ? (
            <Chip
              size="small"
              label={row.approval_status_display}
              color={row.approval_status === "APPROVED" ? "success" : row.approval_status === "PENDING" ? "warning" : "default"}
            />
          ) : null,
      },
      {
        field: "payment",
        headerName: COL.payment,
        width: 150,
        sortable: false,
        valueGetter: (_, r) => (showsPayment(r) ? r.payment_status_display : ""),
      },
      {
        field: "actions",
        headerName: "",
        width: 130,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: "flex" }}>
            <IconButton size="small" aria-label={`${mayBook ? "Edit" : "Open"} ${whoOf(row)}`} onClick={() => open(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
            {mayCheckin && canToggleCheckin(row) && (
              <Tooltip title={row.is_checked_in ? "Remove check in" : "Check in"}>
                <IconButton
                  size="small"
                  aria-label={`${row.is_checked_in ? "Remove check in" : "Check in"} ${whoOf(row)}`}
                  color={row.is_checked_in ? "success" : "default"}
                  onClick={() => toggleCheckin(row)}
                >
                  <CheckInIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {mayBook && (
              <Tooltip title={isEditable(row) ? "Cancel reservation" : M.checkedInLocked}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Cancel ${whoOf(row)}`}
                    disabled={!isEditable(row)}
                    onClick={() => askCancel(row)}
                  >
                    <CancelIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    [today, tomorrow, tz, mayBook, mayCheckin, open, toggleCheckin, askCancel],
  );
  const hidden = [
    ...(mobile ? ["start", "end"] : ["time"]),
    ...(approval ? [] : ["approval"]),
    ...(payment ? [] : ["payment"]),
  ];

  return (
    <>
      <DataTable
        label="Amenity reservations"
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        countText={(n) => (n === 1 ? "1 reservation" : `${n} reservations`)}
        emptyText="No reservations"
        hiddenColumns={hidden}
        columnsStorageKey="amenity-reservations"
      />
      {actions.dialog}
      {!onOpen && <ReservationDrawer target={target} onClose={() => setTarget(null)} />}
    </>
  );
}
