import { sql } from "drizzle-orm";
import { colorByName, PACKAGE_ENTITY, PACKAGE_EVENT_DISPLAY, type PackageGroup } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { events, packages, packageTypes } from "../schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import { CLOSE_COMMENTS, OPEN_COMMENTS, PACKAGE_MIX } from "./package-text.ts";
import { historyOf, mulberry32, type SeedHistoryOptions } from "./history.ts";
import { CARRIERS } from "./shift-log-text.ts";

/** The portfolio's starting package types, coloured per group; 'Keys' is immutable. */
export const DEFAULT_PACKAGE_TYPES: {
  name: string;
  group: PackageGroup;
  color: string;
  abbreviation: string;
  display_order: number;
  email_subject?: string;
  is_pic_required?: boolean;
  is_public_display?: boolean;
  is_immutable?: boolean;
}[] = [
  { name: "Small box", group: "INCOMING_DELIVERY", color: "Blue", abbreviation: "SB", display_order: 1 },
  { name: "Large box", group: "INCOMING_DELIVERY", color: "Indigo", abbreviation: "LB", display_order: 2 },
  { name: "Envelope", group: "INCOMING_DELIVERY", color: "Light blue", abbreviation: "ENV", display_order: 3 },
  {
    name: "Perishable",
    group: "INCOMING_DELIVERY",
    color: "Red",
    abbreviation: "PER",
    display_order: 4,
    email_subject: "A perishable delivery is waiting for you at the front desk",
    is_pic_required: true,
  },
  { name: "Dry cleaning", group: "INCOMING_DELIVERY", color: "Teal", abbreviation: "DRY", display_order: 5 },
  { name: "Flowers", group: "INCOMING_DELIVERY", color: "Pink", abbreviation: "FLW", display_order: 6 },
  {
    name: "Outgoing",
    group: "OUTGOING_ITEMS",
    color: "Orange",
    abbreviation: "OUT",
    display_order: 7,
    is_public_display: false,
  },
  {
    name: "Return label",
    group: "OUTGOING_ITEMS",
    color: "Yellow",
    abbreviation: "RET",
    display_order: 8,
    is_public_display: false,
  },
  {
    name: "Keys",
    group: "KEYS",
    color: "Black",
    abbreviation: "KEY",
    display_order: 9,
    is_public_display: false,
    is_immutable: true,
  },
];

const typeRow = (t: (typeof DEFAULT_PACKAGE_TYPES)[number]) => {
  const c = colorByName(t.color)!;
  return {
    name: t.name,
    group: t.group,
    color: c.name,
    color_hex: c.color_hex,
    font_color_hex: c.font_color_hex,
    abbreviation: t.abbreviation,
    display_order: t.display_order,
    email_subject: t.email_subject ?? "",
    is_pic_required: t.is_pic_required ?? false,
    is_public_display: t.is_public_display ?? true,
    is_immutable: t.is_immutable ?? false,
  };
};

/**
 * Creates the default types on an empty table, and makes sure an immutable type of the keys
 * group exists. Safe to call on every start, from several instances.
 */
export async function ensurePackageTypes(db: DbOrTx): Promise<void> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(packageTypes)) as { n: number }[];
  if (Number(n) === 0) {
    await db.insert(packageTypes).values(DEFAULT_PACKAGE_TYPES.map(typeRow)).onConflictDoNothing();
    return;
  }
  const keys = await db
    .select({ id: packageTypes.id })
    .from(packageTypes)
    .where(sql`${packageTypes.group} = 'KEYS' and ${packageTypes.is_immutable}`)
    .limit(1);
  if (!keys.length) {
    const k = DEFAULT_PACKAGE_TYPES.find((t) => t.group === "KEYS")!;
    await db.insert(packageTypes).values(typeRow(k)).onConflictDoNothing();
  }
}

// ---------------------------------------------------------------------------------------------
// Demo packages

/**
 * The default types, and for every building without packages a realistic history: about ten
 * packages a day over the recent weeks for the units with a current lease, by the building's
 * staff; most closed a day or two later, the recent ones (and a few old ones, for reminders)
 * still open; each with its events. In building 1 the demo tenant's unit (1203) always has open
 * and recently closed packages, and the lease-ended and future-lease units each have one open
 * package (the grid's i and f). Deterministic for a given `now`; idempotent.
 */
export async function seedPackages(db: DbOrTx, opts: SeedHistoryOptions = {}): Promise<{ packages: number }> {
  await ensurePackageTypes(db);
  const { now, days, perDay } = historyOf(opts);
  const q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;

  const types = await db
    .select({
      id: packageTypes.id,
      name: packageTypes.name,
      group: packageTypes.group,
      is_active: packageTypes.is_active,
    })
    .from(packageTypes);
  const typeByName = new Map(types.filter((t) => t.is_active).map((t) => [t.name, t]));
  const mix = PACKAGE_MIX.filter(([n]) => typeByName.has(n));
  if (!mix.length) return { packages: 0 };
  const mixTotal = mix.reduce((s, [, w]) => s + w, 0);

  const blds = await q<{ id: number; time_zone: string }>(sql`select id, time_zone from buildings order by id`);
  let total = 0;
  for (const b of blds) {
    const [{ has }] = await q<{ has: boolean }>(
      sql`select exists (select 1 from packages where building_id = ${b.id}) as has`,
    );
    if (has) continue;
    const today = todayIn(b.time_zone, now);
    const staff = await q<{ id: number }>(sql`
      select u.id from users u join user_buildings ub on ub.user_id = u.id
      where ub.building_id = ${b.id} and u.is_active and u.role in ('FD', 'MG', 'PT')
      order by (u.role = 'FD') desc, u.id`);
    if (!staff.length) continue;
    const units = await q<{
      occupancy_id: number;
      apartment_id: number;
      apartment_number: string;
      lease_start_date: string | null;
      lease_end_date: string | null;
      occupants: number[] | string;
    }>(sql`
      select o.id as occupancy_id, o.apartment_id, a.apartment_number, o.lease_start_date, o.lease_end_date,
        coalesce((select array_agg(oc.id order by oc.id) from occupants oc where oc.occupancy_id = o.id and oc.is_active), '{}') as occupants
      from occupancies o join apartments a on a.id = o.apartment_id
      where o.building_id = ${b.id} and o.is_active and not a.is_management
      order by a.sort_key, o.id`);
    const ids = (v: number[] | string) =>
      Array.isArray(v) ? v.map(Number) : String(v).replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
    const current = units.filter((u) => !u.lease_start_date || u.lease_start_date <= today);
    if (!current.length) continue;
    const rnd = mulberry32(0x9ac4a9e0 + b.id * 104729);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    const pickType = () => {
      let r = rnd() * mixTotal;
      for (const [n, w] of mix) {
        r -= w;
        if (r < 0) return typeByName.get(n)!;
      }
      return typeByName.get(mix[0][0])!;
    };
    // A few units get most of the parcels, as in real buildings.
    const busy = current.filter(() => rnd() < 0.25);

    type Row = typeof packages.$inferInsert;
    const rows: Row[] = [];
    const add = (
      unit: (typeof units)[number],
      type: { id: number; name: string },
      opened: Date,
      closed: Date | null,
      opener: number,
      closer: number,
    ) => {
      const comment = pick(OPEN_COMMENTS[type.name] ?? [""]).replace("{carrier}", pick(CARRIERS));
      rows.push({
        building_id: b.id,
        occupancy_id: unit.occupancy_id,
        apartment_id: unit.apartment_id,
        package_type_id: type.id,
        status: closed ? "CLOSED" : "OPEN",
        opening_comment: comment,
        closing_comment: closed ? pick(CLOSE_COMMENTS) : "",
        date_opened: opened,
        date_created: opened,
        last_modified: closed ?? opened,
        date_closed: closed,
        opened_by_id: opener,
        closed_by_id: closed ? closer : null,
        send_notification_occupants: ids(unit.occupants),
      });
    };
    const at = (dayOffset: number, hour: number, minute: number) =>
      dayjs
        .tz(dayjs(today).subtract(dayOffset, "day").format("YYYY-MM-DD"), b.time_zone)
        .add(hour, "hour")
        .add(minute, "minute")
        .toDate();

    for (let d = days; d >= 0; d--) {
      const count = Math.max(1, Math.round(perDay * (0.6 + rnd() * 0.8)));
      for (let k = 0; k < count; k++) {
        const opened = at(d, 8 + Math.floor(rnd() * 12), Math.floor(rnd() * 60));
        if (opened.getTime() > now.getTime()) continue;
        const unit = busy.length && rnd() < 0.5 ? pick(busy) : pick(current);
        const type = pickType();
        // Older packages are mostly picked up; a few linger (reminders have something to do).
        const stays = d <= 1 ? rnd() < 0.75 : d <= 6 ? rnd() < 0.25 : rnd() < 0.04;
        let closed: Date | null = null;
        if (!stays) {
          const later = new Date(opened.getTime() + (2 + rnd() * 60) * 3600_000);
          closed = later.getTime() < now.getTime() ? later : null;
        }
        add(unit, type, opened, closed, pick(staff).id, pick(staff).id);
      }
    }
    // Building 1's fixed units: the tenant's unit, a lease that ended, a lease still to start.
    if (b.id === 1) {
      const byNumber = (n: string) => units.find((u) => u.apartment_number === n);
      const tenant = byNumber("1203");
      const small = typeByName.get("Small box") ?? typeByName.get(mix[0][0])!;
      const env = typeByName.get("Envelope") ?? small;
      if (tenant) {
        add(tenant, small, at(0, 9, 15), null, staff[0].id, staff[0].id);
        add(tenant, env, at(9, 14, 5), null, staff[0].id, staff[0].id);
        add(tenant, small, at(5, 10, 30), at(4, 18, 0), staff[0].id, staff[0].id);
        add(tenant, small, at(20, 11, 0), at(19, 17, 45), staff[0].id, staff[0].id);
      }
      const expired = byNumber("305");
      if (expired) add(expired, small, at(3, 16, 20), null, staff[0].id, staff[0].id);
      const future = byNumber("1105");
      if (future) add(future, env, at(1, 12, 0), null, staff[0].id, staff[0].id);
    }

    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const inserted = await db.insert(packages).values(chunk).returning({ id: packages.id });
      const evs: (typeof events.$inferInsert)[] = [];
      inserted.forEach(({ id }, j) => {
        const r = chunk[j];
        const typeName = types.find((t) => t.id === r.package_type_id)?.name ?? "";
        evs.push({
          building_id: b.id,
          entity_type: PACKAGE_ENTITY,
          entity_id: id,
          type: "PACKAGE_OPENED",
          type_display: PACKAGE_EVENT_DISPLAY.PACKAGE_OPENED,
          note: `Package opened: ${typeName}${r.opening_comment ? ` – ${r.opening_comment}` : ""}`,
          performed_by_id: r.opened_by_id ?? null,
          date_created: r.date_opened as Date,
        });
        if (r.date_closed)
          evs.push({
            building_id: b.id,
            entity_type: PACKAGE_ENTITY,
            entity_id: id,
            type: "PACKAGE_CLOSED",
            type_display: PACKAGE_EVENT_DISPLAY.PACKAGE_CLOSED,
            note: r.closing_comment ? `Package closed: ${r.closing_comment}` : "Package closed",
            performed_by_id: r.closed_by_id ?? null,
            date_created: r.date_closed as Date,
          });
      });
      await db.insert(events).values(evs);
    }
    total += rows.length;
  }
  opts.log?.(`Demo packages: ${total}`);
  return { packages: total };
}
