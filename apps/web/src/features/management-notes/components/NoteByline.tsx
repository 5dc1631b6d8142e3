import Typography from "@mui/material/Typography";
import type { ManagementNote } from "@portico/contract";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { personName } from "../model.ts";

/** Who wrote a note and when (building time). */
export function NoteByline({ note, tz }: { note: ManagementNote; tz?: string | null }) {
  const who = personName(note.entered_by);
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
      {who ? `${who} · ` : ""}
      {formatZonedDateTime(note.date_created, tz)}
    </Typography>
  );
}
