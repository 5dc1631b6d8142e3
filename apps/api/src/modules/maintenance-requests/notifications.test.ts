import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { MaintenanceRequest } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startSmtp, waitFor } from "../../test/fixtures.ts";
import { emailMessages, smsMessages } from "../../db/schema/index.ts";
import { ensureMaintenanceRequestTypes } from "../../db/seed/maintenance.ts";
import { setSmsProvider } from "../../lib/sms.ts";
import { rowsOf } from "../../lib/sql.ts";
import { unit, type UnitInfo } from "../packages/test-fixtures.ts";

const BASE = "/api/v1/maintenance-requests/maintenance-requests/";
const COMMENTS = "/api/v1/maintenance-requests/comments/";
const PRIVATE_COMMENT = "PRIVATE-COMMENT-never-to-residents";
const PRIVATE_STATUS_NOTE = "PRIVATE-STATUS-NOTE-staff-only";

/**
 * Unit 1203 of building 1: Taylor Morgan (mail and texts on) and a roommate (mail on, texts off,
 * roomie@example.com); the building's recipients; the manager tracks the unit's requests.
 * Delivered over a real SMTP server.
 */
describe("maintenance notices over a real SMTP server", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let u1203: UnitInfo;
  let typeId: number;
  const texts: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
    await ensureMaintenanceRequestTypes(t.db);
    typeId = Number(
      rowsOf<{ id: number }>(await t.db.execute(sql`select id from maintenance_request_types limit 1`))[0].id,
    );
    u1203 = await unit(t, 1, "1203");
    const taylor = u1203.occupants.find((o) => o.last_name === "Morgan")!;
    const roomie = u1203.occupants.find((o) => o.id !== taylor.id)!;
    await t.db.execute(
      sql`update occupants set is_email_maintenance_activity = true, is_text_maintenance_activity = true where id = ${taylor.id}`,
    );
    await t.db.execute(
      sql`update occupants set is_email_maintenance_activity = true, is_text_maintenance_activity = false where id = ${roomie.id}`,
    );
    await t.db.execute(sql`update users set email = 'roomie@example.com' where id = ${roomie.user_id}`);
    await t.db.execute(sql`insert into maintenance_notification_settings (building_id, email_recipients)
      values (1, 'super@portico.example; ops@portico.example')
      on conflict (building_id) do update set email_recipients = excluded.email_recipients`);
    await t.db.execute(sql`insert into occupancy_tracking (occupancy_id, user_id, track_maintenance_requests)
      select ${u1203.occupancy_id}, u.id, true from users u where u.username = 'manager'
      on conflict (occupancy_id, user_id) do update set track_maintenance_requests = true`);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => setSmsProvider(null));

  const outbox = () =>
    t.db
      .select()
      .from(emailMessages)
      .where(
        sql`${emailMessages.kind} like 'maintenance_%' or ${emailMessages.kind} = 'tracking_maintenance_requests'`,
      );
  const addressesOf = (rows: { recipients: { email: string }[] }[]) =>
    rows.flatMap((m) => m.recipients.map((r) => r.email)).sort();

  it("tells recipients, residents, additional contacts and trackers; private comments reach nobody", async () => {
    setSmsProvider({ name: "fake", send: async (m) => (texts.push(m), { id: "x" }) });
    const res = await t.as("frontdesk").post(`${BASE}?building=1`, {
      apartment_id: u1203.apartment_id,
      maintenance_request_type_id: typeId,
      description: "Bathroom fan is loud",
      additional_emails: "landlord@example.com",
      additional_phone_numbers: "(212) 555-0142",
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as MaintenanceRequest;

    const created = await outbox();
    expect(addressesOf(created.filter((m) => m.kind === "maintenance_created_staff"))).toEqual([
      "ops@portico.example",
      "super@portico.example",
    ]);
    expect(addressesOf(created.filter((m) => m.kind === "maintenance_created"))).toEqual([
      "landlord@example.com",
      "roomie@example.com",
      "taylor.morgan@example.com",
    ]);
    expect(addressesOf(created.filter((m) => m.kind === "tracking_maintenance_requests"))).toEqual([
      "manager@portico.example",
    ]);
    const sms = await t.db.select().from(smsMessages).where(eq(smsMessages.kind, "maintenance_created"));
    expect(sms.map((s) => s.to_number).sort()).toEqual(["2125550142", "2125550199"]);

    // Comments: a public one reaches residents, contacts and trackers (not the building's recipients).
    await t.as("maintenance").post(COMMENTS, { maintenance_request_id: r.id, comment: "Parts ordered" });
    await t
      .as("maintenance")
      .post(COMMENTS, { maintenance_request_id: r.id, comment: PRIVATE_COMMENT, is_private: true });
    const afterComments = await outbox();
    const commentMails = afterComments.filter((m) => m.kind === "maintenance_comment");
    expect(commentMails).toHaveLength(1);
    expect(commentMails[0].body_text).toContain("Parts ordered");
    expect(afterComments.filter((m) => m.kind === "maintenance_comment_staff")).toHaveLength(0);

    // A status change with a private comment: everyone is told of the status, nobody of the note.
    const held = await t.as("maintenance").post(`${BASE}${r.id}/update_status/`, {
      status: "ON_HOLD",
      comment: { comment: PRIVATE_STATUS_NOTE, is_private: true },
    });
    expect(held.statusCode, held.body).toBe(200);
    const all = await outbox();
    const status = all.filter((m) => m.kind === "maintenance_status");
    expect(status).toHaveLength(1);
    expect(status[0].subject).toContain("On Hold");
    expect(all.filter((m) => m.kind === "maintenance_status_staff")).toHaveLength(1);
    for (const m of all) {
      expect(m.body_text).not.toContain(PRIVATE_COMMENT);
      expect(m.body_text).not.toContain(PRIVATE_STATUS_NOTE);
      expect(m.body_html).not.toContain(PRIVATE_STATUS_NOTE);
    }
    for (const s of await t.db.select().from(smsMessages)) {
      expect(s.body).not.toContain(PRIVATE_COMMENT);
      expect(s.body).not.toContain(PRIVATE_STATUS_NOTE);
    }

    // What the SMTP server received: the residents' status mail, never the private text.
    const got = await waitFor(() =>
      smtp.received.find((m) => m.to.includes("taylor.morgan@example.com") && m.raw.includes("On Hold")),
    );
    expect(got.to.sort()).toEqual(["landlord@example.com", "roomie@example.com", "taylor.morgan@example.com"]);
    await waitFor(() => (smtp.received.length >= all.length ? true : undefined));
    for (const m of smtp.received) {
      expect(m.raw).not.toContain(PRIVATE_COMMENT);
      expect(m.raw).not.toContain(PRIVATE_STATUS_NOTE);
    }
  });
});
