import { useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import {
  AMENITY_RESERVATION_MESSAGES as M,
  APPROVAL_STATUS_DISPLAY,
  APPROVAL_STATUSES,
  type AmenityReservation,
  type ApprovalStatus,
  canToggleCheckin,
  isEditable,
  PAYMENT_STATUS_DISPLAY,
  PAYMENT_STATUSES,
  type PaymentStatus,
  showsApproval,
  showsPayment,
} from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Fact } from "../../../components/Fact.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import { useCancelAmenityReservation, useToggleAmenityCheckin, useUpdateAmenityReservation } from "../api.ts";
import { whoOf } from "../model.ts";

/** 'MM/DD/YYYY h:mm a – h:mm a' of a reservation in the building's zone. */
export function timeRangeOf(r: AmenityReservation, tz?: string | null): string {
  return `${formatZonedDate(r.start_time, tz)} ${formatZonedTime(r.start_time, tz)} – ${formatZonedTime(r.end_time, tz)}`;
}

/**
 * A reservation's approval and payment status, changed at once (document 3 section 4): PENDING
 * applies directly, another approval status after 'Change Reservation Status' → 'Confirm Status
 * Change' (the tenant is mailed). Failures: '… Please retry in 10 seconds.'
 */
export function ReservationStatusControls({ reservation: r }: { reservation: AmenityReservation }) {
  const can = useCan();
  const tz = useBuilding().building?.time_zone;
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateAmenityReservation();
  const [approval, setApproval] = useState<ApprovalStatus | null>(r.approval_status);
  const [payment, setPayment] = useState<PaymentStatus | null>(r.payment_status);
  const [asked, setAsked] = useState<ApprovalStatus | null>(null);
  const editable = can("amenity.book") && isEditable(r);
  if (!showsApproval(r) && !showsPayment(r)) return null;

  const saveApproval = (next: ApprovalStatus) => {
    const before = approval;
    setApproval(next);
    update.mutate(
      { id: r.id, body: { approval_status: next } },
      {
        onSuccess: () => enqueueSnackbar(M.statusChanged, { variant: "success" }),
        onError: () => {
          setApproval(before);
          enqueueSnackbar(M.approvalUpdateFailed, { variant: "error" });
        },
        onSettled: () => setAsked(null),
      },
    );
  };
  const savePayment = (next: PaymentStatus) => {
    const before = payment;
    setPayment(next);
    update.mutate(
      { id: r.id, body: { payment_status: next } },
      {
        onSuccess: () => enqueueSnackbar(M.updated, { variant: "success" }),
        onError: () => {
          setPayment(before);
          enqueueSnackbar(M.paymentUpdateFailed, { variant: "error" });
        },
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { sm: "1fr 1fr" } }}>
      {showsApproval(r) && (
        <TextField
          select
          label="Approval status"
          size="small"
          value={approval ?? ""}
          disabled={!editable || update.isPending}
          onChange={(e) => {
            const next = e.target.value as ApprovalStatus;
            if (next === approval) return;
            if (next === "PENDING") saveApproval(next);
            else setAsked(next);
          }}
        >
          {APPROVAL_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {APPROVAL_STATUS_DISPLAY[s]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {showsPayment(r) && (
        <TextField
          select
          label="Payment status"
          size="small"
          value={payment ?? ""}
          disabled={!editable || update.isPending}
          onChange={(e) => savePayment(e.target.value as PaymentStatus)}
        >
          {PAYMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {PAYMENT_STATUS_DISPLAY[s]}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={M.changeStatusTitle}
        confirmLabel={M.confirmStatusChange}
        busy={update.isPending}
        onConfirm={() => asked && saveApproval(asked)}
        onClose={() => setAsked(null)}
      >
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Fact label="Old status">{approval ? APPROVAL_STATUS_DISPLAY[approval] : "—"}</Fact>
          <Fact label="New status">{asked ? APPROVAL_STATUS_DISPLAY[asked] : "—"}</Fact>
          <Fact label="Tenant">{whoOf(r)}</Fact>
          <Fact label="Amenity">{r.amenity.label}</Fact>
          <Fact label="Time">{timeRangeOf(r, tz)}</Fact>
        </Box>
        <Box sx={{ mt: 1.5 }}>{M.statusChangeMailNote}</Box>
      </ConfirmDialog>
    </Box>
  );
}

/** Check in (or remove the check-in) and cancel a reservation, with the confirmation cancel needs. */
export function useReservationActions(onCancelled?: () => void) {
  const { enqueueSnackbar } = useSnackbar();
  const toggle = useToggleAmenityCheckin();
  const cancel = useCancelAmenityReservation();
  const [asked, setAsked] = useState<AmenityReservation | null>(null);
  const toggleCheckin = (r: AmenityReservation) =>
    toggle.mutate(r.id, {
      onSuccess: (next) =>
        enqueueSnackbar((next?.is_checked_in ?? !r.is_checked_in) ? M.checkedIn : M.checkInRemoved, {
          variant: "success",
        }),
      onError: (err) => enqueueSnackbar(errorMessage(err), { variant: "error" }),
    });
  const close = () => {
    cancel.reset();
    setAsked(null);
  };
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title="Cancel reservation"
      confirmLabel="Cancel reservation"
      cancelLabel="Keep it"
      danger
      busy={cancel.isPending}
      error={cancel.isError ? errorMessage(cancel.error) : null}
      onClose={close}
      onConfirm={() =>
        asked &&
        cancel.mutate(asked.id, {
          onSuccess: () => {
            enqueueSnackbar(M.cancelled, { variant: "success" });
            setAsked(null);
            onCancelled?.();
          },
        })
      }
    >
      {M.confirmCancel}
    </ConfirmDialog>
  );
  return { toggleCheckin, toggling: toggle.isPending, askCancel: setAsked, dialog };
}

/** The drawer's Check in / Remove check in and Cancel reservation buttons. */
export function ReservationActions({
  reservation: r,
  onCancelled,
}: {
  reservation: AmenityReservation;
  onCancelled: () => void;
}) {
  const can = useCan();
  const actions = useReservationActions(onCancelled);
  const locked = r.is_checked_in ? M.checkedInLocked : "";
  return (
    <>
      {can("amenity.checkin") && canToggleCheckin(r) && (
        <Button variant="outlined" onClick={() => actions.toggleCheckin(r)} loading={actions.toggling}>
          {r.is_checked_in ? "Remove check in" : "Check in"}
        </Button>
      )}
      {can("amenity.book") && !r.is_cancelled && (
        <Tooltip title={locked}>
          <span>
            <Button color="error" disabled={r.is_checked_in} onClick={() => actions.askCancel(r)}>
              Cancel reservation
            </Button>
          </span>
        </Tooltip>
      )}
      {actions.dialog}
    </>
  );
}
