import { useMemo } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
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
      {(shown) => (
        <Box component="ol" aria-label="Note history" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
          {shown.map((event) => {
            const changes = parseChangeNote(event.note);
            return (
              <Box
                component="li"
                key={event.id}
                sx={{ borderLeft: 3, borderColor: "divider", pl: 1.5, py: 0.5 }}
                data-testid="shift-log-event"
              >
                <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "baseline" }}>
                  <Typography component="span" sx={{ fontWeight: 700 }}>
                    {event.type_display}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
                    {formatZonedDateTime(event.date_created, timeZone)}
                    {event.performed_by ? ` · ${event.performed_by}` : ""}
                  </Typography>
                </Box>
                {changes ? (
                  <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                    {changes.map((c, i) => (
                      <li key={i}>
                        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                          {c.field}:
                        </Typography>{" "}
                        <Typography
                          variant="body2"
                          component="span"
                          sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                        >
                          <Box component="del" sx={{ color: "text.secondary" }}>
                            {c.from}
                          </Box>
                          {" → "}
                          <Box component="ins" sx={{ textDecoration: "none", fontWeight: 500 }}>
                            {c.to}
                          </Box>
                        </Typography>
                      </li>
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {event.note}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </LoadedList>
  );
}
