import { useEffect, useId, useState } from "react";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Button from "@mui/material/Button";
import Box from "@mui/material/Box";
import CloseIcon from "@mui/icons-material/Close";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { MODAL_CLOSE_DELAY_MS, SHIFT_LOG_EDITED_AFTER_MS, type ShiftLogNote } from "@portico/contract";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { NoteDetail, type NoteView } from "./NoteDetail.tsx";

export interface NoteDialogProps {
  note: ShiftLogNote | null;
  /** The view it opens on. */
  initialView?: NoteView;
  onClose: () => void;
  timeZone?: string | null;
  showBuilding?: boolean;
  editedAfterMs?: number;
}

const TITLES: Record<NoteView, string> = { view: "Shift log note", edit: "Edit note", history: "Note history" };

/** A note in a dialog (search page, dashboard, profile, admin list): view, edit, history, delete. */
export function NoteDialog({
  note,
  initialView = "view",
  onClose,
  timeZone,
  showBuilding,
  editedAfterMs = SHIFT_LOG_EDITED_AFTER_MS,
}: NoteDialogProps) {
  const id = useId();
  const isMobile = useIsMobile();
  const [view, setView] = useState<NoteView>(initialView);
  // The note shown: follows the prop, then the saved version after an edit. Kept while closing.
  const [shown, setShown] = useState<ShiftLogNote | null>(note);
  useEffect(() => {
    if (note) {
      setShown(note);
      setView(initialView);
    }
  }, [note, initialView]);

  return (
    <Dialog
      open={note !== null}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      transitionDuration={{ exit: MODAL_CLOSE_DELAY_MS }}
    >
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {TITLES[view]}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {view !== "view" && (
          <Box sx={{ mb: 2 }}>
            <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => setView("view")}>
              Back to note
            </Button>
          </Box>
        )}
        {shown && (
          <NoteDetail
            note={shown}
            view={view}
            onView={setView}
            onSaved={setShown}
            onDeleted={onClose}
            timeZone={timeZone}
            showBuilding={showBuilding}
            editedAfterMs={editedAfterMs}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
