import { useState } from "react";
import { useSnackbar } from "notistack";
import Stack from "@mui/material/Stack";
import { SHIFT_LOG_EDITED_AFTER_MS, type ShiftLogNote } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useMe } from "../../../lib/session.tsx";
import { useDeleteShiftLogNote } from "../api.ts";
import { noteAbilities } from "../model.ts";
import { NoteCard } from "./NoteCard.tsx";
import { NoteForm } from "./NoteForm.tsx";
import { NoteHistory } from "./NoteHistory.tsx";

export type NoteView = "view" | "edit" | "history";

/** Delete with a confirm dialog (admins). `ask(note)` opens it; `dialog` is its element. */
export function useDeleteNote(onDeleted?: (note: ShiftLogNote) => void) {
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteShiftLogNote();
  const [target, setTarget] = useState<ShiftLogNote | null>(null);
  const close = () => {
    setTarget(null);
    remove.reset();
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title="Delete this note?"
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!target) return;
        remove.mutate(target.id, {
          onSuccess: () => {
            enqueueSnackbar("Note deleted", { variant: "success" });
            const deleted = target;
            close();
            onDeleted?.(deleted);
          },
        });
      }}
    >
      The note and its history are removed for everyone. This cannot be undone.
    </ConfirmDialog>
  );
  return { ask: setTarget, dialog };
}

export interface NoteDetailProps {
  note: ShiftLogNote;
  view: NoteView;
  onView: (view: NoteView) => void;
  /** After an edit is saved (the saved note). */
  onSaved?: (note: ShiftLogNote) => void;
  onDeleted?: (note: ShiftLogNote) => void;
  timeZone?: string | null;
  showBuilding?: boolean;
  editedAfterMs?: number;
}

/** One note as a card (with Edit / History / Delete as allowed), its edit form, or its history. */
export function NoteDetail({
  note,
  view,
  onView,
  onSaved,
  onDeleted,
  timeZone,
  showBuilding,
  editedAfterMs = SHIFT_LOG_EDITED_AFTER_MS,
}: NoteDetailProps) {
  const me = useMe();
  const abilities = noteAbilities(me, note);
  const del = useDeleteNote(onDeleted);

  if (view === "edit" && abilities.edit)
    return (
      <NoteForm
        key={note.id}
        mode="edit"
        buildingId={note.building.id}
        note={note}
        autoFocus
        onSaved={(saved) => {
          onSaved?.(saved);
          onView("view");
        }}
        onCancel={() => onView("view")}
      />
    );

  const card = (
    <NoteCard
      note={note}
      timeZone={timeZone}
      clampBody={false}
      showDate
      showBuilding={showBuilding}
      editedAfterMs={editedAfterMs}
      onEdit={view === "view" && abilities.edit ? () => onView("edit") : undefined}
      onHistory={view === "view" ? () => onView("history") : undefined}
      onDelete={view === "view" && abilities.delete ? () => del.ask(note) : undefined}
    />
  );
  return (
    <Stack spacing={2}>
      {card}
      {view === "history" && <NoteHistory noteId={note.id} timeZone={timeZone} />}
      {del.dialog}
    </Stack>
  );
}
