import { sql } from "drizzle-orm";
import sharp from "sharp";
import {
  addDays,
  colorByName,
  FOOD_DELIVERY_TYPE_ID,
  INSTRUCTION_ENTITY,
  INSTRUCTION_EVENT_DISPLAY,
  type TenantPermissionType,
} from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { events, instructions, instructionTypes } from "../schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import { type FileDeps, saveFile } from "../../lib/files.ts";
import { Rng } from "./history.ts";

/**
 * The portfolio's starting instruction types (document 2 demo data). Food delivery (id 16,
 * immutable) comes with the migration on every installation; these are added beside it.
 */
export const DEFAULT_INSTRUCTION_TYPES: {
  name: string;
  short_name: string;
  color: string;
  display_order: number;
  tenant_permissions?: TenantPermissionType;
  is_end_date_required?: boolean;
  is_security?: boolean;
}[] = [
  {
    name: "Registered guest",
    short_name: "RG",
    color: "Blue",
    display_order: 1,
    tenant_permissions: "CREATE",
    is_end_date_required: true,
  },
  { name: "Permission to enter", short_name: "PTE", color: "Green", display_order: 2, tenant_permissions: "VIEW" },
  { name: "Key release", short_name: "KEY", color: "Purple", display_order: 3 },
  { name: "Security / do not allow", short_name: "DNA", color: "Red", display_order: 4, is_security: true },
];

const typeRow = (t: (typeof DEFAULT_INSTRUCTION_TYPES)[number]) => {
  const c = colorByName(t.color)!;
  return {
    name: t.name,
    short_name: t.short_name,
    display_order: t.display_order,
    color: c.name,
    color_hex: c.color_hex,
    font_color_hex: c.font_color_hex,
    tenant_permissions: t.tenant_permissions ?? "NONE",
    is_end_date_required: t.is_end_date_required ?? false,
    is_security: t.is_security ?? false,
  };
};

/**
 * Adds the default types while only the food delivery type exists (a new installation), and
 * the food delivery type (id 16) if it went missing. Safe on every start, from several instances.
 */
export async function ensureInstructionTypes(db: DbOrTx): Promise<void> {
  await db.execute(sql`insert into instruction_types (id, name, short_name, display_order, color, color_hex,
      font_color_hex, is_end_date_required, is_immutable)
    values (${FOOD_DELIVERY_TYPE_ID}, 'Food delivery', 'FD', 5, 'Orange', '#F57C00', '#000000', true, true)
    on conflict do nothing`);
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(instructionTypes)
    .where(sql`${instructionTypes.id} <> ${FOOD_DELIVERY_TYPE_ID}`)) as { n: number }[];
  if (Number(n) === 0)
    await db.insert(instructionTypes).values(DEFAULT_INSTRUCTION_TYPES.map(typeRow)).onConflictDoNothing();
  // Ids handed out by hand (16) never collide with the next serial one.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('instruction_types', 'id'), greatest((select max(id) from instruction_types), 1))`,
  );
}

// ---------------------------------------------------------------------------------------------
// Demo instructions

const GUESTS = [
  "Alex Rivera",
  "Jordan Blake",
  "Sam Okafor",
  "Priya Nair",
  "Chris Novak",
  "Dana Kim",
  "Luis Ortega",
  "Mia Schultz",
  "Noah Levy",
  "Grace Chen",
];
const GUEST_TEXT = [
  "Staying while the residents are away; may pick up packages.",
  "Visiting family, allowed up without calling.",
  "Please call the unit before sending up.",
  "House sitter; has a key.",
  "Weekend guest, arriving late Friday.",
];
const RESTAURANTS = ["Luigi's Pizza", "Golden Dragon", "Sushi Ko", "Burger Barn", "Thai Orchid", "Green Bowl"];
const PERMISSION_TEXT = [
  "Dog walker may enter weekdays 12–2 pm.",
  "Cleaner (Maria) may enter every Tuesday.",
  "Plumber may enter to fix the kitchen sink.",
];
const SECURITY = [
  ["Former roommate – Kevin Doyle", "Not to be admitted under any circumstances. Call the manager if he shows up."],
  ["Ex-partner – do not allow", "Restraining order on file with management."],
] as const;

/** A small portrait-like placeholder (shapes only: no fonts needed) as JPEG bytes. */
export async function demoPhoto(hue: number): Promise<Buffer> {
  const bg = `hsl(${hue}, 45%, 70%)`;
  const fg = `hsl(${hue}, 35%, 35%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="420">
    <rect width="340" height="420" fill="${bg}"/>
    <circle cx="170" cy="160" r="70" fill="${fg}"/>
    <ellipse cx="170" cy="400" rx="130" ry="140" fill="${fg}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export interface SeedInstructionsOptions {
  now?: Date;
  /** Where demo photos go; without it the demo instructions have none. */
  files?: Omit<FileDeps, "db">;
  log?: (message: string) => void;
}

/**
 * For every building without instructions: instructions in every state for some of its current
 * units — active registered guests (one expiring today, one long term), permissions to enter
 * (one without an end), expired ones within and beyond the recently-expired window, a manually
 * expired one, food deliveries (one entered minutes ago, one marked arrived) and a security
 * entry — some with photos, each with its creation event. Deterministic for a given `now`.
 */
export async function seedInstructions(
  db: DbOrTx,
  opts: SeedInstructionsOptions = {},
): Promise<{ instructions: number }> {
  await ensureInstructionTypes(db);
  const now = opts.now ?? new Date();
  const q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;
  const types = await q<{ id: number; name: string }>(sql`select id, name from instruction_types where is_active`);
  const typeId = (name: string) => types.find((t) => t.name === name)?.id;
  const guest = typeId("Registered guest");
  const permission = typeId("Permission to enter");
  const keyRelease = typeId("Key release");
  const security = typeId("Security / do not allow");
  const blds = await q<{ id: number; time_zone: string }>(sql`select id, time_zone from buildings order by id`);
  let total = 0;
  for (const b of blds) {
    const [{ has }] = await q<{ has: boolean }>(
      sql`select exists (select 1 from instructions where building_id = ${b.id}) as has`,
    );
    if (has) continue;
    const today = todayIn(b.time_zone, now);
    const staff = await q<{ id: number; role: string }>(sql`
      select u.id, u.role from users u join user_buildings ub on ub.user_id = u.id
      where ub.building_id = ${b.id} and u.is_active and u.role in ('FD', 'MG', 'PT')
      order by (u.role = 'FD') desc, u.id`);
    const units = await q<{ occupancy_id: number; apartment_id: number; apartment_number: string }>(sql`
      select o.id as occupancy_id, o.apartment_id, a.apartment_number
      from occupancies o join apartments a on a.id = o.apartment_id
      where o.building_id = ${b.id} and o.is_active and not a.is_management
        and (o.lease_start_date is null or o.lease_start_date <= ${today}::date)
      order by a.sort_key, o.id`);
    if (!staff.length || !units.length) continue;
    const rng = new Rng(0x1a57c0de + b.id * 7919);
    // Building 1's tenant unit always has some (the profile panels show them).
    const tenantUnit = units.find((u) => u.apartment_number === "1203");
    const pool = rng.shuffle(units);
    const unitAt = (i: number) => (i === 0 && tenantUnit ? tenantUnit : pool[i % pool.length]);
    const at = (dayOffset: number, hour: number, minute = 0) =>
      dayjs.tz(addDays(today, -dayOffset), b.time_zone).add(hour, "hour").add(minute, "minute").toDate();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

    type Row = typeof instructions.$inferInsert & { photo?: number };
    const rows: Row[] = [];
    let n = 0;
    const add = (
      type: number | undefined,
      name: string,
      text: string,
      start: string,
      end: string | null,
      entered: Date,
      extra: Partial<Row> = {},
    ) => {
      if (type === undefined) return;
      const unit = unitAt(n++);
      const by = rng.pick(staff);
      rows.push({
        building_id: b.id,
        occupancy_id: unit.occupancy_id,
        apartment_id: unit.apartment_id,
        instruction_type_id: type,
        name,
        instruction_text: text,
        start_date: start,
        expiration_date: end,
        entered_by_id: by.id,
        is_management: by.role === "MG",
        entered_date: entered,
        date_created: entered,
        last_modified: extra.last_modified ?? entered,
        ...extra,
      });
    };
    const g = () => rng.pick(GUESTS);
    // Registered guests: one expiring tonight, a short stay, a long-term one.
    add(guest, g(), rng.pick(GUEST_TEXT), addDays(today, -2), today, at(2, 10), { photo: 1 });
    add(guest, g(), rng.pick(GUEST_TEXT), addDays(today, -1), addDays(today, 5), at(1, 15, 20), { photo: 2 });
    add(guest, g(), rng.pick(GUEST_TEXT), addDays(today, -10), addDays(today, 60), at(10, 9, 5));
    add(guest, g(), rng.pick(GUEST_TEXT), addDays(today, 3), addDays(today, 7), at(0, 8, 40));
    // Permissions to enter: one without an end, one ending soon.
    add(permission, "Dog walker", PERMISSION_TEXT[0], addDays(today, -40), null, at(40, 11));
    add(permission, "Maria (cleaner)", PERMISSION_TEXT[1], addDays(today, -5), addDays(today, 25), at(5, 14));
    add(keyRelease, g(), "Release the spare key on presentation of ID.", today, addDays(today, 2), at(0, 7, 30), {
      photo: 3,
    });
    // Ended: recently (within 30 days), long ago, and expired by hand.
    add(guest, g(), rng.pick(GUEST_TEXT), addDays(today, -12), addDays(today, -3), at(12, 16));
    add(permission, "Painter", PERMISSION_TEXT[2], addDays(today, -50), addDays(today, -40), at(50, 10));
    add(guest, g(), rng.pick(GUEST_TEXT), addDays(today, -6), addDays(today, -1), at(6, 12), {
      is_manually_expired: true,
      last_modified: at(1, 18),
    });
    // Food deliveries: one entered minutes ago (new), one earlier today, one arrived.
    const fd = FOOD_DELIVERY_TYPE_ID;
    add(fd, rng.pick(RESTAURANTS), "Leave at the desk, resident will come down.", today, today, minutesAgo(10));
    add(fd, rng.pick(RESTAURANTS), "Send the driver up.", today, today, minutesAgo(120));
    add(fd, rng.pick(RESTAURANTS), "", today, today, minutesAgo(240), {
      is_manually_expired: true,
      last_modified: minutesAgo(200),
    });
    // The security list.
    const [sName, sText] = rng.pick(SECURITY);
    add(security, sName, sText, addDays(today, -90), null, at(90, 9), { photo: 4 });

    for (const r of rows) {
      const photo = r.photo;
      delete r.photo;
      if (photo && opts.files) {
        const file = await saveFile(
          { db, ...opts.files },
          {
            data: await demoPhoto((photo * 67 + b.id * 29) % 360),
            purpose: "instruction_photo",
            building_id: b.id,
            created_by_id: r.entered_by_id ?? null,
          },
        );
        r.photo_url = file.url;
        r.photo_last_changed_datetime = r.entered_date as Date;
        r.photo_last_changed_user_id = r.entered_by_id;
      }
    }
    const inserted = await db.insert(instructions).values(rows).returning({ id: instructions.id });
    const evs: (typeof events.$inferInsert)[] = [];
    inserted.forEach(({ id }, i) => {
      const r = rows[i];
      const typeName = types.find((t) => t.id === r.instruction_type_id)?.name ?? "";
      evs.push({
        building_id: b.id,
        entity_type: INSTRUCTION_ENTITY,
        entity_id: id,
        type: "INSTRUCTION_CREATED",
        type_display: INSTRUCTION_EVENT_DISPLAY.INSTRUCTION_CREATED,
        note: `Instruction created: ${typeName} – ${r.name}`,
        performed_by_id: r.entered_by_id ?? null,
        date_created: r.entered_date as Date,
      });
      if (r.is_manually_expired)
        evs.push({
          building_id: b.id,
          entity_type: INSTRUCTION_ENTITY,
          entity_id: id,
          type: "INSTRUCTION_EXPIRED",
          type_display: INSTRUCTION_EVENT_DISPLAY.INSTRUCTION_EXPIRED,
          note: "Changes: is_manually_expired: False ==> True",
          performed_by_id: r.entered_by_id ?? null,
          date_created: r.last_modified as Date,
        });
    });
    await db.insert(events).values(evs);
    total += rows.length;
  }
  opts.log?.(`Demo instructions: ${total}`);
  return { instructions: total };
}
