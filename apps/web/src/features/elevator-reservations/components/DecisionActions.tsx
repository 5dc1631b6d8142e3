import { useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { canDecide, ELEVATOR_LIMITS, ELEVATOR_MESSAGES as M, type ElevatorReservation } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useCan } from "../../../lib/session.tsx";
import { useDecideElevatorReservation } from "../api.ts";

/**
 * A reservation's decisions (document 3 sections 4 and 6): for a REQUESTED one, and only for who
 * may decide (elevator.decide), Approve, Deny (asks a reason; an empty one sends nothing; a failure
 * reads 'Unable to deny service elevator reservation') and Cancel (after confirming). Otherwise the
 * status text only.
 */
export function DecisionActions({
  reservation: r,
  building,
  label,
}: {
  reservation: ElevatorReservation;
  building: number;
  /** Names the buttons for screen readers ('Approve 4B 11/30/2026'). */
  label: string;
}) {
  const can = useCan();
  const { enqueueSnackbar } = useSnackbar();
  const decide = useDecideElevatorReservation(building);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState("");
  const [cancelling, setCancelling] = useState(false);
  if (!canDecide(r.status) || !can("elevator.decide"))
    return <Typography variant="body2">{r.status_display}</Typography>;

  const failed = (message: string) => enqueueSnackbar(message, { variant: "error", autoHideDuration: 4000 });
  const approve = () =>
    decide.mutate(
      { action: "approve", id: r.id },
      {
        onSuccess: () => enqueueSnackbar(M.approved, { variant: "success" }),
        onError: (e) => failed(errorMessage(e)),
      },
    );
  const deny = () => {
    const text = reason.trim();
    setDenying(false);
    if (!text) return;
    decide.mutate(
      { action: "deny", id: r.id, deny_reason: text },
      { onSuccess: () => enqueueSnackbar(M.denied, { variant: "success" }), onError: () => failed(M.denyFailed) },
    );
  };
  const cancel = () =>
    decide.mutate(
      { action: "cancel", id: r.id },
      {
        onSuccess: () => {
          setCancelling(false);
          enqueueSnackbar(M.cancelled, { variant: "success" });
        },
        onError: (e) => {
          setCancelling(false);
          failed(errorMessage(e));
        },
      },
    );

  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="contained"
        onClick={approve}
        disabled={decide.isPending}
        aria-label={`Approve ${label}`}
      >
        Approve
      </Button>
      <Button
        size="small"
        variant="outlined"
        onClick={() => {
          setReason("");
          setDenying(true);
        }}
        disabled={decide.isPending}
        aria-label={`Deny ${label}`}
      >
        Deny
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => setCancelling(true)}
        disabled={decide.isPending}
        aria-label={`Cancel ${label}`}
      >
        Cancel
      </Button>
      <Dialog open={denying} onClose={() => setDenying(false)} maxWidth="xs" fullWidth aria-labelledby={`deny-${r.id}`}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            deny();
          }}
        >
          <DialogTitle id={`deny-${r.id}`}>Deny reservation</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label={M.denyPrompt}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: ELEVATOR_LIMITS.deny_reason } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDenying(false)}>Back</Button>
            <Button type="submit" variant="contained" color="error">
              Deny
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={cancelling}
        title="Cancel reservation"
        confirmLabel="Cancel reservation"
        cancelLabel="Keep it"
        danger
        busy={decide.isPending}
        onConfirm={cancel}
        onClose={() => setCancelling(false)}
      >
        {M.confirmCancel}
      </ConfirmDialog>
    </Box>
  );
}
