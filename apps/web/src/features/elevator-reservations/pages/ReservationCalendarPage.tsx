import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import {
  ELEVATOR_DAY_CELL_MAX,
  ELEVATOR_MAX_LIMIT,
  ELEVATOR_MESSAGES as M,
  ELEVATOR_STATUS_DISPLAY,
  ELEVATOR_STATUSES,
  type ElevatorStatus,
} from "@portico/contract";
import { NotFound } from "../../../components/NotFound.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useElevatorReservations } from "../api.ts";
import { RESERVATIONS_TITLE, ReservationsHeader } from "../components/ReservationsHeader.tsx";
import { eventTitleOf, reservationPaths } from "../model.ts";

/** Each status's colour on the calendar (and in its legend). */
const STATUS_COLORS: Record<ElevatorStatus, string> = {
  REQUESTED: "#ed6c02",
  APPROVED: "#2e7d32",
  DENIED: "#757575",
  CANCELLED: "#9e9e9e",
};

const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * /{building}/reservations/calendar (document 3 sections 2 and 9): a month of the building's
 * service elevator reservations (FullCalendar month view, building-local times). A day cell shows
 * at most 3, then 'Show all (n more)'; clicking a day opens a new reservation on that date,
 * clicking a reservation its edit page.
 */
export function Component() {
  usePageTitle(RESERVATIONS_TITLE);
  const can = useCan();
  if (!can("elevator.use")) return <NotFound />;
  return <CalendarPage />;
}

function CalendarPage() {
  const { id: building } = useBuilding();
  const navigate = useNavigate();
  // The visible range (the month view's weeks), set by the calendar.
  const [range, setRange] = useState<{ from: string; until: string } | null>(null);
  const list = useElevatorReservations(
    building,
    { min_start_date: range?.from, max_start_date: range?.until, limit: ELEVATOR_MAX_LIMIT, ordering: "start_time" },
    { enabled: range !== null },
  );
  const events = useMemo(
    () =>
      (list.data?.results ?? []).map((r) => ({
        id: String(r.id),
        title: eventTitleOf(r),
        start: `${r.reservation_date}T${r.start_clock}:00`,
        end: `${r.reservation_date}T${r.end_clock}:00`,
        color: STATUS_COLORS[r.status],
        textColor: "#fff",
        classNames: r.status === "CANCELLED" || r.status === "DENIED" ? ["elevator-event-closed"] : [],
        extendedProps: { status: r.status_display },
      })),
    [list.data],
  );

  return (
    <Box>
      <ReservationsHeader building={building} tab="calendar" />
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {M.listError(errorMessage(list.error))}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label="Legend"
        sx={{ listStyle: "none", p: 0, m: 0, mb: 1, display: "flex", flexWrap: "wrap", gap: 2, fontSize: "0.85rem" }}
      >
        {ELEVATOR_STATUSES.map((s) => (
          <Box component="li" key={s} sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
            <Box component="span" sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: STATUS_COLORS[s] }} />
            {ELEVATOR_STATUS_DISPLAY[s]}
          </Box>
        ))}
      </Box>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 1, sm: 2 },
          "& .fc-daygrid-day": { cursor: "pointer" },
          "& .elevator-event-closed": { textDecoration: "line-through", opacity: 0.75 },
        }}
      >
        <FullCalendar
          plugins={[classicThemePlugin, dayGridPlugin, interactionPlugin]}
          initialView="dayGridMonth"
          headerToolbar={{ start: "title", end: "today prev,next" }}
          eventDisplay="block"
          height="auto"
          events={events}
          dayMaxEvents={ELEVATOR_DAY_CELL_MAX}
          moreLinkText={(n: number) => M.showAll(n)}
          eventTimeFormat={{ hour: "numeric", minute: "2-digit", meridiem: "short" }}
          datesSet={(info) => {
            const last = new Date(info.end.getTime() - 86_400_000);
            const next = { from: dayOf(info.start), until: dayOf(last) };
            setRange((cur) => (cur?.from === next.from && cur.until === next.until ? cur : next));
          }}
          dateClick={(info) => void navigate(reservationPaths.create(building, dayOf(info.date)))}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            void navigate(reservationPaths.edit(building, Number(info.event.id)));
          }}
        />
      </Paper>
    </Box>
  );
}
