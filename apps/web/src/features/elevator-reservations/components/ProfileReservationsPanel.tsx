import { useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import ListAltIcon from "@mui/icons-material/ListAlt";
import { ELEVATOR_PAGE_SIZE, MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useOptionalBuilding } from "../../../lib/session.tsx";
import { dayInZone, formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useElevatorReservations } from "../api.ts";
import { dayLabel, reservationPaths, timeRangeOf } from "../model.ts";

/** The profile's past window (document 1 section 9): 30 days ago up to yesterday. */
const PAST_DAYS = 30;

/**
 * The unit profile's service elevator Reservations panel (document 1 sections 2.4 and 9): the
 * unit's upcoming reservations (from today) or those of the past 30 days, each with its type,
 * times, details, status, who entered it and when; links to the list and to each edit page.
 */
export function ProfileReservationsPanel({ buildingId, occupancyId }: { buildingId: number; occupancyId: number }) {
  const headingId = useId();
  const tz = useOptionalBuilding()?.building?.time_zone;
  const [when, setWhen] = useState<"upcoming" | "past">("upcoming");
  const range =
    when === "upcoming"
      ? { min_start_date: dayInZone(tz), ordering: "start_time" }
      : { min_start_date: dayInZone(tz, PAST_DAYS), max_start_date: dayInZone(tz, 1), ordering: "-start_time" };
  const query = useElevatorReservations(buildingId, { occupancy: occupancyId, limit: ELEVATOR_PAGE_SIZE, ...range });
  const rows = query.data?.results ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: 1 }}>
          Reservations
        </Typography>
        <Button size="small" component={RouterLink} to={reservationPaths.list(buildingId)} startIcon={<ListAltIcon />}>
          All reservations
        </Button>
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={when}
        onChange={(_, v: "upcoming" | "past" | null) => v && setWhen(v)}
        aria-label="Reservations shown"
        sx={{ mb: 1 }}
      >
        <ToggleButton value="upcoming">Upcoming</ToggleButton>
        <ToggleButton value="past">Past {PAST_DAYS} days</ToggleButton>
      </ToggleButtonGroup>
      {query.isPending ? (
        <SectionProgress label="Loading reservations" />
      ) : query.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(query.error))}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No reservations</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Service elevator reservations"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
        >
          {rows.map((r) => (
            <Box component="li" key={r.id}>
              <Link component={RouterLink} to={reservationPaths.edit(buildingId, r.id)} sx={{ fontWeight: 600 }}>
                {r.reservation_type_name}
              </Link>{" "}
              · {dayLabel(r.reservation_date)} {timeRangeOf(r)} · {r.status_display}
              {r.details_text && (
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                  {r.details_text}
                </Typography>
              )}
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                Entered {formatZonedDateTime(r.date_created, tz)}
                {r.entered_by ? ` by ${r.entered_by}` : ""}
              </Typography>
            </Box>
          ))}
          {(query.data?.count ?? 0) > rows.length && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {`${(query.data?.count ?? 0) - rows.length} more in the list`}
            </Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}
