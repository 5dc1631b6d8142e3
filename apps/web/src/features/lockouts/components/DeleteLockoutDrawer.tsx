import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Lockout, LOCKOUT_LIMITS, LOCKOUT_MESSAGES, LockoutDeleteForm } from "@portico/contract";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useDeleteLockout } from "../api.ts";
import { apartmentOf } from "../model.ts";

/**
 * Delete a lockout (document 2 section 2): a drawer asking for the reason (required), then
 * POST /lockouts/lockouts/{id}/delete/ → 'Lockout deleted!'. The lockout is kept for audit and
 * leaves the lists.
 */
export function DeleteLockoutDrawer({
  lockout,
  timeZone,
  onClose,
}: {
  lockout: Lockout | null;
  timeZone?: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteLockout();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setMissing(null);
    remove.reset();
    onClose();
  };
  const submit = () => {
    if (!lockout) return;
    const parsed = LockoutDeleteForm.safeParse({ delete_reason: reason });
    if (!parsed.success) {
      setMissing(parsed.error.issues[0]?.message ?? LOCKOUT_MESSAGES.reasonRequired);
      return;
    }
    remove.mutate(
      { id: lockout.id, reason: parsed.data.delete_reason },
      {
        onSuccess: () => {
          enqueueSnackbar(LOCKOUT_MESSAGES.deleted, { variant: "success" });
          close();
        },
      },
    );
  };
  const reasonError = missing ?? (serverFieldText(remove.error, "delete_reason") || undefined);
  const other = remove.error ? serverErrorText(remove.error, ["delete_reason"]) : "";

  return (
    <SideDrawer open={lockout !== null} onClose={close} title="Delete lockout">
      {lockout && (
        <Typography>
          {`Unit ${apartmentOf(lockout)}, ${formatZonedDateTime(lockout.date_created, timeZone)}`}
        </Typography>
      )}
      <Box
        component="form"
        aria-label="Delete lockout"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: "grid", gap: 2 }}
      >
        <TextField
          label="Reason"
          name="delete_reason"
          required
          multiline
          minRows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(null);
          }}
          error={!!reasonError}
          helperText={reasonError}
          slotProps={{ htmlInput: { maxLength: LOCKOUT_LIMITS.delete_reason } }}
        />
        {other && <Alert severity="error">{other}</Alert>}
        <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
          <Button onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" loading={remove.isPending}>
            Delete
          </Button>
        </Box>
      </Box>
    </SideDrawer>
  );
}
