import { sql } from "drizzle-orm";
import { ACCESS_KEY_ENTITY, KEY_EVENT_DISPLAY } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { accessKeys, events, keyJourneys, keyLocations } from "../schema/index.ts";
import { saveFile } from "../../lib/files.ts";
import { demoPhoto, type SeedInstructionsOptions } from "./instructions.ts";

const LOCATIONS = ["Key box A", "Key box B", "Key box C", "Management office"];
/** Units of a building that get keys, two each. */
const UNITS_WITH_KEYS = 60;
const HOUR = 3_600_000;

/**
 * Demo access keys, for every building with access keys on and none yet: its key-box locations,
 * two keys for each of 60 units (spread over the boxes), one key out to a resident for 3 days
 * (a journey with a photo: past the 48-hour limit) and one reported missing. Deterministic.
 */
export async function seedAccessKeys(db: DbOrTx, opts: SeedInstructionsOptions = {}): Promise<{ keys: number }> {
  const now = opts.now ?? new Date();
  const q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;
  const blds = await q<{ id: number }>(sql`select b.id from buildings b join building_settings s on s.building_id = b.id
    where coalesce((s.settings -> 'accesskeyssettings' ->> 'has_access_keys')::boolean, false)
      and not exists (select 1 from access_keys k where k.building_id = b.id)
    order by b.id`);
  let total = 0;
  for (const b of blds) {
    const units = await q<{
      apartment_id: number;
      apartment_number: string;
      occupant_id: number | null;
      name: string;
    }>(sql`
      select a.id as apartment_id, a.apartment_number,
        (select oc.id from occupants oc join occupancies o on o.id = oc.occupancy_id
          where o.apartment_id = a.id and o.is_active and oc.is_active order by oc.id limit 1) as occupant_id,
        (select trim(u.first_name || ' ' || u.last_name) from occupants oc join occupancies o on o.id = oc.occupancy_id
          join users u on u.id = oc.user_id
          where o.apartment_id = a.id and o.is_active and oc.is_active order by oc.id limit 1) as name
      from apartments a where a.building_id = ${b.id} and not a.is_management
      order by a.sort_key, a.id limit ${UNITS_WITH_KEYS}`);
    const [staff] = await q<{ id: number }>(sql`select u.id from users u join user_buildings ub on ub.user_id = u.id
      where ub.building_id = ${b.id} and u.is_active and u.role = 'FD' order by u.id limit 1`);
    if (!units.length) continue;
    const locs = await db
      .insert(keyLocations)
      .values(LOCATIONS.map((name, i) => ({ building_id: b.id, name, display_order: i })))
      .returning({ id: keyLocations.id });
    const rows: (typeof accessKeys.$inferInsert)[] = [];
    units.forEach((u, i) => {
      for (const n of [1, 2])
        rows.push({
          building_id: b.id,
          apartment_id: u.apartment_id,
          location_id: locs[i % (locs.length - 1)].id,
          name: `${u.apartment_number}-${n}`,
          rfid: `04${b.id.toString(16).padStart(2, "0")}${(i * 2 + n).toString(16).padStart(4, "0")}`.toUpperCase(),
          status: "IN",
          last_status_change: new Date(+now - 30 * 24 * HOUR),
          date_created: new Date(+now - 30 * 24 * HOUR),
        });
    });
    const keys = await db.insert(accessKeys).values(rows).returning({ id: accessKeys.id });
    const evs: (typeof events.$inferInsert)[] = keys.map(({ id }, i) => ({
      building_id: b.id,
      entity_type: ACCESS_KEY_ENTITY,
      entity_id: id,
      type: "KEY_REGISTERED",
      type_display: KEY_EVENT_DISPLAY.KEY_REGISTERED,
      note: `Key ${rows[i].name} registered`,
      performed_by_id: staff?.id ?? null,
      date_created: rows[i].date_created as Date,
    }));

    // One key out for 3 days to the unit's resident, with a photo.
    const outIdx = units.findIndex((u) => u.occupant_id !== null);
    if (outIdx >= 0) {
      const u = units[outIdx];
      const keyId = keys[outIdx * 2].id;
      const since = new Date(+now - 72 * HOUR);
      const photo = opts.files
        ? await saveFile(
            { db, ...opts.files },
            { data: await demoPhoto((b.id * 53) % 360), purpose: "key_out_photo", building_id: b.id },
          )
        : null;
      await db.insert(keyJourneys).values({
        building_id: b.id,
        access_key_id: keyId,
        status: "OUT",
        key_out_datetime: since,
        photo_url: photo?.url ?? null,
        entity_type: "occupant",
        entity_id: u.occupant_id,
        recipient_name: u.name,
        out_by_id: staff?.id ?? null,
      });
      await db
        .update(accessKeys)
        .set({ status: "OUT", last_status_change: since, away_since: since })
        .where(sql`${accessKeys.id} = ${keyId}`);
      evs.push({
        building_id: b.id,
        entity_type: ACCESS_KEY_ENTITY,
        entity_id: keyId,
        type: "KEY_OUT",
        type_display: KEY_EVENT_DISPLAY.KEY_OUT,
        note: `Signed out to ${u.name} (Occupant)`,
        performed_by_id: staff?.id ?? null,
        date_created: since,
      });
    }
    // One key reported missing yesterday.
    const missingIdx = Math.min(units.length - 1, 7);
    const missingKey = keys[missingIdx * 2 + 1].id;
    const missingSince = new Date(+now - 26 * HOUR);
    await db.insert(keyJourneys).values({
      building_id: b.id,
      access_key_id: missingKey,
      status: "MISSING",
      key_declared_missing_datetime: missingSince,
      out_by_id: staff?.id ?? null,
    });
    await db
      .update(accessKeys)
      .set({ status: "MISSING", last_status_change: missingSince, away_since: missingSince })
      .where(sql`${accessKeys.id} = ${missingKey}`);
    evs.push({
      building_id: b.id,
      entity_type: ACCESS_KEY_ENTITY,
      entity_id: missingKey,
      type: "KEY_MISSING",
      type_display: KEY_EVENT_DISPLAY.KEY_MISSING,
      note: "Changes: status: IN ==> MISSING",
      performed_by_id: staff?.id ?? null,
      date_created: missingSince,
    });
    await db.insert(events).values(evs);
    total += keys.length;
  }
  opts.log?.(`access keys: ${total}`);
  return { keys: total };
}
