import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { maintenanceNotificationSettings as settings } from "../../db/schema/index.ts";

/** The maintenance notification settings' queries (one row per building). */

export type NotificationSettingsRow = typeof settings.$inferSelect;

/** The building's row, made (empty) on first read. */
export async function ensureSettings(db: DbOrTx, buildingId: number): Promise<NotificationSettingsRow> {
  await db.insert(settings).values({ building_id: buildingId, email_recipients: "" }).onConflictDoNothing();
  const rows = await db.select().from(settings).where(eq(settings.building_id, buildingId)).limit(1);
  return rows[0];
}

export async function findSettings(db: DbOrTx, id: number): Promise<NotificationSettingsRow | null> {
  const rows = await db.select().from(settings).where(eq(settings.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function updateRecipients(
  db: DbOrTx,
  id: number,
  emailRecipients: string,
): Promise<NotificationSettingsRow | null> {
  const [row] = await db
    .update(settings)
    .set({ email_recipients: emailRecipients, last_modified: sql`now()` })
    .where(eq(settings.id, id))
    .returning();
  return row ?? null;
}
