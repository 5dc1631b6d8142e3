import { sql } from "drizzle-orm";
import { addDays, type ElevatorStatus } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { elevatorReservations, reservationTypeBuildings, reservationTypes } from "../schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";

/** The portfolio's service elevator reservation types (Delivery is immutable). */
export const DEMO_RESERVATION_TYPES = [
  {
    name: "Move-In",
    short_name: "MI",
    display_order: 1,
    instructions_text: "Pad the elevator and reserve the loading dock. A certificate of insurance is required.",
    new_reservation_email_text:
      "A move-in was booked on the service elevator. Please confirm the certificate of insurance.",
    email_recipients: "manager@portico.example",
    is_immutable: false,
  },
  {
    name: "Move-Out",
    short_name: "MO",
    display_order: 2,
    instructions_text: "Check the lease end date and schedule the move-out inspection.",
    new_reservation_email_text: "A move-out was booked on the service elevator.",
    email_recipients: "manager@portico.example; office@portico.example",
    is_immutable: false,
  },
  {
    name: "Delivery",
    short_name: "DL",
    display_order: 3,
    instructions_text: "Large deliveries only (furniture, appliances).",
    new_reservation_email_text: "",
    email_recipients: "",
    is_immutable: true,
  },
] as const;

type Q = <T>(s: ReturnType<typeof sql>) => Promise<T[]>;

/** The statuses the month's reservations take, in turn. */
const STATUS_CYCLE: ElevatorStatus[] = ["REQUESTED", "APPROVED", "APPROVED", "DENIED", "CANCELLED", "REQUESTED"];
/** Start clocks (building time) and lengths in hours, in turn: no two share a day and a start. */
const SLOTS = [
  ["09:00", 2],
  ["11:30", 1],
  ["14:00", 3],
  ["08:00", 1],
  ["17:30", 2],
] as const;

/**
 * Demo service elevator reservations: the three types in every building with has_reservations,
 * and about thirty reservations per such building over the current month (today included) in
 * every status — among them an early Move-Out (lease ending months later) and a Move-In before
 * its lease starts (outside the lease). Approved ones never overlap.
 */
export async function seedElevatorReservations(
  db: DbOrTx,
  opts: { now?: Date } = {},
): Promise<{ elevator_reservations: number }> {
  const now = opts.now ?? new Date();
  const q: Q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;
  const blds = await q<{ id: number; time_zone: string }>(sql`
    select b.id, b.time_zone from buildings b join building_settings s on s.building_id = b.id
    where (s.settings -> 'reservationsettings' ->> 'has_reservations')::boolean order by b.id`);
  if (!blds.length) return { elevator_reservations: 0 };
  const existing = await q<{ id: number }>(sql`select id from reservation_types limit 1`);
  if (existing.length) return { elevator_reservations: 0 };
  const types = await db
    .insert(reservationTypes)
    .values([...DEMO_RESERVATION_TYPES])
    .returning();
  await db
    .insert(reservationTypeBuildings)
    .values(types.flatMap((t) => blds.map((b) => ({ reservation_type_id: t.id, building_id: b.id }))));
  const typeId = (short: string) => types.find((t) => t.short_name === short)!.id;
  let count = 0;
  for (const b of blds) {
    const staff = await q<{ id: number; role: string }>(sql`
      select u.id, u.role from users u join user_buildings ub on ub.user_id = u.id
      where ub.building_id = ${b.id} and u.is_active and u.role in ('FD', 'MG')
      order by (u.role = 'MG') desc, u.id`);
    const manager = staff.find((s) => s.role === "MG")?.id ?? null;
    const desk = staff.find((s) => s.role === "FD")?.id ?? manager;
    const residents = await q<{
      occupant_id: number;
      occupancy_id: number;
      apartment_id: number;
      lease_start_date: string | null;
      lease_end_date: string | null;
    }>(sql`
      select distinct on (o.id) oc.id as occupant_id, o.id as occupancy_id, o.apartment_id,
        o.lease_start_date::text as lease_start_date, o.lease_end_date::text as lease_end_date
      from occupancies o join apartments a on a.id = o.apartment_id
      join occupants oc on oc.occupancy_id = o.id and oc.is_active
      where o.building_id = ${b.id} and o.is_active and not a.is_management
      order by o.id, oc.id limit 40`);
    if (!residents.length) continue;
    const today = todayIn(b.time_zone, now);
    const monthStart = `${today.slice(0, 8)}01`;
    const days = dayjs(monthStart).daysInMonth();
    const at = (day: string, clock: string) => dayjs.tz(`${day} ${clock}`, "YYYY-MM-DD HH:mm", b.time_zone).toDate();
    const rows: (typeof elevatorReservations.$inferInsert)[] = [];
    const add = (
      i: number,
      day: string,
      type: string,
      status: ElevatorStatus,
      who: (typeof residents)[number],
      extra: Partial<typeof elevatorReservations.$inferInsert> = {},
    ) => {
      const [clock, hours] = SLOTS[i % SLOTS.length];
      const start = at(day, clock);
      const decided = status !== "REQUESTED";
      rows.push({
        building_id: b.id,
        apartment_id: who.apartment_id,
        occupancy_id: who.occupancy_id,
        occupant_id: who.occupant_id,
        reservation_type_id: typeId(type),
        status,
        start_time: start,
        end_time: new Date(start.getTime() + hours * 3_600_000),
        details_text: type === "DL" ? "Sofa and dining table delivery." : "Movers: 3 people, about 40 boxes.",
        deny_reason: status === "DENIED" ? "The loading dock is closed for repairs that day." : "",
        entered_by_id: desk,
        status_changed_by_id: decided ? manager : null,
        status_changed_at: decided ? new Date(start.getTime() - 3 * 86_400_000) : null,
        date_created: new Date(start.getTime() - 7 * 86_400_000),
        ...extra,
      });
    };
    // Through the month: every day a reservation (every third day a second one), types in turn.
    for (let d = 0, i = 0; d < days; d++) {
      const day = addDays(monthStart, d);
      if (day === today) continue;
      for (let k = 0; k < (d % 3 === 0 ? 2 : 1); k++, i++)
        add(i, day, ["MI", "DL", "MO"][i % 3], STATUS_CYCLE[i % STATUS_CYCLE.length], residents[i % residents.length]);
    }
    // Today: one approved, one waiting for a decision.
    add(0, today, "MI", "APPROVED", residents[0], { custom_name: "Swift Movers", custom_phone: "(555) 010-2000" });
    add(2, today, "DL", "REQUESTED", residents[1 % residents.length]);
    // An early Move-Out: a lease ending months after the booking (or without an end).
    const long = residents.find((r) => !r.lease_end_date || r.lease_end_date > addDays(today, 60)) ?? residents[0];
    add(4, addDays(today, 1), "MO", "REQUESTED", long, { details_text: "Leaving early; the lease runs on." });
    // A Move-In outside the lease: the day before the lease starts.
    const started = residents.find((r) => r.lease_start_date && r.lease_start_date <= today) ?? residents[0];
    if (started.lease_start_date)
      add(1, addDays(started.lease_start_date, -1), "MI", "REQUESTED", started, {
        details_text: "Asked to move furniture in before the lease starts.",
      });
    await db.insert(elevatorReservations).values(rows);
    count += rows.length;
  }
  return { elevator_reservations: count };
}
