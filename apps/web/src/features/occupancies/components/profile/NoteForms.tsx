import { type Control, type Path, useFieldArray } from "react-hook-form";
import type { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import { OccupancyNotePatch, OccupancyNoteWrite, type OccupancyNote } from "@portico/contract";
import { DialogFormActions } from "../../../../components/FormActions.tsx";
import { FormTextField } from "../../../../components/FormFields.tsx";
import { useCreateOccupancyNote, useUpdateOccupancyNote } from "../../profile-api.ts";
import { useProfileForm } from "./useProfileForm.ts";

/** The write schema, with the links list always present in the form. */
const noteSchema = OccupancyNoteWrite.required({ links: true });
type NoteValues = z.input<typeof noteSchema>;

const EMPTY_NOTE: NoteValues = { note: "", links: [] };

/** The note's text: required, focused when the form opens. */
function NoteText<T extends { note: string }>({ control }: { control: Control<T> }) {
  return (
    <FormTextField
      control={control}
      name={"note" as Path<T>}
      label="Note"
      multiline
      minRows={4}
      required
      fullWidth
      autoFocus
    />
  );
}

/** A new internal note with its links; what is typed is kept as a draft until it is saved. */
export function NoteSubmit({ occupancyId, onDone }: { occupancyId: number; onDone: () => void }) {
  const create = useCreateOccupancyNote(occupancyId);
  const { form, onSubmit, rootError } = useProfileForm<NoteValues, z.output<typeof noteSchema>>({
    schema: noteSchema,
    defaultValues: EMPTY_NOTE,
    fields: ["note", "links"],
    save: async (body) => {
      await create.mutateAsync(body);
      return "Note added";
    },
    onDone,
    draft: {
      kind: "note",
      occupancyId,
      worthKeeping: (v) => !!v.note?.trim() || (v.links ?? []).some((l) => l?.link_text || l?.link_url),
    },
  });
  const { control } = form;
  const links = useFieldArray({ control, name: "links" });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Add internal note">
      <Stack spacing={2}>
        <NoteText control={control} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Links
          </Typography>
          <Stack spacing={1.5}>
            {links.fields.map((f, i) => (
              <Box
                key={f.id}
                role="group"
                aria-label={`Link ${i + 1}`}
                sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: { xs: "wrap", sm: "nowrap" } }}
              >
                <FormTextField
                  control={control}
                  name={`links.${i}.link_text`}
                  label="Link text"
                  size="small"
                  required
                  sx={{ flex: "1 1 40%", minWidth: 140 }}
                />
                <FormTextField
                  control={control}
                  name={`links.${i}.link_url`}
                  label="URL"
                  size="small"
                  type="url"
                  required
                  placeholder="https://"
                  sx={{ flex: "1 1 60%", minWidth: 180 }}
                />
                <IconButton aria-label={`Remove link ${i + 1}`} onClick={() => links.remove(i)} sx={{ mt: 0.25 }}>
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
            ))}
          </Stack>
          <Button
            startIcon={<AddIcon />}
            size="small"
            onClick={() => links.append({ link_text: "", link_url: "" })}
            sx={{ mt: links.fields.length ? 1 : 0 }}
          >
            Add link
          </Button>
        </Box>
        {rootError && (
          <Alert severity="error" role="alert">
            {rootError}
          </Alert>
        )}
      </Stack>
      <DialogFormActions onCancel={onDone} busy={form.formState.isSubmitting} label="Save note" />
    </Box>
  );
}

/** Edit a note's text (its links stay as they are). */
export function NoteEdit({
  occupancyId,
  note,
  onDone,
}: {
  occupancyId: number;
  note: OccupancyNote;
  onDone: () => void;
}) {
  const update = useUpdateOccupancyNote(occupancyId);
  const { form, onSubmit, rootError } = useProfileForm<{ note: string }, { note: string }>({
    schema: OccupancyNotePatch,
    defaultValues: { note: note.note },
    fields: ["note"],
    save: async ({ note: text }) => {
      await update.mutateAsync({ noteId: note.id, note: text });
      return "Note updated";
    },
    onDone,
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit internal note">
      <NoteText control={form.control} />
      {note.links.length > 0 && (
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
          Only the note text changes; its links ({note.links.map((l) => l.link_text).join(", ")}) stay as they are.
        </Typography>
      )}
      {rootError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {rootError}
        </Alert>
      )}
      <DialogFormActions onCancel={onDone} busy={form.formState.isSubmitting} label="Save changes" />
    </Box>
  );
}
