import { sql } from "drizzle-orm";
import { openCheckinNote } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import {
  amenities,
  amenitySchedules,
  amenityTypes,
  clubBuildings,
  clubMembers,
  clubOpenCheckins,
  clubs,
} from "../schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { DEMO_BUILDINGS } from "./demo-accounts.ts";

/**
 * Clubs and amenities of the demo (buildings with has_amenities: 1, 2 and 4). Other seeds (the
 * amenity reservations) find the types and slots by these names: `DEMO_AMENITY_TYPES`.
 *
 * - The Riverside (1): 'Riverside Pool Club' (open check-in, members, check-ins today and the
 *   last days) with Tennis Court (check-in + QR codes; 07:00–21:00 daily) and Gym ('Always open');
 *   'Residents Lounge', shared with Park Terrace (2), with Party Room (approval + payment, up to
 *   10 guests; 10:00–23:00, closed on Christmas Day) and BBQ (up to 4 guests; Tuesday–Sunday).
 * - Elm Court (4): 'Elm Court Fitness' with a Gym ('Always open').
 */
export const DEMO_CLUBS = {
  pool: "Riverside Pool Club",
  lounge: "Residents Lounge",
  elmFitness: "Elm Court Fitness",
} as const;
export const DEMO_AMENITY_TYPES = {
  partyRoom: "Party Room",
  tennis: "Tennis Court",
  gym: "Gym",
  bbq: "BBQ",
} as const;

const weekly = (open: string, close: string, days = [0, 1, 2, 3, 4, 5, 6]) =>
  days.map((d) => ({ day_of_week: d, is_open: true, open_time: open, close_time: close }));

export async function seedClubs(db: DbOrTx, { now }: { now: Date }) {
  const riverside = DEMO_BUILDINGS.riverside;
  const today = todayIn(riverside.time_zone, now);
  const insertClub = async (v: typeof clubs.$inferInsert) => (await db.insert(clubs).values(v).returning())[0].id;
  const insertType = async (v: typeof amenityTypes.$inferInsert, slots: string[], schedules: object[]) => {
    const [t] = await db.insert(amenityTypes).values(v).returning({ id: amenityTypes.id });
    if (slots.length) await db.insert(amenities).values(slots.map((label) => ({ amenity_type_id: t.id, label })));
    if (schedules.length)
      await db
        .insert(amenitySchedules)
        .values(schedules.map((s) => ({ ...(s as typeof amenitySchedules.$inferInsert), amenity_type_id: t.id })));
    return t.id;
  };

  const pool = await insertClub({
    building_id: riverside.id,
    name: DEMO_CLUBS.pool,
    description: "The rooftop pool, tennis courts and gym. Members check in at the pool desk.",
    is_open: true,
    has_open_checkin: true,
    auto_enroll_members: false,
  });
  const lounge = await insertClub({
    building_id: riverside.id,
    name: DEMO_CLUBS.lounge,
    description: "The party room and the BBQ terrace, shared with Park Terrace.",
    is_open: true,
  });
  await db.insert(clubBuildings).values({ club_id: lounge, building_id: DEMO_BUILDINGS.parkTerrace.id });
  const elm = await insertClub({
    building_id: DEMO_BUILDINGS.elm.id,
    name: DEMO_CLUBS.elmFitness,
    description: "The fitness room.",
    is_open: false,
  });

  const tennis = await insertType(
    {
      club_id: pool,
      building_id: riverside.id,
      name: DEMO_AMENITY_TYPES.tennis,
      label: "Court",
      description: "Two hard courts on the roof.",
      rules: "Tennis shoes only. One hour per booking.",
      location_label: "Roof",
      max_reservation_length: 60,
      has_checkin: true,
      send_qr_codes: true,
      max_persons_permitted_display: 4,
      is_allow_guests: true,
      max_number_guests: 3,
    },
    ["Court 1", "Court 2"],
    weekly("07:00:00", "21:00:00"),
  );
  const gym = await insertType(
    {
      club_id: pool,
      building_id: riverside.id,
      name: DEMO_AMENITY_TYPES.gym,
      label: "Gym",
      description: "Cardio and weights.",
      location_label: "2nd floor",
      max_reservation_length: 120,
      max_user_daily_reservations: 2,
    },
    ["Main floor"],
    [],
  );
  // Christmas Day (this year's, or next year's once it has passed) is closed for the party room.
  const year = Number(today.slice(0, 4));
  const christmas = `${today > `${year}-12-25` ? year + 1 : year}-12-25`;
  const partyRoom = await insertType(
    {
      club_id: lounge,
      building_id: riverside.id,
      name: DEMO_AMENITY_TYPES.partyRoom,
      label: "Party Room",
      description: "Seats 40, with a kitchen and a sound system.",
      rules: "No confetti. Music off by 22:30. The room is inspected after each party.",
      location_label: "Lobby level",
      reservation_note: "A $150 rental fee and a $300 deposit are due before the party.",
      max_reservation_length: 300,
      max_persons_permitted_display: 40,
      is_allow_guests: true,
      max_number_guests: 10,
      reservation_window_days: 90,
      max_user_weekly_reservations: 1,
      is_approval_required_for_reservation: true,
      is_payment_required_for_reservation: true,
    },
    ["Party Room"],
    [...weekly("10:00:00", "23:00:00"), { specific_date: christmas, is_open: false }],
  );
  const bbq = await insertType(
    {
      club_id: lounge,
      building_id: riverside.id,
      name: DEMO_AMENITY_TYPES.bbq,
      label: "Grill",
      description: "Two gas grills on the terrace.",
      location_label: "Terrace",
      max_reservation_length: 120,
      is_allow_guests: true,
      max_number_guests: 4,
    },
    ["Grill 1", "Grill 2"],
    [...weekly("11:00:00", "21:00:00", [1, 2, 3, 4, 5, 6]), { day_of_week: 0, is_open: false }],
  );
  await insertType(
    { club_id: elm, building_id: DEMO_BUILDINGS.elm.id, name: DEMO_AMENITY_TYPES.gym, max_reservation_length: 60 },
    ["Fitness room"],
    [],
  );

  // Members of the pool club: every other resident of the first 48 of active leases of The Riverside.
  const residents = rowsOf<{ id: number }>(
    await db.execute(sql`select oc.id from occupants oc join occupancies o on o.id = oc.occupancy_id
      where o.building_id = ${riverside.id} and o.is_active and oc.is_active order by oc.id limit 48`),
  )
    .map((r) => Number(r.id))
    .filter((_id, i) => i % 2 === 1);
  if (residents.length)
    await db.insert(clubMembers).values(residents.map((id) => ({ club_id: pool, occupant_id: id })));
  // Check-ins: a few today, some on each of the last 6 days.
  const checkins = [];
  for (let back = 0; back < 7; back++) {
    const day = dayjs(today).subtract(back, "day").format("YYYY-MM-DD");
    const who = residents.filter((_id, i) => (i + back) % 3 === 0).slice(0, back === 0 ? 4 : 6);
    for (const [i, id] of who.entries()) {
      const guests = (i + back) % 2;
      checkins.push({
        club_id: pool,
        occupant_id: id,
        day,
        note: openCheckinNote(guests),
        guests,
        checked_in_at: dayjs.tz(`${day} ${String(10 + i).padStart(2, "0")}:15`, riverside.time_zone).toDate(),
      });
    }
  }
  if (checkins.length) await db.insert(clubOpenCheckins).values(checkins);
  return { clubs: 3, amenity_types: { tennis, gym, party_room: partyRoom, bbq } };
}
