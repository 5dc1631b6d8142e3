import { useId, type ReactNode } from "react";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import CloseIcon from "@mui/icons-material/Close";
import { MODAL_CLOSE_DELAY_MS } from "@portico/contract";
import { useIsMobile } from "../../../../lib/useIsMobile.ts";

export interface ProfileDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  maxWidth?: "xs" | "sm" | "md";
  /** While saving, Escape and the backdrop do not close it. */
  busy?: boolean;
}

/**
 * The profile's modal frame: a titled dialog with a Close button, full screen on mobile, hiding
 * with the spec's 250 ms delay.
 */
export function ProfileDialog({ open, title, onClose, children, actions, maxWidth = "sm", busy }: ProfileDialogProps) {
  const id = useId();
  const isMobile = useIsMobile();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={isMobile}
      transitionDuration={{ exit: MODAL_CLOSE_DELAY_MS }}
    >
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ position: "absolute", right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {actions}
    </Dialog>
  );
}
