import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import EditIcon from "@mui/icons-material/Edit";
import HistoryIcon from "@mui/icons-material/History";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import PriorityHighIcon from "@mui/icons-material/PriorityHigh";
import PlaceIcon from "@mui/icons-material/PlaceOutlined";
import { SHIFT_LOG_EDITED_AFTER_MS, type ShiftLogNote } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { ClampedText } from "../../../components/ClampedText.tsx";
import { formatZonedDate, formatZonedDateTime, formatZonedTime } from "../../../lib/zonedDates.ts";
import { isEdited, ownerName } from "../model.ts";

export interface NoteCardProps {
  note: ShiftLogNote;
  /** The building's time zone (times are shown in it). */
  timeZone?: string | null;
  /** Show the date too (lists that are not grouped by day). */
  showDate?: boolean;
  showBuilding?: boolean;
  /** Edited after this many ms (1 s; 2 s in the admin list). */
  editedAfterMs?: number;
  onEdit?: () => void;
  onHistory?: () => void;
  onDelete?: () => void;
  /** Extra controls at the end of the action row. */
  extra?: ReactNode;
  component?: "li" | "article";
  /** Lists show a few lines of a long body with 'Show more'; the note's own view shows it all. */
  clampBody?: boolean;
}

/** One note: time, type, priority, Edited, units, body, who wrote it, location, actions. */
export function NoteCard({
  note,
  timeZone,
  showDate,
  showBuilding,
  editedAfterMs = SHIFT_LOG_EDITED_AFTER_MS,
  onEdit,
  onHistory,
  onDelete,
  extra,
  component = "article",
  clampBody = true,
}: NoteCardProps) {
  const edited = isEdited(note, editedAfterMs);
  const time = formatZonedTime(note.date_created, timeZone);
  const when = showDate ? `${formatZonedDate(note.date_created, timeZone)} ${time}` : time;
  const units = note.apartments.map((a) => a.apartment_number).join(", ");
  const label = `Note ${when}${units ? `, units ${units}` : ""}`;
  return (
    <Paper
      component={component}
      variant="outlined"
      aria-label={label}
      data-testid="shift-log-note"
      sx={{
        p: 1.5,
        listStyle: "none",
        borderLeftWidth: 4,
        borderLeftColor: note.is_high_priority ? "error.main" : note.is_end_of_shift ? "secondary.main" : "divider",
      }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.75, mb: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {when}
        </Typography>
        <Typography component="span" sx={{ color: "text.secondary" }}>
          {ownerName(note.owner)}
        </Typography>
        {showBuilding && (
          <Typography component="span" sx={{ color: "text.secondary" }}>
            · {note.building.name}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {note.is_end_of_shift ? (
          <Chip size="small" color="secondary" label="End of shift" />
        ) : (
          note.shift_log_type_name && <Chip size="small" variant="outlined" label={note.shift_log_type_name} />
        )}
        {note.is_high_priority && <Chip size="small" color="error" icon={<PriorityHighIcon />} label="High priority" />}
        {edited && (
          <Chip
            size="small"
            label="Edited"
            variant="outlined"
            title={`Last edited ${formatZonedDateTime(note.last_modified, timeZone)}`}
            data-testid="edited-marker"
          />
        )}
      </Box>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 0.5 }}>
        {note.apartments.length === 0 ? (
          "No unit"
        ) : (
          <>
            {note.apartments.length === 1 ? "Unit " : "Units "}
            {note.apartments.map((a, i) => (
              <span key={a.id}>
                {i > 0 && ", "}
                {a.current_occupancy_id ? (
                  <Link
                    component={RouterLink}
                    to={`/${note.building.id}/manage/unit-profiles/${a.current_occupancy_id}`}
                  >
                    {a.apartment_number}
                  </Link>
                ) : (
                  a.apartment_number
                )}
              </span>
            ))}
          </>
        )}
        {note.location && (
          <Box component="span" sx={{ ml: 1.5, display: "inline-flex", alignItems: "center", gap: 0.25 }}>
            <PlaceIcon sx={{ fontSize: "1rem" }} aria-hidden />
            {note.location}
          </Box>
        )}
      </Typography>
      {clampBody ? (
        <ClampedText toggleLabel={`of note ${when}`} sx={{ typography: "body1" }}>
          {note.body}
        </ClampedText>
      ) : (
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{note.body}</Typography>
      )}
      {(onEdit || onHistory || onDelete || extra) && (
        <Box sx={{ display: "flex", gap: 0.5, mt: 1, flexWrap: "wrap" }}>
          {onEdit && (
            <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={`Edit note ${when}`}>
              Edit
            </Button>
          )}
          {onHistory && (
            <Button size="small" startIcon={<HistoryIcon />} onClick={onHistory} aria-label={`History of note ${when}`}>
              History
            </Button>
          )}
          {onDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={onDelete}
              aria-label={`Delete note ${when}`}
            >
              Delete
            </Button>
          )}
          {extra}
        </Box>
      )}
    </Paper>
  );
}
