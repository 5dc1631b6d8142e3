import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { MESSAGES, type Occupancy, type OccupancyNote } from "@portico/contract";
import { SectionProgress } from "../../../../components/FullPageProgress.tsx";
import { EmptyState } from "../../../../components/EmptyState.tsx";
import { errorMessage } from "../../../../lib/api.ts";
import { useOptionalBuilding } from "../../../../lib/session.tsx";
import { useOpenSession } from "../../../../lib/useOpenSession.ts";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { useOccupancyNoteEvents, useOccupancyNotes } from "../../profile-api.ts";
import { LoadedEvents } from "./LoadedEvents.tsx";
import { isNoteEdited, noteAuthorName } from "./model.ts";
import { NoteEdit, NoteSubmit } from "./NoteForms.tsx";
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
  const session = useOpenSession(open, () => setView({ name: "list" }));
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

// Events ----------------------------------------------------------------------------------------

function NoteEvents({ occupancyId, note }: { occupancyId: number; note: OccupancyNote }) {
  const events = useOccupancyNoteEvents(occupancyId, note.id);
  return <LoadedEvents events={events} loadingLabel="Loading history" label="Note history" />;
}
