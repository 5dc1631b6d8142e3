import { useMemo } from "react";
import { EventList } from "../../../components/EventList.tsx";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { useShiftLogNoteEvents } from "../api.ts";
import { parseChangeNote } from "../model.ts";

/** A note's history: its events, newest first, with change notes shown field by field. */
export function NoteHistory({ noteId, timeZone }: { noteId: number; timeZone?: string | null }) {
  const events = useShiftLogNoteEvents(noteId);
  const list = useMemo(
    () =>
      events.data &&
      [...events.data.results].sort((a, b) => b.date_created.localeCompare(a.date_created) || b.id - a.id),
    [events.data],
  );
  return (
    <LoadedList query={events} items={list} loadingLabel="Loading history" empty="No events">
      {(shown) => <EventList events={shown} label="Note history" timeZone={timeZone} parseChanges={parseChangeNote} />}
    </LoadedList>
  );
}
