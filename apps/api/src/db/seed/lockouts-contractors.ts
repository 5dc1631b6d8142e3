import { sql } from "drizzle-orm";
import {
  addDays,
  CONTRACTOR_EVENT_DISPLAY,
  CONTRACTOR_PLACEHOLDER_PHOTO_URL,
  CONTRACTOR_VISIT_ENTITY,
  FOOD_DELIVERY_TYPE_ID,
  LOCKOUT_ENTITY,
  LOCKOUT_EVENT_DISPLAY,
} from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { contractorNotes, contractorTypes, contractorVisits, events, lockouts } from "../schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import { Rng } from "./history.ts";

/** The portfolio's contractor companies (document 2 demo data: 10 companies). */
export const DEMO_CONTRACTOR_COMPANIES = [
  "Acme Plumbing",
  "Bolt Electric",
  "Cityline HVAC",
  "Doorway Locksmiths",
  "Evergreen Pest Control",
  "Fairview Painting",
  "Granite Flooring",
  "Harbor Elevator Service",
  "Ironclad Appliance Repair",
  "Jetstream Window Cleaning",
] as const;

const CONTRACTORS = ["Luis Ortega", "Sam Whitaker", "Priya Nair", "Tom Becker", "Ana Costa", "Mike Dunn", "Kim Lee"];
const VISIT_NOTES = [
  "Replacing the kitchen faucet.",
  "Annual inspection.",
  "Quote for the bathroom floor.",
  "Follow-up on last week's work order.",
  "",
];
const FOLLOW_UPS = [
  "Went up with the porter.",
  "Needs to come back tomorrow for parts.",
  "Left the keys at the desk.",
  "Resident signed off on the work.",
];

type Q = <T>(s: ReturnType<typeof sql>) => Promise<T[]>;

/**
 * Demo lockouts (buildings with lockouts: resident and guest lockouts, one deleted for audit)
 * and contractors (10 companies; per building open and closed visits with notes). Buildings
 * already holding some are left as they are.
 */
export async function seedLockoutsAndContractors(
  db: DbOrTx,
  opts: { now?: Date; log?: (line: string) => void } = {},
): Promise<{ lockouts: number; contractor_visits: number }> {
  const now = opts.now ?? new Date();
  const q: Q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;
  await db
    .insert(contractorTypes)
    .values(DEMO_CONTRACTOR_COMPANIES.map((company_name) => ({ company_name })))
    .onConflictDoNothing();
  const companies = await q<{ id: number; company_name: string }>(
    sql`select id, company_name from contractor_types where is_active order by id`,
  );
  const blds = await q<{ id: number; time_zone: string; has_lockouts: boolean }>(sql`
    select b.id, b.time_zone, coalesce((s.settings -> 'lockoutsettings' ->> 'has_lockouts')::boolean, false) as has_lockouts
    from buildings b left join building_settings s on s.building_id = b.id order by b.id`);
  let lockoutCount = 0;
  let visitCount = 0;
  for (const b of blds) {
    const today = todayIn(b.time_zone, now);
    const at = (dayOffset: number, hour: number, minute = 0) =>
      dayjs.tz(addDays(today, -dayOffset), b.time_zone).add(hour, "hour").add(minute, "minute").toDate();
    const staff = await q<{ id: number }>(sql`
      select u.id from users u join user_buildings ub on ub.user_id = u.id
      where ub.building_id = ${b.id} and u.is_active and u.role in ('FD', 'MG', 'PT')
      order by (u.role = 'FD') desc, u.id`);
    if (!staff.length) continue;
    const rng = new Rng(0x10c0ed + b.id * 104729);
    if (b.has_lockouts) lockoutCount += await seedLockouts(db, q, b.id, today, at, staff, rng);
    visitCount += await seedVisits(db, q, b.id, at, staff, companies, rng, now);
  }
  opts.log?.(`Demo lockouts: ${lockoutCount}, contractor visits: ${visitCount}`);
  return { lockouts: lockoutCount, contractor_visits: visitCount };
}

async function seedLockouts(
  db: DbOrTx,
  q: Q,
  buildingId: number,
  today: string,
  at: (dayOffset: number, hour: number, minute?: number) => Date,
  staff: { id: number }[],
  rng: Rng,
): Promise<number> {
  const [{ has }] = await q<{ has: boolean }>(
    sql`select exists (select 1 from lockouts where building_id = ${buildingId}) as has`,
  );
  if (has) return 0;
  const residents = await q<{ occupancy_id: number; apartment_id: number; occupant_id: number; name: string }>(sql`
    select distinct on (o.id) o.id as occupancy_id, o.apartment_id, oc.id as occupant_id,
      u.first_name || ' ' || u.last_name as name
    from occupancies o join apartments a on a.id = o.apartment_id
      join occupants oc on oc.occupancy_id = o.id and oc.is_active join users u on u.id = oc.user_id
    where o.building_id = ${buildingId} and o.is_active and not a.is_management
    order by o.id, oc.id limit 60`);
  const guests = await q<{ id: number; occupancy_id: number; apartment_id: number; name: string }>(sql`
    select i.id, i.occupancy_id, i.apartment_id, i.name from instructions i join instruction_types t on t.id = i.instruction_type_id
    where i.building_id = ${buildingId} and i.start_date <= ${today}::date and not i.is_manually_expired
      and (i.expiration_date is null or i.expiration_date >= ${today}::date)
      and i.instruction_type_id <> ${FOOD_DELIVERY_TYPE_ID} and not t.is_security
    order by i.id limit 2`);
  if (!residents.length) return 0;
  const pool = rng.shuffle(residents);
  type Row = typeof lockouts.$inferInsert & { who: string };
  const rows: Row[] = [];
  const resident = (i: number, when: Date, extra: Partial<Row> = {}) => {
    const r = pool[i % pool.length];
    rows.push({
      building_id: buildingId,
      occupancy_id: r.occupancy_id,
      apartment_id: r.apartment_id,
      requester_type: "resident",
      occupant_id: r.occupant_id,
      entered_by_id: rng.pick(staff).id,
      date_created: when,
      last_modified: when,
      who: `resident ${r.name}`,
      ...extra,
    });
  };
  resident(0, at(0, 7, 45));
  resident(1, at(1, 22, 10));
  resident(2, at(3, 18, 30));
  resident(3, at(6, 12, 5));
  resident(4, at(12, 23, 50));
  resident(5, at(20, 9, 15));
  guests.forEach((g, i) =>
    rows.push({
      building_id: buildingId,
      occupancy_id: g.occupancy_id,
      apartment_id: g.apartment_id,
      requester_type: "guest",
      instruction_id: g.id,
      entered_by_id: rng.pick(staff).id,
      date_created: at(i, 14 + i, 20),
      last_modified: at(i, 14 + i, 20),
      who: `guest ${g.name}`,
    }),
  );
  // Entered twice by mistake, deleted with a reason (kept for audit, off the lists).
  const deletedBy = rng.pick(staff).id;
  resident(1, at(1, 22, 12), {
    is_deleted: true,
    delete_reason: "Entered twice",
    deleted_by_id: deletedBy,
    deleted_at: at(1, 22, 30),
  });
  const inserted = await db
    .insert(lockouts)
    .values(rows.map(({ who: _who, ...r }) => r))
    .returning({ id: lockouts.id });
  const evs: (typeof events.$inferInsert)[] = [];
  inserted.forEach(({ id }, i) => {
    const r = rows[i];
    const base = { building_id: buildingId, entity_type: LOCKOUT_ENTITY, entity_id: id };
    evs.push({
      ...base,
      type: "LOCKOUT_CREATED",
      type_display: LOCKOUT_EVENT_DISPLAY.LOCKOUT_CREATED,
      note: `Lockout: ${r.who}`,
      performed_by_id: r.entered_by_id ?? null,
      date_created: r.date_created as Date,
    });
    if (r.is_deleted)
      evs.push({
        ...base,
        type: "LOCKOUT_DELETED",
        type_display: LOCKOUT_EVENT_DISPLAY.LOCKOUT_DELETED,
        note: `Lockout deleted: ${r.delete_reason}`,
        performed_by_id: r.deleted_by_id ?? null,
        date_created: r.deleted_at as Date,
      });
  });
  await db.insert(events).values(evs);
  return rows.filter((r) => !r.is_deleted).length;
}

async function seedVisits(
  db: DbOrTx,
  q: Q,
  buildingId: number,
  at: (dayOffset: number, hour: number, minute?: number) => Date,
  staff: { id: number }[],
  companies: { id: number; company_name: string }[],
  rng: Rng,
  now: Date,
): Promise<number> {
  const [{ has }] = await q<{ has: boolean }>(
    sql`select exists (select 1 from contractor_visits where building_id = ${buildingId}) as has`,
  );
  if (has || !companies.length) return 0;
  const units = await q<{ occupancy_id: number; apartment_id: number }>(sql`
    select o.id as occupancy_id, o.apartment_id from occupancies o join apartments a on a.id = o.apartment_id
    where o.building_id = ${buildingId} and o.is_active and not a.is_management order by a.sort_key, o.id limit 40`);
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  // [opened, closed (null: still in the building), with a unit, notes]
  const plan: [Date, Date | null, boolean, number][] = [
    [minutesAgo(25), null, true, 1],
    [minutesAgo(90), null, true, 0],
    [minutesAgo(200), null, false, 2],
    [at(1, 9, 30), at(1, 12, 15), true, 1],
    [at(1, 13, 0), at(1, 16, 40), true, 0],
    [at(3, 10, 0), at(3, 11, 5), false, 1],
    [at(7, 8, 45), at(7, 15, 30), true, 2],
    [at(15, 11, 20), at(15, 12, 0), true, 0],
  ];
  const pickedCompanies = rng.shuffle(companies);
  const rows = plan.map(([opened, closed, withUnit], i) => {
    const u = withUnit && units.length ? rng.pick(units) : null;
    return {
      building_id: buildingId,
      contractor_type_id: pickedCompanies[i % pickedCompanies.length].id,
      name: rng.pick(CONTRACTORS),
      note: rng.pick(VISIT_NOTES),
      apartment_id: u?.apartment_id ?? null,
      occupancy_id: u?.occupancy_id ?? null,
      photo_url: CONTRACTOR_PLACEHOLDER_PHOTO_URL,
      opened_by_id: rng.pick(staff).id,
      date_closed: closed,
      closed_by_id: closed ? rng.pick(staff).id : null,
      date_created: opened,
      last_modified: closed ?? opened,
    };
  });
  const inserted = await db.insert(contractorVisits).values(rows).returning({ id: contractorVisits.id });
  const notes: (typeof contractorNotes.$inferInsert)[] = [];
  const evs: (typeof events.$inferInsert)[] = [];
  inserted.forEach(({ id }, i) => {
    const r = rows[i];
    const base = { building_id: buildingId, entity_type: CONTRACTOR_VISIT_ENTITY, entity_id: id };
    evs.push({
      ...base,
      type: "CONTRACTOR_VISIT_OPENED",
      type_display: CONTRACTOR_EVENT_DISPLAY.CONTRACTOR_VISIT_OPENED,
      note: `${r.name} entered the building`,
      performed_by_id: r.opened_by_id,
      date_created: r.date_created,
    });
    for (let n = 0; n < plan[i][3]; n++) {
      const when = new Date(r.date_created.getTime() + (n + 1) * 20 * 60_000);
      const text = FOLLOW_UPS[(i + n) % FOLLOW_UPS.length];
      const by = rng.pick(staff).id;
      notes.push({ contractor_visit_id: id, text, entered_by_id: by, date_created: when });
      evs.push({
        ...base,
        type: "CONTRACTOR_NOTE_ADDED",
        type_display: CONTRACTOR_EVENT_DISPLAY.CONTRACTOR_NOTE_ADDED,
        note: text,
        performed_by_id: by,
        date_created: when,
      });
    }
    if (r.date_closed)
      evs.push({
        ...base,
        type: "CONTRACTOR_VISIT_CLOSED",
        type_display: CONTRACTOR_EVENT_DISPLAY.CONTRACTOR_VISIT_CLOSED,
        note: `${r.name} checked out`,
        performed_by_id: r.closed_by_id,
        date_created: r.date_closed,
      });
  });
  if (notes.length) await db.insert(contractorNotes).values(notes);
  await db.insert(events).values(evs);
  return rows.length;
}
