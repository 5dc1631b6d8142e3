import { useEffect, useState } from "react";
import dayjs from "dayjs";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import {
  AMENITY_CALENDAR_HOURS,
  AMENITY_CALENDAR_HOURS_MOBILE,
  AMENITY_CALENDAR_LABEL_WIDTH,
  type AmenityReservation,
  type AmenityScheduleRow,
  isInsideOpenHours,
  MESSAGES,
  timeOfMinutes,
} from "@portico/contract";
import { DateField } from "../../../components/DateField.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { dayInZone, formatZonedDayHeading, inZone } from "../../../lib/zonedDates.ts";
import { useAmenitySchedule } from "../api.ts";
import { cellsOf, clampWindowStart, clockLabel, defaultWindowStart, nowFraction, placeOf, SLOT_MINUTES } from "../calendar.ts";
import { CLOSED_COLOUR, KIND_COLOURS, whoOf } from "../model.ts";
import { Legend } from "./Legend.tsx";

/** Minutes after the building's midnight of an instant, on `day` (clamped to the day). */
function minutesOn(iso: string, day: string, tz?: string | null): number {
  const d = inZone(iso, tz);
  const date = d.format("YYYY-MM-DD");
  if (date < day) return 0;
  if (date > day) return 24 * 60;
  return d.hour() * 60 + d.minute();
}

interface CalendarProps {
  building: number;
  tz?: string | null;
  day: string;
  onDayChange: (day: string) => void;
  /** Only this amenity type's amenities. */
  amenityType?: number;
  /** Only this amenity (the club's amenity view shows one at a time). */
  amenityId?: number;
  /** A free cell was clicked (only given to those who may book). */
  onFreeCell?: (amenityId: number, day: string, start: string, end: string) => void;
  onReservation: (r: AmenityReservation) => void;
}

/**
 * The amenities × time grid (document 3 sections 2 and 9): one row per amenity, 30-minute cells
 * over 12 hours (4 on phones), a 160 px label column, previous/next and a date picker, a
 * current-time line, closed cells grey; bookings coloured Resident / Admin / Unavailable.
 */
export function AmenityCalendar({
  building,
  tz,
  day,
  onDayChange,
  amenityType,
  amenityId,
  onFreeCell,
  onReservation,
}: CalendarProps) {
  const mobile = useIsMobile();
  const hours = mobile ? AMENITY_CALENDAR_HOURS_MOBILE : AMENITY_CALENDAR_HOURS;
  const today = dayInZone(tz);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  const nowZoned = inZone(now, tz);
  const nowMinutes = day === today ? nowZoned.hour() * 60 + nowZoned.minute() : null;
  const [start, setStart] = useState<number | null>(null);
  const windowStart = start ?? defaultWindowStart(hours, nowMinutes);
  const schedule = useAmenitySchedule(building, day, amenityType);
  const rows = (schedule.data?.amenities ?? []).filter((r) => amenityId === undefined || r.amenity.id === amenityId);
  const cells = cellsOf(windowStart, hours);
  const line = nowFraction(nowMinutes, windowStart, hours);
  const shiftDay = (n: number) => {
    setStart(null);
    onDayChange(dayjs(day).add(n, "day").format("YYYY-MM-DD"));
  };
  const shiftWindow = (n: number) => setStart(clampWindowStart(windowStart + n * 60, hours));
  const columns = `${AMENITY_CALENDAR_LABEL_WIDTH}px repeat(${cells.length}, minmax(28px, 1fr))`;

  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1.5 }}>
        <IconButton aria-label="Previous day" onClick={() => shiftDay(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Box sx={{ width: 200 }}>
          <DateField label="Day" value={day} size="small" onChange={(v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && onDayChange(v)} />
        </Box>
        <IconButton aria-label="Next day" onClick={() => shiftDay(1)}>
          <ChevronRightIcon />
        </IconButton>
        <Typography sx={{ fontWeight: 600, flex: "1 1 auto" }}>{formatZonedDayHeading(`${day}T12:00:00`)}</Typography>
        <IconButton aria-label="Earlier hours" onClick={() => shiftWindow(-hours / 2)} disabled={windowStart === 0}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="body2">
          {clockLabel(windowStart)} – {clockLabel(windowStart + hours * 60)}
        </Typography>
        <IconButton
          aria-label="Later hours"
          onClick={() => shiftWindow(hours / 2)}
          disabled={windowStart + hours * 60 >= 24 * 60}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Legend withClosed />
      {schedule.isFetching && <LinearProgress aria-label="Loading the schedule" sx={{ mb: 0.5 }} />}
      {schedule.isError && <Alert severity="error">{MESSAGES.failedList(errorMessage(schedule.error))}</Alert>}
      <Box sx={{ overflowX: "auto" }}>
        <Box
          role="grid"
          aria-label="Amenity schedule"
          sx={{ display: "grid", gridTemplateColumns: columns, minWidth: mobile ? 0 : 640, position: "relative" }}
        >
          <Box role="row" sx={{ display: "contents" }}>
            <Box role="columnheader" sx={{ p: 0.5, fontWeight: 600, borderBottom: 1, borderColor: "divider" }}>
              Amenity
            </Box>
            {cells.map((t) => (
              <Box
                key={t}
                role="columnheader"
                sx={{ fontSize: 11, px: 0.25, borderBottom: 1, borderLeft: 1, borderColor: "divider", whiteSpace: "nowrap" }}
              >
                {t % 60 === 0 ? clockLabel(t).replace(":00", "") : ""}
              </Box>
            ))}
          </Box>
          {rows.length === 0 && schedule.data && (
            <Box sx={{ gridColumn: "1 / -1", p: 2, color: "text.secondary" }}>No reservations</Box>
          )}
          {rows.map((row, i) => (
            <CalendarRow
              key={row.amenity.id}
              row={row}
              rowIndex={i + 2}
              day={day}
              tz={tz}
              cells={cells}
              windowStart={windowStart}
              hours={hours}
              onFreeCell={onFreeCell}
              onReservation={onReservation}
            />
          ))}
          {line !== null && rows.length > 0 && (
            <Box
              aria-hidden
              data-testid="now-line"
              sx={{
                position: "absolute",
                top: 0,
                bottom: 0,
                width: "2px",
                bgcolor: "error.main",
                pointerEvents: "none",
                left: `calc(${AMENITY_CALENDAR_LABEL_WIDTH}px + (100% - ${AMENITY_CALENDAR_LABEL_WIDTH}px) * ${line})`,
              }}
            />
          )}
        </Box>
      </Box>
    </Box>
  );
}

function CalendarRow({
  row,
  rowIndex,
  day,
  tz,
  cells,
  windowStart,
  hours,
  onFreeCell,
  onReservation,
}: {
  row: AmenityScheduleRow;
  rowIndex: number;
  day: string;
  tz?: string | null;
  cells: number[];
  windowStart: number;
  hours: number;
  onFreeCell?: CalendarProps["onFreeCell"];
  onReservation: (r: AmenityReservation) => void;
}) {
  const booked = row.reservations.map((r) => ({
    r,
    from: minutesOn(r.start_time, day, tz),
    to: minutesOn(r.end_time, day, tz),
  }));
  const open = (t: number) => !row.has_schedule || isInsideOpenHours(t, t + SLOT_MINUTES, row.open_hours);
  const taken = (t: number) => booked.some((b) => b.from < t + SLOT_MINUTES && t < b.to);
  return (
    <Box role="row" sx={{ display: "contents" }}>
      <Box
        role="rowheader"
        sx={{
          gridRow: rowIndex,
          gridColumn: 1,
          p: 0.75,
          borderBottom: 1,
          borderColor: "divider",
          fontSize: 14,
          overflow: "hidden",
          textOverflow: "ellipsis",
        }}
        title={`${row.amenity.amenity_type_name} — ${row.amenity.label}`}
      >
        <strong>{row.amenity.label}</strong>
        <Typography variant="caption" component="div" color="text.secondary" noWrap>
          {row.amenity.amenity_type_name}
        </Typography>
      </Box>
      {cells.map((t, c) => {
        const closed = !open(t);
        const free = !closed && !taken(t);
        const label = `${row.amenity.label} ${clockLabel(t)}${closed ? " closed" : free ? " free" : ""}`;
        const sx = {
          gridRow: rowIndex,
          gridColumn: c + 2,
          minHeight: 44,
          borderBottom: 1,
          borderLeft: 1,
          borderColor: "divider",
          bgcolor: closed ? CLOSED_COLOUR : "background.paper",
        };
        return free && onFreeCell ? (
          <ButtonBase
            key={t}
            role="gridcell"
            aria-label={`Book ${label}`}
            sx={{ ...sx, "&:hover": { bgcolor: "action.hover" } }}
            onClick={() => onFreeCell(row.amenity.id, day, timeOfMinutes(t), timeOfMinutes(t + SLOT_MINUTES))}
          />
        ) : (
          <Box key={t} role="gridcell" aria-label={label} sx={sx} />
        );
      })}
      {booked.map(({ r, from, to }) => {
        const place = placeOf(from, to, windowStart, hours);
        if (!place) return null;
        const colour = KIND_COLOURS[r.amenity_reservation_type];
        return (
          <ButtonBase
            key={r.id}
            onClick={() => onReservation(r)}
            aria-label={`${whoOf(r)}, ${r.amenity.label}`}
            data-testid="calendar-booking"
            sx={{
              gridRow: rowIndex,
              gridColumn: `${place.column + 2} / span ${place.span}`,
              m: "3px",
              px: 0.75,
              borderRadius: 1,
              bgcolor: colour.bg,
              color: colour.fg,
              fontSize: 12,
              justifyContent: "flex-start",
              overflow: "hidden",
              whiteSpace: "nowrap",
              textOverflow: "ellipsis",
              zIndex: 1,
              opacity: r.approval_status === "PENDING" ? 0.8 : 1,
              outline: r.is_checked_in ? "2px solid #ffb300" : undefined,
            }}
          >
            {whoOf(r)}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
