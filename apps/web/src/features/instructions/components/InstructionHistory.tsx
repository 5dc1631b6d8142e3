import { changeNoteParser, EventList } from "../../../components/EventList.tsx";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useInstructionEvents } from "../api.ts";

const FIELD_LABELS: Record<string, string> = {
  instruction_type: "Type",
  name: "Name",
  instruction_text: "Instructions",
  start_date: "Start date",
  expiration_date: "Expiration date",
  is_manually_expired: "Manually expired",
  occupancy: "Unit profile",
  photo_url: "Photo",
};

const readable = (v: string) => {
  if (v === "None" || v === "null" || v === "") return "(none)";
  if (v === "True" || v === "true") return "Yes";
  if (v === "False" || v === "false") return "No";
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v;
};

const parseChanges = changeNoteParser(FIELD_LABELS, readable);

/** An instruction's history (created, edited field by field, photo changed, expired), newest first. */
export function InstructionHistory({ id, building, timeZone }: { id: number; building: number; timeZone?: string }) {
  const events = useInstructionEvents(id, building);
  return (
    <LoadedList query={events} items={events.data?.results} loadingLabel="Loading history" empty="No events">
      {(shown) => (
        <EventList events={shown} label="Instruction history" timeZone={timeZone} parseChanges={parseChanges} />
      )}
    </LoadedList>
  );
}
