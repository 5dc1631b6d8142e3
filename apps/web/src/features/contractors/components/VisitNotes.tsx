import { useId, useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NotesIcon from "@mui/icons-material/Notes";
import { CONTRACTOR_LIMITS, CONTRACTOR_MESSAGES, ContractorNoteWrite, type ContractorVisit } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useAddVisitNote, useVisitNotes } from "../api.ts";
import { personName } from "../model.ts";

/** 'Notes' of a visit: a button (with the count) opening the notes and the form to add one. */
export function VisitNotesButton({ visit, timeZone }: { visit: ContractorVisit; timeZone?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<NotesIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Notes (${visit.notes_count}): ${visit.name} (${visit.company_name})`}
      >
        {`Notes (${visit.notes_count})`}
      </Button>
      {open && <VisitNotesDialog visit={visit} timeZone={timeZone} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * A visit's notes (GET /contractors/visits/{id}/notes/, oldest first) and a note to add
 * (POST /contractors/notes/ {text, contractor_visit_id}; empty: 'Please enter a note').
 */
export function VisitNotesDialog({
  visit,
  timeZone,
  onClose,
}: {
  visit: ContractorVisit;
  timeZone?: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const notes = useVisitNotes(visit.id);
  const add = useAddVisitNote();
  const [text, setText] = useState("");
  const [missing, setMissing] = useState<string | null>(null);
  const textError = missing ?? (serverFieldText(add.error, "text") || undefined);
  const other = add.error ? serverErrorText(add.error, ["text"]) : "";

  const submit = () => {
    const parsed = ContractorNoteWrite.safeParse({ text, contractor_visit_id: visit.id });
    if (!parsed.success) {
      setMissing(parsed.error.issues[0]?.message ?? CONTRACTOR_MESSAGES.noteRequired);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        enqueueSnackbar(CONTRACTOR_MESSAGES.noteAdded, { variant: "success" });
        setText("");
        add.reset();
      },
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`Notes: ${visit.name} (${visit.company_name})`}</DialogTitle>
      <DialogContent>
        {notes.isPending ? (
          <SectionProgress label="Loading notes" />
        ) : notes.isError ? (
          <Alert severity="error">{errorMessage(notes.error)}</Alert>
        ) : notes.data.length === 0 ? (
          <Typography sx={{ color: "text.secondary" }}>No notes</Typography>
        ) : (
          <Box component="ul" aria-label="Notes" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
            {notes.data.map((n) => (
              <li key={n.id}>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {formatZonedDateTime(n.date_created, timeZone)}
                  {n.entered_by ? ` · ${personName(n.entered_by)}` : ""}
                </Typography>
                <Typography sx={{ whiteSpace: "pre-wrap" }}>{n.text}</Typography>
              </li>
            ))}
          </Box>
        )}
        <Box
          component="form"
          aria-label="Add note"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: "grid", gap: 1, mt: 2 }}
        >
          <TextField
            label="Note"
            name="text"
            multiline
            minRows={2}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setMissing(null);
            }}
            error={!!textError}
            helperText={textError}
            slotProps={{ htmlInput: { maxLength: CONTRACTOR_LIMITS.text } }}
          />
          {other && <Alert severity="error">{other}</Alert>}
          <Button type="submit" variant="contained" loading={add.isPending} sx={{ justifySelf: "end" }}>
            Add note
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
