import { sql } from "drizzle-orm";
import { changeNote, mergeBuildingSettings, SHIFT_END_CODE } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { events, shiftLogNoteApartments, shiftLogNotes, shiftLogTypes } from "../schema/index.ts";
import { dayjs } from "../../lib/dates.ts";
import { CARRIERS, HANDOVERS, NOTE_TEMPLATES, ordinal, PEOPLE, VENDORS } from "./shift-log-text.ts";
import { historyOf, mulberry32, type SeedHistoryOptions } from "./history.ts";

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

/**
 * A realistic shift log for every building that has none yet: about ten notes a day over
 * the recent weeks, by the building's staff, about its units (with the lease current then),
 * some high priority, some edited (with their history), and three end-of-shift notes a day
 * where end-of-shift logging is on. Deterministic for a given `now`; idempotent.
 */
export async function seedShiftLogs(db: DbOrTx, opts: SeedHistoryOptions = {}): Promise<{ notes: number }> {
  await ensureShiftLogTypes(db);
  const { now, days, perDay } = historyOf(opts);
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
        const t = pick(NOTE_TEMPLATES);
        const unitCount = t.text.includes("{unit}") ? (rnd() < 0.12 ? 2 : 1) : 0;
        const pool = occupied.length ? occupied : apts;
        const units = unitCount && pool.length ? [...new Set(Array.from({ length: unitCount }, () => pick(pool)))] : [];
        const unitLabel = units.map((u) => u.apartment_number).join(" and ");
        const body = t.text
          .replace(/\{unit\}/g, unitLabel || "a resident")
          .replace(/\{carrier\}/g, pick(CARRIERS))
          .replace(/\{vendor\}/g, pick(VENDORS))
          .replace(/\{person\}/g, pick(PEOPLE))
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
