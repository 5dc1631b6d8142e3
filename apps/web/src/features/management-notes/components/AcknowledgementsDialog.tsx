import { useId } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { MANAGEMENT_NOTE_MESSAGES as M, type ManagementNote } from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useAcknowledgements } from "../api.ts";
import { personName } from "../model.ts";

/** Who acknowledged a note (its current version) and when: managers. */
export function AcknowledgementsDialog({
  building,
  note,
  tz,
  onClose,
}: {
  building: number;
  note: ManagementNote;
  tz?: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const acks = useAcknowledgements(building, note.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{M.acknowledgements}</DialogTitle>
      <DialogContent>
        <LoadedList query={acks} items={acks.data} loadingLabel="Loading acknowledgements" empty={M.noAcknowledgements}>
          {(rows) => (
            <List dense aria-label={M.acknowledgements}>
              {rows.map((a) => (
                <ListItem key={a.id} disableGutters>
                  <ListItemText primary={personName(a)} secondary={formatZonedDateTime(a.date_created, tz)} />
                </ListItem>
              ))}
            </List>
          )}
        </LoadedList>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
