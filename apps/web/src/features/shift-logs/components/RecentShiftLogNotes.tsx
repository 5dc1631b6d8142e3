import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { MESSAGES } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useOptionalBuilding } from "../../../lib/session.tsx";
import { useOccupancyShiftLogNotes } from "../api.ts";
import { NoteCardList, useNoteDialog } from "./NoteCardList.tsx";

export interface RecentShiftLogNotesProps {
  occupancyId: number;
  /** The search page link's building (defaults to the current building). */
  buildingId?: number;
  /** The unit's number: the link searches its notes. */
  apartmentNumber?: string;
}

/**
 * 'Recent shift log notes' of a unit profile (document 1 section 2.4): the occupancy's 10
 * newest notes (GET /core/occupancies/{id}/shift-log-notes/?limit=10), each with edit and
 * history as allowed.
 */
export function RecentShiftLogNotes({ occupancyId, buildingId, apartmentNumber }: RecentShiftLogNotesProps) {
  const current = useOptionalBuilding();
  const building = buildingId ?? current?.id;
  const tz = current?.building?.time_zone;
  const notes = useOccupancyShiftLogNotes(occupancyId);
  const noteDialog = useNoteDialog(tz);
  const headingId = `recent-shift-log-notes-${occupancyId}`;
  const searchLink =
    building !== undefined
      ? `/${building}/dashboard/shift-logs-search${
          apartmentNumber
            ? `?${new URLSearchParams({ offset: "0", limit: "30", ordering: "-date_created", search: apartmentNumber })}`
            : ""
        }`
      : null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, mb: 1.5 }}>
        <Typography variant="h3" id={headingId} sx={{ flex: 1 }}>
          Recent shift log notes
        </Typography>
        {searchLink && (
          <Link component={RouterLink} to={searchLink} variant="body2">
            Search all
          </Link>
        )}
      </Box>
      {notes.isPending ? (
        <SectionProgress label="Loading shift log notes" />
      ) : notes.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(notes.error))}</Alert>
      ) : notes.data.results.length === 0 ? (
        <EmptyState>No shift log notes</EmptyState>
      ) : (
        <NoteCardList notes={notes.data.results} timeZone={tz} showDate {...noteDialog} />
      )}
      {noteDialog.dialog}
    </Paper>
  );
}
