import { useEffect, useRef, useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import type { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import DialogActions from "@mui/material/DialogActions";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import {
  MESSAGES,
  OccupancyNotePatch,
  OccupancyNoteWrite,
  type Occupancy,
  type OccupancyNote,
} from "@portico/contract";
import { SectionProgress } from "../../../../components/FullPageProgress.tsx";
import { EmptyState } from "../../../../components/EmptyState.tsx";
import { errorMessage } from "../../../../lib/api.ts";
import { applyServerErrors, withoutRef } from "../../../../lib/forms.ts";
import { useMe, useOptionalBuilding } from "../../../../lib/session.tsx";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import {
  useCreateOccupancyNote,
  useOccupancyNoteEvents,
  useOccupancyNotes,
  useUpdateOccupancyNote,
} from "../../profile-api.ts";
import { readDraft, writeDraft } from "./drafts.ts";
import { EventList } from "./EventList.tsx";
import { isNoteEdited, noteAuthorName } from "./model.ts";
import { ProfileDialog } from "./ProfileDialog.tsx";

export type NotesView =
  | { name: "list" }
  | { name: "submit" }
  | { name: "edit"; note: OccupancyNote }
  | { name: "events"; note: OccupancyNote };

const TITLES: Record<NotesView["name"], string> = {
  list: "Internal office notes",
  submit: "Add internal note",
  edit: "Edit internal note",
  events: "Note history",
};

export interface NotesDialogProps {
  occupancy: Pick<Occupancy, "id" | "apartment_number">;
  open: boolean;
  onClose: () => void;
}

/**
 * Internal office notes of a unit (managers and office; the building enables them). Views:
 * list, submit (note and links), edit (sends only the note), events (a note's history).
 */
export function NotesDialog({ occupancy, open, onClose }: NotesDialogProps) {
  const [view, setView] = useState<NotesView>({ name: "list" });
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
      setView({ name: "list" });
    }
  }
  const toList = () => setView({ name: "list" });
  const title = view.name === "list" ? `${TITLES.list} · Unit ${occupancy.apartment_number}` : TITLES[view.name];

  return (
    <ProfileDialog open={open} onClose={onClose} title={title}>
      {view.name !== "list" && (
        <Button startIcon={<ArrowBackIcon />} onClick={toList} size="small" sx={{ mb: 1.5 }}>
          Back to notes
        </Button>
      )}
      {view.name === "list" && (
        <NoteList
          occupancyId={occupancy.id}
          enabled={open}
          onAdd={() => setView({ name: "submit" })}
          onEdit={(note) => setView({ name: "edit", note })}
          onEvents={(note) => setView({ name: "events", note })}
        />
      )}
      {view.name === "submit" && <NoteSubmit key={session} occupancyId={occupancy.id} onDone={toList} />}
      {view.name === "edit" && (
        <NoteEdit key={view.note.id} occupancyId={occupancy.id} note={view.note} onDone={toList} />
      )}
      {view.name === "events" && <NoteEvents occupancyId={occupancy.id} note={view.note} />}
    </ProfileDialog>
  );
}

// List ------------------------------------------------------------------------------------------

function NoteList({
  occupancyId,
  enabled,
  onAdd,
  onEdit,
  onEvents,
}: {
  occupancyId: number;
  enabled: boolean;
  onAdd: () => void;
  onEdit: (note: OccupancyNote) => void;
  onEvents: (note: OccupancyNote) => void;
}) {
  const notes = useOccupancyNotes(occupancyId, enabled);
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mb: 1.5 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          Add note
        </Button>
      </Box>
      {notes.isPending ? (
        <SectionProgress label="Loading notes" />
      ) : notes.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(notes.error))}</Alert>
      ) : notes.data.results.length === 0 ? (
        <EmptyState>No internal notes</EmptyState>
      ) : (
        <Box
          component="ul"
          aria-label="Internal office notes"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}
        >
          {notes.data.results.map((note) => (
            <NoteItem key={note.id} note={note} onEdit={() => onEdit(note)} onEvents={() => onEvents(note)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

export function NoteItem({
  note,
  onEdit,
  onEvents,
}: {
  note: OccupancyNote;
  onEdit?: () => void;
  onEvents?: () => void;
}) {
  const tz = useOptionalBuilding()?.building?.time_zone;
  const when = formatZonedDateTime(note.dateCreated, tz);
  const edited = isNoteEdited(note);
  const role = note.entered_by?.role_display;
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }}
      data-testid="occupancy-note"
    >
      <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{note.note}</Typography>
      {note.links.length > 0 && (
        <Box component="ul" aria-label="Links" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {note.links.map((l) => (
            <li key={l.id}>
              <Link href={l.link_url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: "anywhere" }}>
                {l.link_text}
                <OpenInNewIcon aria-hidden sx={{ fontSize: "0.9em", ml: 0.5, verticalAlign: "-0.1em" }} />
              </Link>
            </li>
          ))}
        </Box>
      )}
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1, mt: 1 }}>
        <Typography variant="body2" sx={{ color: "text.secondary", flex: "1 1 auto" }}>
          {noteAuthorName(note)}
          {role ? ` (${role})` : ""} · {when}
        </Typography>
        {edited && (
          <Chip
            label="Edited"
            size="small"
            variant="outlined"
            title={`Edited ${formatZonedDateTime(note.lastModified, tz)}`}
          />
        )}
        {onEdit && (
          <Button size="small" onClick={onEdit} aria-label={`Edit note from ${when}`}>
            Edit
          </Button>
        )}
        {onEvents && (
          <Button size="small" onClick={onEvents} aria-label={`History of note from ${when}`}>
            History
          </Button>
        )}
      </Box>
    </Box>
  );
}

// Submit ----------------------------------------------------------------------------------------

/** The write schema, with the links list always present in the form. */
const noteSchema = OccupancyNoteWrite.required({ links: true });
type NoteValues = z.input<typeof noteSchema>;

const EMPTY_NOTE: NoteValues = { note: "", links: [] };

export function NoteSubmit({ occupancyId, onDone }: { occupancyId: number; onDone: () => void }) {
  const me = useMe();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateOccupancyNote(occupancyId);
  const form = useForm<NoteValues, unknown, z.output<typeof noteSchema>>({
    resolver: zodResolver(noteSchema),
    defaultValues: readDraft<NoteValues>("note", me.id, occupancyId) ?? EMPTY_NOTE,
  });
  const {
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  const links = useFieldArray({ control, name: "links" });

  // What is typed is kept as a draft until it is saved.
  const values = useWatch({ control });
  const hasText = !!values.note?.trim() || (values.links ?? []).some((l) => l?.link_text || l?.link_url);
  const draft = hasText ? JSON.stringify(values) : null;
  const saved = useRef(false);
  useEffect(() => {
    if (!saved.current) writeDraft("note", me.id, occupancyId, draft === null ? null : JSON.parse(draft));
  }, [draft, me.id, occupancyId]);

  const onSubmit = handleSubmit(async (body) => {
    clearErrors("root");
    try {
      await create.mutateAsync(body);
      saved.current = true;
      writeDraft("note", me.id, occupancyId, null);
      enqueueSnackbar("Note added", { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, { fields: ["note", "links"] });
    }
  });
  const rootError = (errors.root as Record<string, { message?: string }> | undefined)?.serverError?.message;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Add internal note">
      <Stack spacing={2}>
        <Controller
          control={control}
          name="note"
          render={({ field, fieldState }) => (
            <TextField
              {...withoutRef(field)}
              inputRef={field.ref}
              label="Note"
              multiline
              minRows={4}
              required
              autoFocus
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
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
                <Controller
                  control={control}
                  name={`links.${i}.link_text`}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...withoutRef(field)}
                      inputRef={field.ref}
                      label="Link text"
                      size="small"
                      required
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                      sx={{ flex: "1 1 40%", minWidth: 140 }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`links.${i}.link_url`}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...withoutRef(field)}
                      inputRef={field.ref}
                      label="URL"
                      size="small"
                      type="url"
                      required
                      placeholder="https://"
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                      sx={{ flex: "1 1 60%", minWidth: 180 }}
                    />
                  )}
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
      <DialogActions sx={{ px: 0, pb: 0, pt: 2 }}>
        <Button onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Save note
        </Button>
      </DialogActions>
    </Box>
  );
}

// Edit ------------------------------------------------------------------------------------------

export function NoteEdit({
  occupancyId,
  note,
  onDone,
}: {
  occupancyId: number;
  note: OccupancyNote;
  onDone: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOccupancyNote(occupancyId);
  const form = useForm<{ note: string }>({
    resolver: zodResolver(OccupancyNotePatch),
    defaultValues: { note: note.note },
  });
  const {
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async ({ note: text }) => {
    clearErrors("root");
    try {
      await update.mutateAsync({ noteId: note.id, note: text });
      enqueueSnackbar("Note updated", { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, { fields: ["note"] });
    }
  });
  const rootError = (errors.root as Record<string, { message?: string }> | undefined)?.serverError?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit internal note">
      <Controller
        control={control}
        name="note"
        render={({ field, fieldState }) => (
          <TextField
            {...withoutRef(field)}
            inputRef={field.ref}
            label="Note"
            multiline
            minRows={4}
            required
            fullWidth
            autoFocus
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          />
        )}
      />
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
      <DialogActions sx={{ px: 0, pb: 0, pt: 2 }}>
        <Button onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Save changes
        </Button>
      </DialogActions>
    </Box>
  );
}

// Events ----------------------------------------------------------------------------------------

function NoteEvents({ occupancyId, note }: { occupancyId: number; note: OccupancyNote }) {
  const tz = useOptionalBuilding()?.building?.time_zone;
  const events = useOccupancyNoteEvents(occupancyId, note.id);
  if (events.isPending) return <SectionProgress label="Loading history" />;
  if (events.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(events.error))}</Alert>;
  return <EventList events={events.data.results} label="Note history" timeZone={tz} />;
}
