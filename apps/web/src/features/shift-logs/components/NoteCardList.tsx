import { useState } from "react";
import Box from "@mui/material/Box";
import type { ShiftLogNote } from "@portico/contract";
import { useMe } from "../../../lib/session.tsx";
import { noteAbilities } from "../model.ts";
import { NoteCard } from "./NoteCard.tsx";
import { NoteDialog } from "./NoteDialog.tsx";
import type { NoteView } from "./NoteDetail.tsx";

export interface NoteCardListProps {
  notes: readonly ShiftLogNote[];
  timeZone?: string | null;
  showDate?: boolean;
  /** Each card's edit (offered when the user may edit the note). */
  onEdit: (note: ShiftLogNote) => void;
  onHistory: (note: ShiftLogNote) => void;
  /** Each card's delete (offered when the user may delete the note). */
  onDelete?: (note: ShiftLogNote) => void;
  label?: string;
  busy?: boolean;
}

/** Notes as cards in a list, each with the actions the signed-in user may take on it. */
export function NoteCardList({
  notes,
  timeZone,
  showDate,
  onEdit,
  onHistory,
  onDelete,
  label,
  busy,
}: NoteCardListProps) {
  const me = useMe();
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy}
      sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
    >
      {notes.map((note) => {
        const can = noteAbilities(me, note);
        return (
          <NoteCard
            key={note.id}
            component="li"
            note={note}
            timeZone={timeZone}
            showDate={showDate}
            onEdit={can.edit ? () => onEdit(note) : undefined}
            onHistory={() => onHistory(note)}
            onDelete={onDelete && can.delete ? () => onDelete(note) : undefined}
          />
        );
      })}
    </Box>
  );
}

/** A note opened from a list in the note dialog, on its edit or history view. */
export function useNoteDialog(timeZone?: string | null) {
  const [open, setOpen] = useState<{ note: ShiftLogNote; view: NoteView } | null>(null);
  return {
    onEdit: (note: ShiftLogNote) => setOpen({ note, view: "edit" }),
    onHistory: (note: ShiftLogNote) => setOpen({ note, view: "history" }),
    dialog: (
      <NoteDialog
        note={open?.note ?? null}
        initialView={open?.view}
        onClose={() => setOpen(null)}
        timeZone={timeZone}
      />
    ),
  };
}
