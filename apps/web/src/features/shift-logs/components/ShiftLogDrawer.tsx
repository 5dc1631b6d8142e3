import { useEffect, useId, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import CircularProgress from "@mui/material/CircularProgress";
import CloseIcon from "@mui/icons-material/Close";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import SearchIcon from "@mui/icons-material/Search";
import { MESSAGES, type ShiftLogNote } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { ErrorBoundary } from "../../../components/ErrorBoundary.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useCloseOnNavigate } from "../../../lib/useCloseOnNavigate.ts";
import { useBuilding, useCan, useMe } from "../../../lib/session.tsx";
import { dayInZone, formatZonedDayHeading } from "../../../lib/zonedDates.ts";
import { useDrawerShiftLogNotes } from "../api.ts";
import { draftKey, groupByDay, loadDraft } from "../model.ts";
import { NoteCardList } from "./NoteCardList.tsx";
import { NoteDetail, useDeleteNote, type NoteView } from "./NoteDetail.tsx";
import { NoteForm } from "./NoteForm.tsx";

export interface ShiftLogDrawerProps {
  open: boolean;
  onClose: () => void;
}

type Panel = { view: "list" } | { view: Exclude<NoteView, "view">; note: ShiftLogNote };

/**
 * The shift log drawer (document 1 section 2.2), opened from the top navigation: the add-note
 * form (its draft kept per building and user), 'End of shift note' when the building enables
 * it, and the notes grouped by day, newest first, 30 at a time as the list scrolls.
 */
export default function ShiftLogDrawer({ open, onClose }: ShiftLogDrawerProps) {
  const titleId = useId();
  const can = useCan();
  const { id: buildingId } = useBuilding();
  const me = useMe();
  // Following a link out of the drawer (a unit, the search page) closes it.
  useCloseOnNavigate(onClose);

  // Ready to type: once open, the note field gets focus (unless the user already moved it).
  useEffect(() => {
    if (!open) return;
    let frame = 0;
    let tries = 0;
    const tryFocus = () => {
      const paper = document.getElementById(titleId)?.closest<HTMLElement>("[role='dialog']");
      const body = paper?.querySelector<HTMLTextAreaElement>("textarea[name='body']");
      if (!body || body.offsetParent === null) {
        if (++tries < 30) frame = requestAnimationFrame(tryFocus);
        return;
      }
      const active = document.activeElement;
      if (!active || active === paper || active === document.body || !paper?.contains(active)) body.focus();
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [open, titleId]);

  // Only for those the navigation offers it to (a drawer remembered from another role stays shut).
  if (!can("nav.shift_log")) return null;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      keepMounted
      slotProps={{
        paper: {
          role: "dialog",
          "aria-modal": true,
          "aria-labelledby": titleId,
          sx: { width: { xs: "100%", sm: 560 }, display: "flex", flexDirection: "column" },
        },
      }}
    >
      <Box
        component="header"
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1,
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: "divider",
          flexShrink: 0,
        }}
      >
        <Typography variant="h2" id={titleId} sx={{ flex: 1 }}>
          Shift log
        </Typography>
        <Button
          component={RouterLink}
          to={`/${buildingId}/dashboard/shift-logs-search`}
          startIcon={<SearchIcon />}
          onClick={onClose}
        >
          Search notes
        </Button>
        <IconButton aria-label="Close shift log" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <ErrorBoundary>
        <DrawerContent key={`${me.id}:${buildingId}`} open={open} />
      </ErrorBoundary>
    </Drawer>
  );
}

function DrawerContent({ open }: { open: boolean }) {
  const { id: buildingId, building, settings } = useBuilding();
  const me = useMe();
  const tz = building?.time_zone;
  const eosEnabled = !!settings?.shiftlogsettings.is_enable_end_of_shift_logging;
  const createKey = draftKey(me.id, buildingId, "create");
  const eosKey = draftKey(me.id, buildingId, "end-of-shift");
  const [eosChosen, setEosChosen] = useState(() => loadDraft(eosKey) !== null);
  const eosMode = eosEnabled && eosChosen;
  const [panel, setPanel] = useState<Panel>({ view: "list" });
  const detailHeading = useRef<HTMLHeadingElement | null>(null);
  const addHeadingId = useId();
  const notesHeadingId = useId();

  useEffect(() => {
    if (panel.view !== "list") detailHeading.current?.focus();
  }, [panel]);

  const back = () => setPanel({ view: "list" });

  return (
    <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto" }} data-testid="shift-log-drawer-body">
      {panel.view !== "list" && (
        <Box sx={{ p: 2 }}>
          <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 1 }}>
            Back to notes
          </Button>
          <Typography variant="h3" ref={detailHeading} tabIndex={-1} sx={{ mb: 2, outline: "none" }}>
            {panel.view === "edit" ? "Edit note" : "Note history"}
          </Typography>
          <NoteDetail
            note={panel.note}
            view={panel.view}
            onView={(v) => (v === "view" ? back() : setPanel({ view: v, note: panel.note }))}
            onDeleted={back}
            timeZone={tz}
          />
        </Box>
      )}
      <Box hidden={panel.view !== "list"}>
        <Box component="section" aria-labelledby={addHeadingId} sx={{ p: 2 }}>
          <Typography variant="h3" id={addHeadingId} sx={{ mb: 1.5 }}>
            {eosMode ? "End of shift note" : "Add a note"}
          </Typography>
          {eosMode ? (
            <NoteForm
              key="end-of-shift"
              mode="end-of-shift"
              buildingId={buildingId}
              draftKey={eosKey}
              autoFocus
              onCancel={() => setEosChosen(false)}
              onSaved={() => setEosChosen(false)}
            />
          ) : (
            <NoteForm
              key="create"
              mode="create"
              buildingId={buildingId}
              draftKey={createKey}
              onEndOfShift={eosEnabled ? () => setEosChosen(true) : undefined}
            />
          )}
        </Box>
        <Divider />
        <Box component="section" aria-labelledby={notesHeadingId} sx={{ p: 2 }}>
          <Typography variant="h3" id={notesHeadingId} sx={{ mb: 1 }}>
            Notes
          </Typography>
          <NotesList
            enabled={open || panel.view !== "list"}
            timeZone={tz}
            onEdit={(note) => setPanel({ view: "edit", note })}
            onHistory={(note) => setPanel({ view: "history", note })}
          />
        </Box>
      </Box>
    </Box>
  );
}

function dayLabel(day: string, first: ShiftLogNote, tz?: string | null): string {
  const heading = formatZonedDayHeading(first.date_created, tz);
  if (day === dayInZone(tz)) return `Today · ${heading}`;
  if (day === dayInZone(tz, 1)) return `Yesterday · ${heading}`;
  return heading;
}

function NotesList({
  enabled,
  timeZone,
  onEdit,
  onHistory,
}: {
  enabled: boolean;
  timeZone?: string | null;
  onEdit: (note: ShiftLogNote) => void;
  onHistory: (note: ShiftLogNote) => void;
}) {
  const { id: buildingId } = useBuilding();
  const notes = useDrawerShiftLogNotes(buildingId, enabled);
  const del = useDeleteNote();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = notes;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === "undefined" || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "200px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (notes.isPending)
    return (
      <Box sx={{ display: "flex", justifyContent: "center", p: 3 }}>
        <CircularProgress aria-label="Loading notes" />
      </Box>
    );
  if (notes.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void notes.refetch()}>
            Retry
          </Button>
        }
      >
        {MESSAGES.failedList(errorMessage(notes.error))}
      </Alert>
    );

  const all = notes.data.pages.flatMap((p) => p.results);
  const total = notes.data.pages[0]?.count ?? all.length;
  if (all.length === 0) return <EmptyState>No shift log notes</EmptyState>;
  const days = groupByDay(all, timeZone);

  return (
    <Box>
      {days.map((group) => (
        <Box key={group.day} sx={{ mb: 2 }}>
          <Typography
            variant="subtitle2"
            component="h4"
            sx={{
              position: "sticky",
              top: 0,
              zIndex: 1,
              bgcolor: "background.paper",
              py: 0.75,
              color: "text.secondary",
              fontWeight: 700,
            }}
          >
            {dayLabel(group.day, group.notes[0], timeZone)}
          </Typography>
          <NoteCardList
            notes={group.notes}
            timeZone={timeZone}
            onEdit={onEdit}
            onHistory={onHistory}
            onDelete={del.ask}
          />
        </Box>
      ))}
      <Box ref={sentinel} sx={{ display: "flex", justifyContent: "center", py: 1 }}>
        {hasNextPage ? (
          <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            Load more notes
          </Button>
        ) : (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {total === 1 ? "1 note" : `All ${total} notes shown`}
          </Typography>
        )}
      </Box>
      {del.dialog}
    </Box>
  );
}
