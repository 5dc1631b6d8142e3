import { useId, type ReactNode } from "react";
import type { SxProps, Theme } from "@mui/material/styles";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";

export interface FormDialogProps {
  title: ReactNode;
  /** The action's button ('Save', 'Close package'). */
  submitLabel: string;
  /** While saving: the dialog stays open and Cancel waits. */
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  contentSx?: SxProps<Theme>;
  children: ReactNode;
}

/** A small form in a dialog (open while mounted): its fields, Cancel and the action. */
export function FormDialog({ title, submitLabel, busy, onSubmit, onClose, contentSx, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={contentSx}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onSubmit} loading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
