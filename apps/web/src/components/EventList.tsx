import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { Event } from "@portico/contract";
import { EmptyState } from "./EmptyState.tsx";
import { formatZonedDateTime } from "../lib/zonedDates.ts";
import { visuallyHidden } from "./visuallyHidden.ts";

/** One field of a change note ('Changes: a: x ==> y; …'), with its label and readable values. */
export interface ChangeLine {
  field: string;
  from: string;
  to: string;
}

export type ListedEvent = Event & { subject?: string | null };

/** 'Taylor Morgan · Photo changed'; the subject is left out when the type already names it ('Flag added'). */
export function eventTitle(e: { type_display: string; subject?: string | null }): string {
  if (!e.subject || e.type_display.toLowerCase().includes(e.subject.toLowerCase())) return e.type_display;
  return `${e.subject} · ${e.type_display}`;
}

/** Events, newest first: what happened, when, by whom; change notes shown field by field. */
export function EventList({
  events,
  label,
  timeZone,
  dense,
  parseChanges,
}: {
  events: readonly ListedEvent[];
  /** The list's accessible name. */
  label: string;
  timeZone?: string | null;
  dense?: boolean;
  /** The feature's reading of its change notes: field by field, or null for a plain note. */
  parseChanges: (note: string) => ChangeLine[] | null;
}) {
  if (events.length === 0) return <EmptyState>No events</EmptyState>;
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: dense ? 1 : 1.5 }}
    >
      {events.map((event) => {
        const changes = parseChanges(event.note);
        return (
          <Box
            component="li"
            key={event.id}
            sx={{ borderLeft: 3, borderColor: "divider", pl: 1.5, py: 0.25 }}
            data-testid="history-event"
          >
            <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, alignItems: "baseline" }}>
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {eventTitle(event)}
              </Typography>
              <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
                {formatZonedDateTime(event.date_created, timeZone)}
                {event.performed_by ? ` · ${event.performed_by}` : ""}
              </Typography>
            </Box>
            {changes ? (
              <Box component="ul" sx={{ m: 0, mt: 0.25, pl: 2.5 }}>
                {changes.map((c, i) => (
                  <Typography component="li" variant="body2" key={i} sx={{ overflowWrap: "anywhere" }}>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {c.field}:
                    </Box>{" "}
                    <Box component="span" sx={{ color: "text.secondary" }}>
                      {c.from}
                    </Box>
                    <Box component="span" aria-hidden>
                      {" → "}
                    </Box>
                    <Box component="span" sx={visuallyHidden}>
                      {" changed to "}
                    </Box>
                    <Box component="span" sx={{ fontWeight: 500 }}>
                      {c.to}
                    </Box>
                  </Typography>
                ))}
              </Box>
            ) : (
              event.note && (
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {event.note}
                </Typography>
              )
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** 'Newer' / 'Page x of y' / 'Older' under a paged list. */
export function Pager({
  label,
  offset,
  limit,
  count,
  onChange,
  busy,
}: {
  label: string;
  offset: number;
  limit: number;
  count: number;
  onChange: (offset: number) => void;
  busy?: boolean;
}) {
  if (count <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mt: 1.5 }}
    >
      <Button size="small" onClick={() => onChange(Math.max(0, offset - limit))} disabled={page <= 1 || busy}>
        Newer
      </Button>
      <Typography variant="body2" sx={{ color: "text.secondary" }} aria-live="polite">
        Page {page} of {pages}
      </Typography>
      <Button size="small" onClick={() => onChange(offset + limit)} disabled={page >= pages || busy}>
        Older
      </Button>
    </Box>
  );
}

/**
 * A reader of 'Changes: field: old ==> new; field: …' notes for `EventList`: each field under its
 * label (else its name without underscores), each value through `readable`; null when the note
 * is not a change note.
 */
export function changeNoteParser(
  labels: Readonly<Record<string, string>>,
  readable: (value: string) => string = (v) => v,
): (note: string) => ChangeLine[] | null {
  return (note) => {
    if (!note.startsWith("Changes: ")) return null;
    const lines: ChangeLine[] = [];
    for (const part of note.slice("Changes: ".length).split(/; (?=[a-z_]+: )/)) {
      const m = /^([a-z_]+): ([\s\S]*?) ==> ([\s\S]*)$/.exec(part);
      if (!m) return null;
      lines.push({ field: labels[m[1]] ?? m[1].replace(/_/g, " "), from: readable(m[2]), to: readable(m[3]) });
    }
    return lines;
  };
}
