import { useId, useState } from "react";
import { useQueries } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import {
  AMENITY_RESERVATION_PROFILE_PAGE_SIZE,
  AMENITY_RESERVATION_PROFILE_PAST_DAYS,
  CLUB_MEMBERS_MAX_LIMIT,
  type ClubMember,
  MESSAGES,
} from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { api, errorMessage, type Page } from "../../../lib/api.ts";
import { useOptionalBuilding } from "../../../lib/session.tsx";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { amenityReservationKeys, useAmenityReservations, useBuildingClubs } from "../api.ts";
import { whoOf } from "../model.ts";
import { timeRangeOf } from "./ReservationStatus.tsx";

type Span = "upcoming" | "past";

interface ProfileResident {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * The unit profile's amenity reservations and clubs (document 1 sections 2.4 and 4): upcoming
 * (from today) or the past 30 days, blocks left out, each tagged Cancelled or Upcoming, 20 at a
 * time ('Load more'); then the building's clubs, Open/Closed, and which residents are members.
 */
export function ProfileAmenityPanel({
  buildingId,
  occupancyId,
  residents,
}: {
  buildingId: number;
  occupancyId: number;
  residents: readonly ProfileResident[];
}) {
  const headingId = useId();
  const tz = useOptionalBuilding()?.building?.time_zone;
  const [span, setSpan] = useState<Span>("upcoming");
  const [limit, setLimit] = useState(AMENITY_RESERVATION_PROFILE_PAGE_SIZE);
  const today = dayInZone(tz);
  const params =
    span === "upcoming"
      ? { min_start_date: today, ordering: "start_time" }
      : {
          min_start_date: dayInZone(tz, AMENITY_RESERVATION_PROFILE_PAST_DAYS),
          max_start_date: dayInZone(tz, 1),
          ordering: "-start_time",
        };
  const list = useAmenityReservations(buildingId, {
    ...params,
    occupancy: occupancyId,
    amenity_reservation_type: "TR,ER",
    include_cancelled: 1,
    limit,
  });
  const rows = list.data?.results ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        Amenity reservations
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={span}
        onChange={(_, v: Span | null) => {
          if (!v) return;
          setSpan(v);
          setLimit(AMENITY_RESERVATION_PROFILE_PAGE_SIZE);
        }}
        aria-label="Reservations to show"
        sx={{ mb: 1 }}
      >
        <ToggleButton value="upcoming">Upcoming</ToggleButton>
        <ToggleButton value="past">Past 30 days</ToggleButton>
      </ToggleButtonGroup>
      {list.isPending ? (
        <SectionProgress label="Loading amenity reservations" />
      ) : list.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(list.error))}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No reservations</Typography>
      ) : (
        <Box component="ul" aria-label="Amenity reservations" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
          {rows.map((r) => (
            <Box component="li" key={r.id}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{r.amenity.label}</Typography>
                {r.is_cancelled ? (
                  <Chip size="small" label="Cancelled" />
                ) : (
                  r.date >= today && <Chip size="small" color="primary" label="Upcoming" />
                )}
              </Box>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {timeRangeOf(r, tz)} · {whoOf(r)}
                {r.approval_status_display ? ` · ${r.approval_status_display}` : ""}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {(list.data?.count ?? 0) > rows.length && (
        <Button size="small" onClick={() => setLimit((n) => n + AMENITY_RESERVATION_PROFILE_PAGE_SIZE)} sx={{ mt: 1 }}>
          Load more
        </Button>
      )}
      <ResidentClubs buildingId={buildingId} residents={residents} />
    </Paper>
  );
}

function ResidentClubs({ buildingId, residents }: { buildingId: number; residents: readonly ProfileResident[] }) {
  const clubs = useBuildingClubs(buildingId);
  const members = useQueries({
    queries: (clubs.data ?? []).map((c) => ({
      queryKey: [...amenityReservationKeys.setup, "members", c.id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<Page<ClubMember> | ClubMember[]>(`/clubs/clubs/${c.id}/members/`, { limit: CLUB_MEMBERS_MAX_LIMIT }, signal),
    })),
  });
  if (!clubs.data || clubs.data.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 0.5 }}>
        Clubs
      </Typography>
      <Box component="ul" aria-label="Clubs" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
        {clubs.data.map((c, i) => {
          const data = members[i]?.data;
          const ids = new Set((Array.isArray(data) ? data : (data?.results ?? [])).map((m) => m.occupant_id));
          return (
            <Box component="li" key={c.id}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
                <Chip size="small" label={c.is_open ? "Open" : "Closed"} color={c.is_open ? "success" : "default"} />
              </Box>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {residents
                  .map((o) => `${o.first_name} ${o.last_name}: ${ids.has(o.id) ? "Member" : "Not a member"}`)
                  .join(" · ")}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
