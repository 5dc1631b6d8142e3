import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button, { type ButtonProps } from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import { RouterLink } from "./RouterLink.tsx";

export interface PageFormActionsProps {
  /** Where Cancel goes. */
  cancelTo: string;
  submitting: boolean;
  /** A form-wide error (`errors.root.serverError`), shown above the buttons. */
  error?: string;
  /** More for the Save button (disabled, aria-describedby…). */
  submit?: ButtonProps;
  /** The buttons sit right under what comes before them (no top margin). */
  flush?: boolean;
}

/** The foot of a form page: its form-wide error, then Cancel (a link) and Save on the right. */
export function PageFormActions({ cancelTo, submitting, error, submit, flush }: PageFormActionsProps) {
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: flush ? undefined : 2 }}>
        <Button component={RouterLink} to={cancelTo}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" loading={submitting} {...submit}>
          Save
        </Button>
      </Box>
    </>
  );
}

export interface DialogFormActionsProps {
  onCancel: () => void;
  busy: boolean;
  /** The main button's text; it submits the form unless `submit` says otherwise. */
  label: ReactNode;
  submit?: ButtonProps;
  cancelAutoFocus?: boolean;
}

/** Cancel and the main button at the foot of a form inside a dialog's content. */
export function DialogFormActions({ onCancel, busy, label, submit, cancelAutoFocus }: DialogFormActionsProps) {
  return (
    <DialogActions sx={{ px: 0, pb: 0, pt: 2 }}>
      <Button onClick={onCancel} disabled={busy} autoFocus={cancelAutoFocus}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={busy} {...submit}>
        {label}
      </Button>
    </DialogActions>
  );
}
