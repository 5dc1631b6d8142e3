import { useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { MANAGEMENT_NOTE_MESSAGES as M, type ManagementNote } from "@portico/contract";
import { useAcknowledge } from "../api.ts";
import { popupQueue } from "../model.ts";
import { NoteByline } from "./NoteByline.tsx";

/**
 * The notes the user has yet to acknowledge, one by one in a modal (the oldest first), each with
 * 'Acknowledge' and 'Close and read later'. Closed notes stay closed while the dashboard is shown
 * (this component lives as long as the dashboard does) and are asked again on the next visit.
 * A note added while the dashboard is shown arrives through the live topic and joins the queue.
 */
export function AcknowledgePopup({
  building,
  notes,
  unacknowledgedIds,
  tz,
}: {
  building: number;
  notes: readonly ManagementNote[];
  unacknowledgedIds: readonly number[];
  tz?: string | null;
}) {
  const id = useId();
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(() => new Set());
  const acknowledge = useAcknowledge(building);
  const queue = popupQueue(unacknowledgedIds, notes, skipped);
  const note = queue[0];
  const skip = (noteId: number) => {
    acknowledge.reset();
    setSkipped((s) => new Set(s).add(noteId));
  };
  if (!note) return null;
  return (
    <Dialog open aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>
        {M.sectionTitle}
        {queue.length > 1 && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {M.noteOf(1, queue.length)}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        <Typography id={`${id}-body`} sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {note.body}
        </Typography>
        <NoteByline note={note} tz={tz} />
        {acknowledge.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {M.acknowledgeFailed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => skip(note.id)} disabled={acknowledge.isPending}>
          {M.closeAndReadLater}
        </Button>
        <Button
          variant="contained"
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate(note.id, { onSuccess: () => skip(note.id) })}
        >
          {M.acknowledge}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
