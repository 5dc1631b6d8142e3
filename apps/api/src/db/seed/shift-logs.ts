import { sql } from "drizzle-orm";
import { changeNote, mergeBuildingSettings, SHIFT_END_CODE } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { events, shiftLogNoteApartments, shiftLogNotes, shiftLogTypes } from "../schema/index.ts";
import { dayjs } from "../../lib/dates.ts";

/** The portfolio's starting shift log types; 'End of shift' (code SHIFTEND) is immutable. */
export const DEFAULT_SHIFT_LOG_TYPES = [
  { name: "General", short_name: "GEN", description: "Anything worth passing on to the next shift.", display_order: 1 },
  {
    name: "Security",
    short_name: "SEC",
    description: "Patrols, alarms, access and suspicious activity.",
    display_order: 2,
  },
  {
    name: "Maintenance",
    short_name: "MAINT",
    description: "Leaks, outages, repairs and building systems.",
    display_order: 3,
  },
  { name: "Package", short_name: "PKG", description: "Deliveries, couriers and package room notes.", display_order: 4 },
  { name: "Resident", short_name: "RES", description: "Requests, complaints and resident contact.", display_order: 5 },
  { name: "Visitor", short_name: "VIS", description: "Guests, contractors and vendors on site.", display_order: 6 },
  { name: "Incident", short_name: "INC", description: "Injuries, damage, police, fire or EMS.", display_order: 7 },
] as const;

export const END_OF_SHIFT_TYPE = {
  name: "End of shift",
  short_name: SHIFT_END_CODE,
  description: "The note that closes a shift (handover).",
  display_order: 99,
  code: SHIFT_END_CODE,
  is_immutable: true,
} as const;

/**
 * Creates the default types on an empty table and always makes sure the end-of-shift type
 * exists. Independent of migrations and safe to call on every start, from several instances.
 */
export async function ensureShiftLogTypes(db: DbOrTx): Promise<void> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(shiftLogTypes)) as { n: number }[];
  if (Number(n) === 0)
    await db
      .insert(shiftLogTypes)
      .values([...DEFAULT_SHIFT_LOG_TYPES])
      .onConflictDoNothing();
  const has = await db
    .select({ id: shiftLogTypes.id })
    .from(shiftLogTypes)
    .where(sql`${shiftLogTypes.code} = ${SHIFT_END_CODE}`);
  if (has.length) return;
  await db.insert(shiftLogTypes).values(END_OF_SHIFT_TYPE).onConflictDoNothing();
  // A type named like it but without the code (made by hand): mark it.
  await db.execute(sql`update shift_log_types set code = ${SHIFT_END_CODE}, is_immutable = true
    where lower(name) = lower(${END_OF_SHIFT_TYPE.name})
      and not exists (select 1 from shift_log_types where code = ${SHIFT_END_CODE})`);
}

// ---------------------------------------------------------------------------------------------
// Demo shift log

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type TypeKey = "General" | "Security" | "Maintenance" | "Package" | "Resident" | "Visitor" | "Incident";
interface Template {
  type: TypeKey;
  /** {unit} is replaced by the unit; notes without {unit} are about no unit. */
  text: string;
  high?: number;
  location?: string;
}

const CARRIERS = ["UPS", "FedEx", "USPS", "Amazon", "DHL", "OnTrac"];
const VENDORS = ["Otis Elevator", "ConEd", "Spectrum", "Orkin", "ABC Plumbing", "Kone", "City Fire Inspection"];
const NAMES = [
  "Ms. Chen",
  "Mr. Alvarez",
  "Mrs. Goldberg",
  "Mr. Okafor",
  "Ms. Rossi",
  "Dr. Patel",
  "Mr. Kim",
  "Ms. Novak",
];

const TEMPLATES: Template[] = [
  {
    type: "Package",
    text: "{carrier} dropped {n} boxes for {unit}; logged and shelved in the package room.",
    location: "Package room",
  },
  {
    type: "Package",
    text: "Oversized delivery (furniture) for {unit} held at the desk, resident notified by phone.",
    location: "Front desk",
  },
  {
    type: "Package",
    text: "Perishable grocery delivery for {unit} put in the package fridge.",
    location: "Package room",
  },
  { type: "Package", text: "{carrier} driver could not find {unit} on the label; package returned to driver." },
  {
    type: "Package",
    text: "Package room shelves B and C reorganised; old items over 14 days flagged for pickup reminders.",
    location: "Package room",
  },
  { type: "Security", text: "Completed roof and stairwell patrol, all doors secured.", location: "Roof" },
  {
    type: "Security",
    text: "Garage gate stuck open for ten minutes; reset it manually and watched until it closed.",
    location: "Garage",
    high: 0.3,
  },
  {
    type: "Security",
    text: "Unknown person tried to tailgate at the side entrance; refused entry, left without incident.",
    location: "Side entrance",
    high: 0.5,
  },
  {
    type: "Security",
    text: "Fob for {unit} deactivated at the resident's request (lost key).",
    location: "Front desk",
  },
  {
    type: "Security",
    text: "Camera 4 in the lobby showing no picture; ticket opened with the security vendor.",
    location: "Lobby",
    high: 0.2,
  },
  {
    type: "Maintenance",
    text: "Water leak reported under the kitchen sink in {unit}; super notified, shut-off valve closed.",
    high: 0.6,
  },
  {
    type: "Maintenance",
    text: "Elevator 2 out of service; {vendor} on site, expected back by end of day.",
    location: "Elevator 2",
    high: 0.4,
  },
  { type: "Maintenance", text: "Hallway light out on the {floor} floor outside {unit}; work order entered." },
  { type: "Maintenance", text: "Heat complaint from {unit}; radiator bled by the porter, resident satisfied." },
  {
    type: "Maintenance",
    text: "Trash chute on the {floor} floor jammed; cleared by the porter.",
    location: "Trash room",
  },
  { type: "Maintenance", text: "{vendor} completed the scheduled quarterly service.", location: "Mechanical room" },
  { type: "Resident", text: "{name} from {unit} asked for a copy of the move-out checklist; emailed by management." },
  {
    type: "Resident",
    text: "Noise complaint against {unit} (music after 11 pm); called the unit, volume lowered.",
    high: 0.2,
  },
  { type: "Resident", text: "{unit} reports a smell of smoke in the hallway; checked the floor, nothing found." },
  { type: "Resident", text: "{name} from {unit} will be away for two weeks; asked us to hold all packages." },
  { type: "Resident", text: "Resident of {unit} locked out; let in after ID check." },
  { type: "Visitor", text: "Cleaner for {unit} arrived 9:00, left 12:30; on the permission-to-enter list." },
  { type: "Visitor", text: "{vendor} technician signed in for {unit}, escorted by maintenance." },
  { type: "Visitor", text: "Movers for {unit} booked the service elevator 10-12; padding installed." },
  { type: "Visitor", text: "Real estate showing for {unit}; agent picked up the key and returned it at 3 pm." },
  {
    type: "Incident",
    text: "Resident slipped on the wet lobby floor near the entrance; first aid offered, declined. Wet floor signs placed.",
    location: "Lobby",
    high: 0.9,
  },
  {
    type: "Incident",
    text: "Fire alarm activation on the {floor} floor (burnt food in {unit}); FD arrived, all clear after 20 minutes.",
    high: 1,
  },
  {
    type: "Incident",
    text: "Car in the garage scraped a pillar; photos taken, owner from {unit} informed.",
    location: "Garage",
    high: 0.7,
  },
  { type: "General", text: "Lobby flowers replaced; old arrangement removed.", location: "Lobby" },
  { type: "General", text: "Reminder: window washers on the east side tomorrow 8-4; notice posted in the elevators." },
  { type: "General", text: "Front desk printer out of toner; new cartridge ordered.", location: "Front desk" },
  { type: "General", text: "Gym closed for cleaning 2-3 pm.", location: "Gym" },
  { type: "General", text: "Spoke with {unit} about the upcoming fire drill; they asked for the date in writing." },
];

const HANDOVERS = [
  "End of shift. Quiet shift, nothing outstanding. Package room tidy, keys all accounted for.",
  "End of shift. Elevator 2 still out; vendor returns tomorrow. Two packages waiting for signature.",
  "End of shift. All patrols done. Garage gate checked twice. Nothing pending for the next shift.",
  "End of shift. Movers booked tomorrow 10-12; padding stays in elevator 1. Desk log up to date.",
  "End of shift. Resident lockout handled; spare key returned to the box. Lobby camera ticket still open.",
];

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

export interface SeedShiftLogsOptions {
  /** The moment the log ends at (defaults to now). */
  now?: Date;
  /** Days of history (default 28). */
  days?: number;
  /** Notes per day per building, besides end-of-shift notes (default 10; a few hundred a building). */
  perDay?: number;
  log?: (m: string) => void;
}

/**
 * A realistic shift log for every building that has none yet: about ten notes a day over
 * the recent weeks, by the building's staff, about its units (with the lease current then),
 * some high priority, some edited (with their history), and three end-of-shift notes a day
 * where end-of-shift logging is on. Deterministic for a given `now`; idempotent.
 */
export async function seedShiftLogs(db: DbOrTx, opts: SeedShiftLogsOptions = {}): Promise<{ notes: number }> {
  await ensureShiftLogTypes(db);
  const now = opts.now ?? new Date();
  const days = opts.days ?? 28;
  const perDay = opts.perDay ?? 10;
  const types = await db
    .select({ id: shiftLogTypes.id, name: shiftLogTypes.name, code: shiftLogTypes.code })
    .from(shiftLogTypes);
  const typeId = new Map(types.map((t) => [t.name, t.id]));
  const shiftEnd = types.find((t) => t.code === SHIFT_END_CODE);
  const q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;

  const blds = await q<{ id: number; name: string; time_zone: string; settings: unknown }>(
    sql`select b.id, b.name, b.time_zone, s.settings from buildings b left join building_settings s on s.building_id = b.id order by b.id`,
  );
  let total = 0;
  for (const b of blds) {
    const [{ has }] = await q<{ has: boolean }>(
      sql`select exists (select 1 from shift_log_notes where building_id = ${b.id}) as has`,
    );
    if (has) continue;
    const settings = mergeBuildingSettings(b.settings).shiftlogsettings;
    const staff = await q<{ id: number; role: string; first_name: string; last_name: string }>(sql`
      select u.id, u.role, u.first_name, u.last_name from users u
      join user_buildings ub on ub.user_id = u.id and ub.building_id = ${b.id}
      where u.is_active and u.role in ('FD', 'MG', 'MT', 'PT') order by u.id`);
    if (!staff.length)
      staff.push(
        ...(await q<{ id: number; role: string; first_name: string; last_name: string }>(
          sql`select id, role, first_name, last_name from users where is_active and role = 'OF' order by id`,
        )),
      );
    if (!staff.length) continue;
    const desk = staff.filter((s) => s.role === "FD");
    const managers = staff.filter((s) => s.role === "MG");
    const apts = await q<{
      id: number;
      apartment_number: string;
      floor: string | null;
      occupancy_id: number | null;
    }>(sql`
      select a.id, a.apartment_number, a.floor, (
        select o.id from occupancies o where o.apartment_id = a.id and o.is_active
          and (o.lease_start_date is null or o.lease_start_date <= (now() at time zone ${b.time_zone})::date)
        order by o.lease_start_date desc nulls last, o.id desc limit 1) as occupancy_id
      from apartments a where a.building_id = ${b.id} and not a.is_management order by a.sort_key`);
    const occupied = apts.filter((a) => a.occupancy_id != null);

    const rnd = mulberry32(0x5eed + b.id * 7919);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    const today = dayjs(now).tz(b.time_zone).format("YYYY-MM-DD");

    interface Planned {
      note: typeof shiftLogNotes.$inferInsert;
      units: { apartment_id: number; occupancy_id: number | null }[];
      edit?: { from: string; minutes: number; by: number };
    }
    const planned: Planned[] = [];
    for (let d = days - 1; d >= 0; d--) {
      const day = dayjs.utc(today).subtract(d, "day").format("YYYY-MM-DD");
      const start = dayjs.tz(day, b.time_zone);
      const count = perDay + Math.floor(rnd() * 5) - 2;
      const minutes = Array.from({ length: count }, () => Math.floor(rnd() * 24 * 60)).sort((x, y) => x - y);
      for (const m of minutes) {
        const at = start
          .add(m, "minute")
          .add(Math.floor(rnd() * 60), "second")
          .toDate();
        if (at > now) continue;
        const t = pick(TEMPLATES);
        const unitCount = t.text.includes("{unit}") ? (rnd() < 0.12 ? 2 : 1) : 0;
        const pool = occupied.length ? occupied : apts;
        const units = unitCount && pool.length ? [...new Set(Array.from({ length: unitCount }, () => pick(pool)))] : [];
        const unitLabel = units.map((u) => u.apartment_number).join(" and ");
        const body = t.text
          .replace(/\{unit\}/g, unitLabel || "a resident")
          .replace(/\{carrier\}/g, pick(CARRIERS))
          .replace(/\{vendor\}/g, pick(VENDORS))
          .replace(/\{name\}/g, pick(NAMES))
          .replace(/\{n\}/g, String(1 + Math.floor(rnd() * 4)))
          .replace(/\{floor\}/g, () => {
            const f = units[0]?.floor ?? String(2 + Math.floor(rnd() * 20));
            return /^\d+$/.test(f) ? ordinal(Number(f)) : f;
          });
        const owner = rnd() < 0.75 && desk.length ? pick(desk) : pick(staff);
        const isHigh = rnd() < (t.high ?? 0.06) * 0.5;
        const p: Planned = {
          note: {
            building_id: b.id,
            owner_id: owner.id,
            body,
            shift_log_type_id: typeId.get(t.type) ?? null,
            is_high_priority: isHigh,
            location: settings.is_recordable_by_location ? (t.location ?? null) : null,
            date_created: at,
            last_modified: at,
          },
          units: units.map((u) => ({ apartment_id: u.id, occupancy_id: u.occupancy_id })),
        };
        if (rnd() < 0.08) {
          const editMinutes = 5 + Math.floor(rnd() * 120);
          const edited = dayjs(at).add(editMinutes, "minute").toDate();
          if (edited < now) {
            const by = rnd() < 0.5 || !managers.length ? owner.id : pick(managers).id;
            p.edit = { from: body, minutes: editMinutes, by };
            p.note.body = `${body} Follow-up: done.`;
            p.note.last_modified = edited;
          }
        }
        planned.push(p);
      }
      if (shiftEnd && settings.is_enable_end_of_shift_logging && desk.length) {
        for (const hour of [7, 15, 23]) {
          const at = start
            .add(hour, "hour")
            .subtract(5 + Math.floor(rnd() * 10), "minute")
            .toDate();
          if (at > now) continue;
          planned.push({
            note: {
              building_id: b.id,
              owner_id: pick(desk).id,
              body: pick(HANDOVERS),
              shift_log_type_id: shiftEnd.id,
              is_high_priority: false,
              location: null,
              date_created: at,
              last_modified: at,
            },
            units: [],
          });
        }
      }
    }
    planned.sort((x, y) => (x.note.date_created as Date).getTime() - (y.note.date_created as Date).getTime());

    for (let i = 0; i < planned.length; i += 500) {
      const chunk = planned.slice(i, i + 500);
      const ids = await db
        .insert(shiftLogNotes)
        .values(chunk.map((p) => p.note))
        .returning({ id: shiftLogNotes.id });
      const links = chunk.flatMap((p, j) => p.units.map((u) => ({ note_id: ids[j].id, ...u })));
      if (links.length) await db.insert(shiftLogNoteApartments).values(links).onConflictDoNothing();
      const evs = chunk.flatMap((p, j) => {
        const base = {
          building_id: b.id,
          entity_type: "shift_log_note",
          entity_id: ids[j].id,
        };
        const list: (typeof events.$inferInsert)[] = [
          {
            ...base,
            type: "CREATED",
            type_display: "Created",
            note: "Note created",
            performed_by_id: p.note.owner_id,
            date_created: p.note.date_created,
          },
        ];
        if (p.edit)
          list.push({
            ...base,
            type: "UPDATED",
            type_display: "Updated",
            note: changeNote([{ field: "body", from: p.edit.from, to: p.note.body }]),
            performed_by_id: p.edit.by,
            date_created: p.note.last_modified,
          });
        return list;
      });
      await db.insert(events).values(evs);
    }
    total += planned.length;
  }
  opts.log?.(`Demo shift log: ${total} notes`);
  return { notes: total };
}
