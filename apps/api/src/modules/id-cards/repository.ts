import { and, desc, eq, sql } from "drizzle-orm";
import { ID_CARD_TYPE_DISPLAY, type IdCardJob } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { apartments, events, idCardJobs, occupancies, occupants, users } from "../../db/schema/index.ts";
import { iso } from "../../lib/dates.ts";

/** A resident with what an ID card needs: building, unit and name. */
export async function occupantForCard(db: DbOrTx, occupantId: number) {
  const rows = await db
    .select({
      id: occupants.id,
      occupancy_id: occupants.occupancy_id,
      building_id: occupancies.building_id,
      apartment_number: apartments.apartment_number,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(occupants)
    .innerJoin(occupancies, eq(occupancies.id, occupants.occupancy_id))
    .innerJoin(apartments, eq(apartments.id, occupancies.apartment_id))
    .innerJoin(users, eq(users.id, occupants.user_id))
    .where(eq(occupants.id, occupantId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertJob(
  db: DbOrTx,
  v: { building_id: number; occupant_id: number; name: string; unit: string; type: string; requested_by_id: number },
) {
  const [row] = await db
    .insert(idCardJobs)
    .values({ ...v, status: "QUEUED" })
    .returning({ id: idCardJobs.id });
  return row.id;
}

export async function insertEvent(db: DbOrTx, e: typeof events.$inferInsert) {
  await db.insert(events).values(e);
}

const JOB_COLUMNS = {
  id: idCardJobs.id,
  building_id: idCardJobs.building_id,
  occupant_id: idCardJobs.occupant_id,
  name: idCardJobs.name,
  unit: idCardJobs.unit,
  type: idCardJobs.type,
  status: idCardJobs.status,
  date_created: idCardJobs.date_created,
  by_id: users.id,
  by_username: users.username,
  by_first: users.first_name,
  by_last: users.last_name,
};

type JobRow = { [K in keyof typeof JOB_COLUMNS]: unknown };

export function toJob(r: JobRow): IdCardJob {
  const type = String(r.type) as IdCardJob["type"];
  return {
    id: Number(r.id),
    building_id: Number(r.building_id),
    occupant_id: r.occupant_id == null ? null : Number(r.occupant_id),
    name: String(r.name),
    unit: String(r.unit ?? ""),
    type,
    type_display: ID_CARD_TYPE_DISPLAY[type] ?? type,
    status: String(r.status) as IdCardJob["status"],
    requested_by:
      r.by_id == null
        ? null
        : {
            id: Number(r.by_id),
            username: String(r.by_username ?? ""),
            first_name: String(r.by_first ?? ""),
            last_name: String(r.by_last ?? ""),
          },
    date_created: iso(r.date_created as Date)!,
  };
}

export async function listJobs(
  db: DbOrTx,
  buildingId: number,
  status: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(eq(idCardJobs.building_id, buildingId), status ? eq(idCardJobs.status, status) : undefined);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idCardJobs)
    .where(where);
  const rows = await db
    .select(JOB_COLUMNS)
    .from(idCardJobs)
    .leftJoin(users, eq(users.id, idCardJobs.requested_by_id))
    .where(where)
    .orderBy(desc(idCardJobs.date_created), desc(idCardJobs.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(n), rows: rows.map(toJob) };
}

export async function jobById(db: DbOrTx, id: number) {
  const rows = await db.select().from(idCardJobs).where(eq(idCardJobs.id, id)).limit(1);
  return rows[0] ?? null;
}

/** QUEUED → CANCELLED; false when the job is no longer queued. */
export async function cancelJob(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(idCardJobs)
    .set({ status: "CANCELLED", cancelled_by_id: userId, date_cancelled: sql`now()` })
    .where(and(eq(idCardJobs.id, id), eq(idCardJobs.status, "QUEUED")))
    .returning({ id: idCardJobs.id });
  return rows.length > 0;
}
