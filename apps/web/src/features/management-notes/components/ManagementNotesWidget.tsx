import { useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DoneIcon from "@mui/icons-material/Done";
import { MANAGEMENT_NOTE_MESSAGES as M, type ManagementNote } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useEditNote, useManagementNotes, useUnacknowledged } from "../api.ts";
import { AcknowledgementsDialog } from "./AcknowledgementsDialog.tsx";
import { AcknowledgePopup } from "./AcknowledgePopup.tsx";
import { NoteByline } from "./NoteByline.tsx";
import { NoteFormDialog } from "./NoteFormDialog.tsx";

type Open = { kind: "add" } | { kind: "edit" | "expire" | "acks"; note: ManagementNote } | null;

/**
 * 'Notes from management' on the dashboard: the active notes, newest first, each marked
 * 'Requires acknowledgement' or acknowledged; managers add, edit, expire (after a confirmation)
 * and see the acknowledgements. While it is shown, the notes the user has yet to acknowledge pop
 * up one by one (AcknowledgePopup).
 */
export function ManagementNotesWidget() {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const can = useCan();
  const manage = can("management_note.manage");
  const notes = useManagementNotes(building);
  const unacknowledged = useUnacknowledged(building);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {manage && (
        <Box>
          <Button startIcon={<AddIcon />} variant="outlined" size="small" onClick={() => setOpen({ kind: "add" })}>
            {M.addNote}
          </Button>
        </Box>
      )}
      <LoadedList query={notes} items={notes.data} loadingLabel="Loading notes from management" empty={M.noNotes}>
        {(rows) => (
          <Stack spacing={1.5} component="ul" aria-label={M.sectionTitle} sx={{ listStyle: "none", p: 0, m: 0 }}>
            {rows.map((n) => (
              <Paper key={n.id} component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={`Note ${n.id}`}>
                <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{n.body}</Typography>
                <NoteByline note={n} tz={tz} />
                <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mt: 1 }}>
                  {n.is_require_acknowledgement &&
                    (n.is_acknowledged ? (
                      <Chip size="small" color="success" icon={<DoneIcon />} label={M.acknowledged} />
                    ) : (
                      <Chip
                        size="small"
                        variant="outlined"
                        sx={{ color: "text.primary", borderColor: "warning.main" }}
                        label={M.requiresAcknowledgement}
                      />
                    ))}
                  {manage && (
                    <Box sx={{ ml: "auto", display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                      {n.is_require_acknowledgement && (
                        <Button size="small" onClick={() => setOpen({ kind: "acks", note: n })}>
                          {M.acknowledgements}
                        </Button>
                      )}
                      <Button size="small" onClick={() => setOpen({ kind: "edit", note: n })}>
                        Edit
                      </Button>
                      <Button size="small" color="error" onClick={() => setOpen({ kind: "expire", note: n })}>
                        {M.expire}
                      </Button>
                    </Box>
                  )}
                </Box>
              </Paper>
            ))}
          </Stack>
        )}
      </LoadedList>
      {(open?.kind === "add" || open?.kind === "edit") && (
        <NoteFormDialog building={building} note={open.kind === "edit" ? open.note : undefined} onClose={close} />
      )}
      {open?.kind === "expire" && <ExpireDialog building={building} note={open.note} onClose={close} />}
      {open?.kind === "acks" && <AcknowledgementsDialog building={building} note={open.note} tz={tz} onClose={close} />}
      {notes.data && unacknowledged.data && (
        <AcknowledgePopup building={building} notes={notes.data} unacknowledgedIds={unacknowledged.data} tz={tz} />
      )}
    </Box>
  );
}

/** 'Expire this note?' and, confirmed, the note leaves every dashboard. */
function ExpireDialog({ building, note, onClose }: { building: number; note: ManagementNote; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditNote(building);
  return (
    <ConfirmDialog
      open
      danger
      title={M.expireTitle}
      confirmLabel={M.expire}
      busy={edit.isPending}
      error={edit.isError ? errorMessage(edit.error) : null}
      onClose={onClose}
      onConfirm={() =>
        edit.mutate(
          { id: note.id, body: { is_active: false } },
          {
            onSuccess: () => {
              enqueueSnackbar(M.expired, { variant: "success" });
              onClose();
            },
          },
        )
      }
    >
      {M.expireConfirm}
    </ConfirmDialog>
  );
}
