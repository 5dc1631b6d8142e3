import { and, eq, inArray, sql } from "drizzle-orm";
import {
  type OccupancyFlag,
  type OccupancyTracking,
  type TrackField,
  type TrackingEmployee,
  TRACK_FIELDS,
} from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { occupancyFlags, occupancyTracking, users } from "../../db/schema/index.ts";
import { iso } from "../../lib/dates.ts";
import { columnsOf } from "./shared-repository.ts";

/* A unit's flags and the staff's subscriptions (tracking). */

/** Flags with the name of who entered them (`toFlag` makes the answer of a row). */
const flagsWithAuthor = (db: DbOrTx) =>
  db
    .select({
      ...columnsOf(occupancyFlags, ["id", "occupancy_id", "comment", "is_manager_only", "date_created"]),
      by_id: users.id,
      by_username: users.username,
      by_first: users.first_name,
      by_last: users.last_name,
    })
    .from(occupancyFlags)
    .leftJoin(users, eq(users.id, occupancyFlags.entered_by_id));

/** The active flag of each occupancy (including managers-only ones; the service filters). */
export async function activeFlags(db: DbOrTx, occupancyIds: number[]): Promise<Map<number, OccupancyFlag>> {
  const out = new Map<number, OccupancyFlag>();
  if (!occupancyIds.length) return out;
  const rows = await flagsWithAuthor(db).where(
    and(inArray(occupancyFlags.occupancy_id, occupancyIds), eq(occupancyFlags.is_active, true)),
  );
  for (const r of rows) out.set(r.occupancy_id, toFlag(r));
  return out;
}

export function toFlag(r: {
  id: number;
  occupancy_id: number;
  comment: string;
  is_manager_only: boolean;
  date_created: Date;
  by_id: number | null;
  by_username: string | null;
  by_first: string | null;
  by_last: string | null;
}): OccupancyFlag {
  return {
    id: r.id,
    occupancy_id: r.occupancy_id,
    comment: r.comment,
    is_manager_only: r.is_manager_only,
    entered_by:
      r.by_id == null
        ? null
        : { id: r.by_id, username: r.by_username ?? "", first_name: r.by_first ?? "", last_name: r.by_last ?? "" },
    date_created: iso(r.date_created)!,
  };
}

export async function flagById(db: DbOrTx, id: number): Promise<OccupancyFlag | null> {
  const rows = await flagsWithAuthor(db).where(eq(occupancyFlags.id, id)).limit(1);
  return rows[0] ? toFlag(rows[0]) : null;
}

const TRACK_COLUMNS = columnsOf(occupancyTracking, ["id", "occupancy_id", "user_id", ...TRACK_FIELDS]);

/** Every subscription of these occupancies, with the employee's name. */
export async function trackingOf(db: DbOrTx, occupancyIds: number[]): Promise<TrackingEmployee[]> {
  if (!occupancyIds.length) return [];
  return db
    .select({ ...TRACK_COLUMNS, first_name: users.first_name, last_name: users.last_name, username: users.username })
    .from(occupancyTracking)
    .innerJoin(users, eq(users.id, occupancyTracking.user_id))
    .where(inArray(occupancyTracking.occupancy_id, occupancyIds))
    .orderBy(users.last_name, users.first_name, occupancyTracking.id);
}

export async function trackingById(db: DbOrTx, id: number): Promise<OccupancyTracking | null> {
  const rows = await db.select(TRACK_COLUMNS).from(occupancyTracking).where(eq(occupancyTracking.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function upsertTracking(
  db: DbOrTx,
  occupancyId: number,
  userId: number,
  values: Partial<Record<TrackField, boolean>>,
): Promise<OccupancyTracking> {
  const set = { ...values, last_modified: sql`now()` };
  const [row] = await db
    .insert(occupancyTracking)
    .values({ occupancy_id: occupancyId, user_id: userId, ...values })
    .onConflictDoUpdate({ target: [occupancyTracking.occupancy_id, occupancyTracking.user_id], set })
    .returning(TRACK_COLUMNS);
  return row;
}

export async function updateTracking(
  db: DbOrTx,
  id: number,
  values: Partial<Record<TrackField, boolean>>,
): Promise<OccupancyTracking> {
  const [row] = await db
    .update(occupancyTracking)
    .set({ ...values, last_modified: sql`now()` })
    .where(eq(occupancyTracking.id, id))
    .returning(TRACK_COLUMNS);
  return row;
}

export async function hasActiveFlag(db: DbOrTx, occupancyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: occupancyFlags.id })
    .from(occupancyFlags)
    .where(and(eq(occupancyFlags.occupancy_id, occupancyId), eq(occupancyFlags.is_active, true)))
    .limit(1);
  return rows.length > 0;
}

export async function insertFlag(
  db: DbOrTx,
  values: Pick<typeof occupancyFlags.$inferInsert, "occupancy_id" | "comment" | "is_manager_only" | "entered_by_id">,
): Promise<number> {
  const [f] = await db.insert(occupancyFlags).values(values).returning({ id: occupancyFlags.id });
  return f.id;
}

/** Removes a flag (kept for the history). */
export async function deactivateFlag(db: DbOrTx, id: number, removedById: number) {
  await db
    .update(occupancyFlags)
    .set({ is_active: false, removed_by_id: removedById, date_removed: sql`now()` })
    .where(eq(occupancyFlags.id, id));
}
