import { useState } from "react";
import { useParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { AMENITY_GUEST_LIST_LIMIT, type AmenityReservation, MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { TabbedPanel } from "../../../components/TabbedPanel.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { useAmenitySchedule, useBuildingClubs, useGuestList } from "../api.ts";
import { AmenityCalendar } from "../components/AmenityCalendar.tsx";
import { type DrawerTarget, ReservationDrawer } from "../components/ReservationDrawer.tsx";
import { timeRangeOf } from "../components/ReservationStatus.tsx";
import { amenityPaths, whoOf } from "../model.ts";

export function Component() {
  const can = useCan();
  const { id: building } = useBuilding();
  const { clubId = "" } = useParams();
  const clubs = useBuildingClubs(building, can("club.view"));
  if (!can("club.view")) return <NotFound />;
  if (clubs.isPending) return <SectionProgress label="Loading the club" />;
  const club = clubs.data?.find((c) => String(c.id) === clubId);
  if (!club) return <NotFound />;
  return <Page clubId={club.id} name={club.name} />;
}

/**
 * /{building}/clubs/{club}/amenity-view (document 3 section 2): the guest list (today's bookings
 * with guests, the first 50) beside a day's schedule of each of the club's amenities (a tab each)
 * with day navigation.
 */
function Page({ clubId, name }: { clubId: number; name: string }) {
  usePageTitle(`${name} amenities`);
  const can = useCan();
  const { id: building, building: b } = useBuilding();
  const tz = b?.time_zone;
  const [day, setDay] = useState(() => dayInZone(tz));
  const schedule = useAmenitySchedule(building, day);
  const amenities = (schedule.data?.amenities ?? []).filter((r) => r.amenity.club_id === clubId);
  const [tab, setTab] = useState<string | null>(null);
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  const tabs = amenities.map((r) => ({ key: String(r.amenity.id), label: r.amenity.label }));
  const current = tabs.find((t) => t.key === tab) ?? tabs[0];

  return (
    <Box>
      <PageHeader title={`${name} amenities`} back={{ to: amenityPaths.list(building), label: "Amenity reservations" }} />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { md: "300px minmax(0, 1fr)" }, alignItems: "start" }}>
        <GuestList clubId={clubId} onOpen={(r) => setTarget({ mode: "edit", reservation: r })} />
        <Paper variant="outlined">
          {current ? (
            <TabbedPanel label="Amenities" tabs={tabs} current={current} titleOf={(t) => t.label} onChange={setTab} panelSx={{ p: 2 }}>
              <AmenityCalendar
                building={building}
                tz={tz}
                day={day}
                onDayChange={setDay}
                amenityId={Number(current.key)}
                onReservation={(r) => setTarget({ mode: "edit", reservation: r })}
                onFreeCell={
                  can("amenity.book")
                    ? (amenityId, date, start, end) => setTarget({ mode: "new", amenityId, date, start, end })
                    : undefined
                }
              />
            </TabbedPanel>
          ) : schedule.isPending ? (
            <SectionProgress label="Loading the schedule" />
          ) : (
            <Typography sx={{ p: 2, color: "text.secondary" }}>No amenities</Typography>
          )}
        </Paper>
      </Box>
      <ReservationDrawer target={target} onClose={() => setTarget(null)} />
    </Box>
  );
}

function GuestList({ clubId, onOpen }: { clubId: number; onOpen: (r: AmenityReservation) => void }) {
  const tz = useBuilding().building?.time_zone;
  const list = useGuestList(clubId);
  const rows = list.data?.results ?? [];
  return (
    <Paper variant="outlined" component="aside" aria-label="Guest list" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Guest list
      </Typography>
      {list.isPending ? (
        <SectionProgress label="Loading the guest list" />
      ) : list.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(list.error))}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>No results</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
          {rows.map((r) => (
            <Box component="li" key={r.id} sx={{ cursor: "pointer" }} onClick={() => onOpen(r)}>
              <Typography sx={{ fontWeight: 600 }}>
                {whoOf(r)} · {r.guests} {r.guests === 1 ? "guest" : "guests"}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {r.amenity.label} · {timeRangeOf(r, tz)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {(list.data?.count ?? 0) > AMENITY_GUEST_LIST_LIMIT && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {AMENITY_GUEST_LIST_LIMIT} of {list.data?.count}
        </Typography>
      )}
    </Paper>
  );
}
