import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { MANAGEMENT_NOTE_MESSAGES as M, type ManagementNote, ManagementNoteForm } from "@portico/contract";
import { DialogFormActions } from "../../../components/FormActions.tsx";
import { FormCheckbox, FormTextField } from "../../../components/FormFields.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useCreateNote, useEditNote } from "../api.ts";

/**
 * Add a note (body, 'Require acknowledgement') or edit one (body; 'Require everyone to
 * acknowledge again' when the note requires acknowledgement). Mounted while open.
 */
export function NoteFormDialog({
  building,
  note,
  onClose,
}: {
  building: number;
  /** The note edited; none: a new note. */
  note?: ManagementNote;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{note ? M.editNote : M.addNote}</DialogTitle>
      <DialogContent>
        <NoteForm building={building} note={note} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function NoteForm({ building, note, onDone }: { building: number; note?: ManagementNote; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateNote(building);
  const edit = useEditNote(building);
  const form = useForm<ManagementNoteForm>({
    resolver: zodResolver(ManagementNoteForm),
    defaultValues: {
      body: note?.body ?? "",
      is_require_acknowledgement: note?.is_require_acknowledgement ?? false,
      require_acknowledge_edits: false,
    },
  });
  const { control, handleSubmit, formState } = form;
  const onSubmit = handleSubmit(async (v) => {
    try {
      if (note)
        await edit.mutateAsync({
          id: note.id,
          body: { body: v.body, require_acknowledge_edits: v.require_acknowledge_edits },
        });
      else await create.mutateAsync({ body: v.body, is_require_acknowledgement: v.is_require_acknowledgement });
      enqueueSnackbar(note ? M.updated : M.created, { variant: "success" });
      onDone();
    } catch (e) {
      applyServerErrors(e, form, { fields: ["body", "is_require_acknowledgement", "require_acknowledge_edits"] });
    }
  });
  const rootError = formState.errors.root?.serverError?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={note ? M.editNote : M.addNote}>
      <Box sx={{ display: "grid", gap: 1, pt: 1 }}>
        <FormTextField control={control} name="body" label="Note" multiline minRows={4} required fullWidth autoFocus />
        {note ? (
          note.is_require_acknowledgement && (
            <FormCheckbox control={control} name="require_acknowledge_edits" label={M.requireEveryoneAgain} />
          )
        ) : (
          <FormCheckbox control={control} name="is_require_acknowledgement" label={M.requireAcknowledgement} />
        )}
        {rootError && (
          <Alert severity="error" role="alert">
            {rootError}
          </Alert>
        )}
      </Box>
      <DialogFormActions onCancel={onDone} busy={formState.isSubmitting} label={note ? "Save" : M.addNote} />
    </Box>
  );
}
