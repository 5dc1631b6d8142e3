import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import SearchIcon from "@mui/icons-material/Search";
import { DASHBOARD_SHIFT_LOG, MESSAGES, SHIFT_LOG_DEFAULT_ORDERING } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { useShiftLogNotes } from "../api.ts";
import { NoteCardList, useNoteDialog } from "./NoteCardList.tsx";

const DEBOUNCE_MS = 300;

/** The search page for "all": with the term (and no date window) when one is typed. */
export function searchAllLink(building: number, term: string): string {
  const base = `/${building}/dashboard/shift-logs-search`;
  if (!term) return base;
  const p = new URLSearchParams({ offset: "0", limit: "30", ordering: SHIFT_LOG_DEFAULT_ORDERING, search: term });
  return `${base}?${p}`;
}

/**
 * The dashboard's Shift log tab (document 1 section 2.3): search by apartment or resident,
 * 10 notes shown, 'Show more' adds 10 up to 30, then a link to the search page.
 */
export function DashboardShiftLogTab() {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const [shown, setShown] = useState<number>(DASHBOARD_SHIFT_LOG.initial);
  const noteDialog = useNoteDialog(tz);

  useEffect(() => {
    const next = text.trim();
    if (next === term) return;
    const t = setTimeout(() => {
      setTerm(next);
      setShown(DASHBOARD_SHIFT_LOG.initial);
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, term]);

  const notes = useShiftLogNotes({
    building,
    limit: DASHBOARD_SHIFT_LOG.max,
    offset: 0,
    ordering: SHIFT_LOG_DEFAULT_ORDERING,
    include_end_of_shift_notes: true,
    search: term || undefined,
  });
  const results = notes.data?.results ?? [];
  const visible = results.slice(0, shown);
  const canShowMore = shown < DASHBOARD_SHIFT_LOG.max && results.length > shown;
  const link = searchAllLink(building, term);

  return (
    <Box>
      <TextField
        label="Search apartment or resident"
        value={text}
        onChange={(e) => setText(e.target.value)}
        size="small"
        fullWidth
        sx={{ mb: 2 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {notes.isPending ? (
        <SectionProgress label="Loading shift log notes" />
      ) : notes.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(notes.error))}</Alert>
      ) : results.length === 0 ? (
        <EmptyState
          action={
            <Link component={RouterLink} to={searchAllLink(building, "")}>
              Search all shift log notes
            </Link>
          }
        >
          {term ? MESSAGES.noResults : "No shift log notes"}
        </EmptyState>
      ) : (
        <>
          <NoteCardList
            notes={visible}
            timeZone={tz}
            showDate
            label="Shift log notes"
            busy={notes.isFetching}
            {...noteDialog}
          />
          <Box sx={{ display: "flex", gap: 2, alignItems: "center", justifyContent: "center", mt: 2 }}>
            {canShowMore ? (
              <Button
                variant="outlined"
                onClick={() => setShown((n) => Math.min(n + DASHBOARD_SHIFT_LOG.step, DASHBOARD_SHIFT_LOG.max))}
              >
                Show more
              </Button>
            ) : (
              <Link component={RouterLink} to={link}>
                Search all shift log notes
              </Link>
            )}
          </Box>
        </>
      )}
      {noteDialog.dialog}
    </Box>
  );
}
