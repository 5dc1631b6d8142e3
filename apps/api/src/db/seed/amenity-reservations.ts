import { and, asc, eq, sql } from "drizzle-orm";
import type { AmenityReservationType, ApprovalStatus, PaymentStatus } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { amenities, amenityReservations, amenityTypes, users } from "../schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { DEMO_AMENITY_TYPES } from "./clubs.ts";
import { DEMO_BUILDINGS } from "./demo-accounts.ts";

/**
 * Amenity reservations of the demo (The Riverside, after the clubs): resident (TR), admin (ER)
 * and unavailable (CR) bookings today, tomorrow and the next days; on the Party Room pending and
 * approved ones, paid and unpaid; a Tennis Court booking checked in this morning; a cancelled one.
 */

interface Plan {
  type: string;
  kind: AmenityReservationType;
  /** Days from today. */
  day: number;
  start: string;
  end: string;
  /** Index into the building's residents (TR). */
  resident?: number;
  guests?: number;
  approval?: ApprovalStatus;
  payment?: PaymentStatus;
  contact?: string;
  reason?: string;
  checked_in?: boolean;
  cancelled?: boolean;
  /** The second slot of the type. */
  second?: boolean;
}

const T = DEMO_AMENITY_TYPES;
const PLANS: Plan[] = [
  { type: T.tennis, kind: "TR", day: 0, start: "07:00", end: "08:00", resident: 0, checked_in: true },
  { type: T.tennis, kind: "TR", day: 0, start: "18:00", end: "19:00", resident: 1, guests: 1 },
  { type: T.tennis, kind: "ER", day: 1, start: "09:00", end: "10:00", contact: "Tennis pro lesson (Coach Rivera)" },
  { type: T.tennis, kind: "TR", day: 1, start: "17:00", end: "18:00", resident: 6, guests: 2, second: true },
  { type: T.tennis, kind: "CR", day: 2, start: "07:00", end: "12:00", reason: "Court resurfacing" },
  { type: T.gym, kind: "TR", day: 0, start: "06:00", end: "07:00", resident: 5 },
  { type: T.gym, kind: "TR", day: 1, start: "06:30", end: "07:30", resident: 7 },
  {
    type: T.partyRoom,
    kind: "TR",
    day: 0,
    start: "19:00",
    end: "22:00",
    resident: 2,
    guests: 8,
    approval: "APPROVED",
    payment: "RENTAL_AND_DEPOSIT_PAID",
  },
  {
    type: T.partyRoom,
    kind: "TR",
    day: 1,
    start: "14:00",
    end: "17:00",
    resident: 3,
    guests: 5,
    approval: "PENDING",
    payment: "NOT_PAID",
  },
  {
    type: T.partyRoom,
    kind: "TR",
    day: 3,
    start: "18:00",
    end: "22:00",
    resident: 4,
    guests: 10,
    approval: "PENDING",
    payment: "DEPOSIT_PAID",
  },
  {
    type: T.partyRoom,
    kind: "ER",
    day: 4,
    start: "18:00",
    end: "20:00",
    contact: "Board meeting",
    approval: "APPROVED",
    payment: "NOT_PAID",
  },
  {
    type: T.partyRoom,
    kind: "TR",
    day: 5,
    start: "12:00",
    end: "14:00",
    resident: 8,
    guests: 4,
    approval: "CANCELLED",
    payment: "NOT_PAID",
    cancelled: true,
  },
  { type: T.partyRoom, kind: "CR", day: 6, start: "10:00", end: "23:00", reason: "Carpet cleaning" },
  { type: T.bbq, kind: "TR", day: 2, start: "12:00", end: "14:00", resident: 9, guests: 3 },
  { type: T.bbq, kind: "ER", day: 3, start: "16:00", end: "18:00", contact: "Building summer social" },
];

export async function seedAmenityReservations(db: DbOrTx, { now }: { now: Date }): Promise<{ reservations: number }> {
  const b = DEMO_BUILDINGS.riverside;
  const today = todayIn(b.time_zone, now);
  const slots = await db
    .select({ id: amenities.id, type_id: amenityTypes.id, type: amenityTypes.name })
    .from(amenities)
    .innerJoin(amenityTypes, eq(amenityTypes.id, amenities.amenity_type_id))
    .where(and(eq(amenityTypes.building_id, b.id), eq(amenities.is_active, true)))
    .orderBy(asc(amenities.id));
  const residents = rowsOf<{ occupant_id: number; occupancy_id: number; apartment_id: number }>(
    await db.execute(sql`select oc.id as occupant_id, o.id as occupancy_id, o.apartment_id
      from occupants oc join occupancies o on o.id = oc.occupancy_id
      where o.building_id = ${b.id} and o.is_active and oc.is_active order by oc.id limit 20`),
  );
  const [desk] = await db.select({ id: users.id }).from(users).where(eq(users.username, "amenity"));
  const at = (day: string, time: string) => dayjs.tz(`${day} ${time}`, b.time_zone).toDate();
  const rows: (typeof amenityReservations.$inferInsert)[] = [];
  for (const p of PLANS) {
    const ofType = slots.filter((s) => s.type === p.type);
    const slot = (p.second && ofType[1]) || ofType[0];
    const who = p.resident !== undefined ? residents[p.resident % Math.max(residents.length, 1)] : undefined;
    if (!slot || (p.kind === "TR" && !who)) continue;
    const day = dayjs(today).add(p.day, "day").format("YYYY-MM-DD");
    rows.push({
      building_id: b.id,
      amenity_id: slot.id,
      amenity_type_id: slot.type_id,
      occupant_id: who?.occupant_id ?? null,
      occupancy_id: who?.occupancy_id ?? null,
      apartment_id: who?.apartment_id ?? null,
      type: p.kind,
      start_time: at(day, p.start),
      end_time: at(day, p.end),
      approval_status: p.approval ?? null,
      payment_status: p.payment ?? null,
      is_checked_in: !!p.checked_in,
      is_cancelled: !!p.cancelled,
      reason: p.reason ?? "",
      contact: p.contact ?? "",
      guests: p.guests ?? 0,
      entered_by_id: desk?.id ?? null,
      date_created: now,
      last_modified: now,
    });
  }
  if (rows.length) await db.insert(amenityReservations).values(rows);
  return { reservations: rows.length };
}
