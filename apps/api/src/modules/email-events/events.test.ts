import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MailEventsResult, Occupant } from "@portico/contract";
import { createTestApp, secondInstance, type TestApp } from "../../test/app.ts";
import { loadConfig } from "../../config.ts";
import { sendMail, SUPPRESSED_REASON } from "../../lib/mail.ts";
import { DEMO_TENANT } from "../../db/seed/demo-accounts.ts";
import {
  bounceMessage,
  postmarkCall,
  signedGeneric,
  signedMailgun,
  signedSendgrid,
  signedSns,
  TEST_MAIL_EVENTS,
  type SignedCall,
} from "./test-signing.ts";

const API = "/api/v1";
const url = (provider: string) => `${API}/emails/events/${provider}/`;

let t: TestApp;
let tenant: { id: number; email: string };
beforeAll(async () => {
  t = await createTestApp({ mailEvents: TEST_MAIL_EVENTS });
  const { rows } = await t.database.query(
    "select o.id, u.email from occupants o join users u on u.id = o.user_id where u.username = $1 order by o.id limit 1",
    [DEMO_TENANT.username],
  );
  tenant = { id: Number(rows[0].id), email: String(rows[0].email) };
});
afterAll(() => t.close());

const post = (provider: string, call: SignedCall, app = t) =>
  app.app.inject({ method: "POST", url: url(provider), headers: call.headers, payload: call.body });

/** A message of the outbox to one address, with its email record and recipient row. */
async function mailTo(email: string, state = "sent"): Promise<{ messageId: number; recipientId: number }> {
  const q = t.database.query.bind(t.database);
  const [record] = (
    await q(
      "insert into email_records (building_id, type, subject, recipient_count) values (1, 'MEMO', 'Water shut-off', 1) returning id",
    )
  ).rows;
  const [message] = (
    await q(
      `insert into email_messages (building_id, kind, subject, sender, recipients, status, record_id)
       values (1, 'memo', 'Water shut-off', 'Portico <no-reply@portico.local>', $1::jsonb, 'sent', $2) returning id`,
      [JSON.stringify([{ email }]), record.id],
    )
  ).rows;
  const [recipient] = (
    await q(
      "insert into email_recipients (record_id, message_id, email, name, state) values ($1, $2, $3, 'Resident', $4) returning id",
      [record.id, message.id, email, state],
    )
  ).rows;
  return { messageId: Number(message.id), recipientId: Number(recipient.id) };
}

async function recipientRow(id: number) {
  const { rows } = await t.database.query("select state, reject_reason, opens from email_recipients where id = $1", [
    id,
  ]);
  return rows[0] as { state: string; reject_reason: string | null; opens: number };
}

async function suppressed(email: string) {
  const { rows } = await t.database.query("select reason from email_suppressions where email = lower($1)", [email]);
  return rows[0]?.reason ?? null;
}

const generic = (type: string, messageId: number, email: string, reason?: string, opts = {}) =>
  signedGeneric({ type, data: { message_id: messageId, email, ...(reason ? { reason } : {}) } }, opts);

describe("POST /emails/events/{provider}/", () => {
  it("answers 404 for an unknown provider", async () => {
    const res = await post("pigeon", generic("delivered", 1, "a@example.com"));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Not found." });
  });

  it("refuses every provider while it is not configured (403)", async () => {
    const bare = await secondInstance(t, { mailEvents: loadConfig({} as NodeJS.ProcessEnv).mailEvents });
    try {
      for (const provider of ["generic", "mailgun", "sendgrid", "postmark", "ses", "dsn"]) {
        const res = await post(provider, generic("delivered", 1, "a@example.com"), bare);
        expect(res.statusCode, provider).toBe(403);
      }
    } finally {
      await bare.close();
    }
  });

  describe("generic (Standard Webhooks)", () => {
    it("moves the recipient's state; a replay changes nothing; opens count and imply delivery", async () => {
      const { messageId, recipientId } = await mailTo("reader@example.com");
      const open = generic("open", messageId, "Reader@Example.com");
      const res = await post("generic", open);
      expect(res.statusCode).toBe(200);
      expect(MailEventsResult.parse(res.json())).toEqual({ received: 1, applied: 1, ignored: 0 });
      expect(await recipientRow(recipientId)).toEqual({ state: "delivered", reject_reason: null, opens: 1 });
      const replay = await post("generic", open);
      expect(replay.json()).toEqual({ received: 1, applied: 0, ignored: 1 });
      expect((await recipientRow(recipientId)).opens).toBe(1);
      await post("generic", generic("open", messageId, "reader@example.com"));
      expect((await recipientRow(recipientId)).opens).toBe(2);
      await post("generic", generic("deferred", messageId, "reader@example.com", "421 later"));
      expect((await recipientRow(recipientId)).state).toBe("delivered");
    });

    it("refuses a bad signature and a stale timestamp (401) and changes nothing", async () => {
      const { messageId, recipientId } = await mailTo("careful@example.com");
      const call = generic("hard_bounce", messageId, "careful@example.com", "550");
      const forged = await post("generic", { ...call, headers: { ...call.headers, "webhook-signature": "v1,AAAA" } });
      expect(forged.statusCode).toBe(401);
      expect(Object.keys(forged.json())).toEqual(["detail"]);
      const stale = await post(
        "generic",
        generic("hard_bounce", messageId, "careful@example.com", "550", { at: new Date(Date.now() - 6 * 60_000) }),
      );
      expect(stale.statusCode).toBe(401);
      expect(await recipientRow(recipientId)).toEqual({ state: "sent", reject_reason: null, opens: 0 });
      expect(await suppressed("careful@example.com")).toBeNull();
    });

    it("a hard bounce suppresses the address and flags the resident until the e-mail changes", async () => {
      const { messageId, recipientId } = await mailTo(tenant.email);
      const person = `${API}/core/occupants/${tenant.id}/`;
      expect(Occupant.parse((await t.as("manager").get(person)).json()).email_bounced).toBe(false);
      const res = await post("generic", generic("hard_bounce", messageId, tenant.email, "550 5.1.1 no such user"));
      expect(res.json()).toMatchObject({ applied: 1 });
      expect(await recipientRow(recipientId)).toMatchObject({
        state: "bounced",
        reject_reason: "550 5.1.1 no such user",
      });
      expect(await suppressed(tenant.email)).toBe("bounced");
      const mgr = Occupant.parse((await t.as("manager").get(person)).json());
      expect(mgr).toMatchObject({ email: tenant.email, email_bounced: true });
      const fd = Occupant.parse((await t.as("frontdesk").get(person)).json());
      expect(fd).toMatchObject({ email: "", email_bounced: true });
      // A later delivery report does not undo the bounce.
      await post("generic", generic("delivered", messageId, tenant.email));
      expect((await recipientRow(recipientId)).state).toBe("bounced");
      // Another address: the flag clears itself; the old one is still not mailed.
      const patched = await t.as("manager").patch(person, { email: "tenant.new@example.com" });
      expect(patched.statusCode).toBe(200);
      expect(Occupant.parse((await t.as("manager").get(person)).json()).email_bounced).toBe(false);
      await t.as("manager").patch(person, { email: tenant.email });
    });

    it("a complaint suppresses as spam; an event for an unknown message is recorded and applies to no one", async () => {
      const { messageId, recipientId } = await mailTo("annoyed@example.com", "delivered");
      await post("generic", generic("complaint", messageId, "annoyed@example.com"));
      expect((await recipientRow(recipientId)).state).toBe("spam");
      expect(await suppressed("annoyed@example.com")).toBe("spam");
      const res = await post("generic", generic("delivered", 2_000_000_000, "nobody@example.com"));
      expect(res.json()).toEqual({ received: 1, applied: 0, ignored: 1 });
    });

    it("a body that is no event is received as none", async () => {
      const res = await post("generic", signedGeneric({ hello: "world" }));
      expect(res.json()).toEqual({ received: 0, applied: 0, ignored: 0 });
    });
  });

  it("mailgun: a signed failure bounces; a forged or stale one is refused; a replay is ignored", async () => {
    const { messageId, recipientId } = await mailTo("mg@example.com");
    const data = {
      id: `mg-${messageId}`,
      event: "failed",
      severity: "permanent",
      recipient: "mg@example.com",
      timestamp: Date.now() / 1000,
      "delivery-status": { message: "5.1.1 mailbox unavailable" },
      "user-variables": { portico_message_id: String(messageId) },
    };
    expect((await post("mailgun", signedMailgun(data, { key: "wrong" }))).statusCode).toBe(401);
    expect((await post("mailgun", signedMailgun(data, { at: new Date(Date.now() - 3_600_000) }))).statusCode).toBe(401);
    expect(await recipientRow(recipientId)).toMatchObject({ state: "sent" });
    expect((await post("mailgun", signedMailgun(data))).json()).toMatchObject({ applied: 1 });
    expect(await recipientRow(recipientId)).toMatchObject({
      state: "bounced",
      reject_reason: "5.1.1 mailbox unavailable",
    });
    expect((await post("mailgun", signedMailgun(data))).json()).toMatchObject({ applied: 0, ignored: 1 });
  });

  it("sendgrid: a signed batch moves each recipient; a changed body or stale timestamp is refused", async () => {
    const a = await mailTo("sg-a@example.com");
    const b = await mailTo("sg-b@example.com");
    const events = [
      {
        email: "sg-a@example.com",
        event: "delivered",
        sg_event_id: `sg-a-${a.messageId}`,
        portico_message_id: String(a.messageId),
      },
      {
        email: "sg-b@example.com",
        event: "deferred",
        response: "451 greylisted",
        sg_event_id: `sg-b-${b.messageId}`,
        portico_message_id: String(b.messageId),
      },
    ];
    expect((await post("sendgrid", signedSendgrid(events, { tamper: true }))).statusCode).toBe(401);
    expect((await post("sendgrid", signedSendgrid(events, { at: new Date(Date.now() - 600_000) }))).statusCode).toBe(
      401,
    );
    expect((await recipientRow(a.recipientId)).state).toBe("sent");
    expect((await post("sendgrid", signedSendgrid(events))).json()).toEqual({ received: 2, applied: 2, ignored: 0 });
    expect((await recipientRow(a.recipientId)).state).toBe("delivered");
    expect(await recipientRow(b.recipientId)).toMatchObject({ state: "deferred", reject_reason: "451 greylisted" });
    expect((await post("sendgrid", signedSendgrid(events))).json()).toEqual({ received: 2, applied: 0, ignored: 2 });
  });

  it("postmark: basic auth; a soft bounce; a replay ignored", async () => {
    const { messageId, recipientId } = await mailTo("pm@example.com");
    const record = {
      RecordType: "Bounce",
      ID: messageId * 10,
      Type: "SoftBounce",
      Email: "pm@example.com",
      Description: "Mailbox full",
      Metadata: { portico_message_id: String(messageId) },
    };
    expect((await post("postmark", postmarkCall(record, "wrong"))).statusCode).toBe(401);
    expect((await recipientRow(recipientId)).state).toBe("sent");
    expect((await post("postmark", postmarkCall(record))).json()).toMatchObject({ applied: 1 });
    expect(await recipientRow(recipientId)).toMatchObject({ state: "soft-bounced", reject_reason: "Mailbox full" });
    expect(await suppressed("pm@example.com")).toBeNull();
    expect((await post("postmark", postmarkCall(record))).json()).toMatchObject({ ignored: 1 });
  });

  it("ses: a signed SNS notification delivers; subscription confirmations are acknowledged; forged, stale or foreign topics refused", async () => {
    const { messageId, recipientId } = await mailTo("ses@example.com");
    const message = JSON.stringify({
      eventType: "Delivery",
      mail: { tags: { portico_message_id: [String(messageId)] }, destination: ["ses@example.com"] },
      delivery: { recipients: ["ses@example.com"], timestamp: new Date().toISOString(), smtpResponse: "250 ok" },
    });
    const call = signedSns({ Message: message });
    expect((await post("ses", { ...call, body: call.body.replace("250 ok", "250 OK") })).statusCode).toBe(401);
    expect(
      (await post("ses", signedSns({ Message: message }, { at: new Date(Date.now() - 3_600_000) }))).statusCode,
    ).toBe(401);
    expect((await post("ses", signedSns({ Message: message, TopicArn: "arn:aws:sns:us-east-1:9:x" }))).statusCode).toBe(
      401,
    );
    expect((await recipientRow(recipientId)).state).toBe("sent");
    expect((await post("ses", call)).json()).toMatchObject({ applied: 1 });
    expect((await recipientRow(recipientId)).state).toBe("delivered");
    expect((await post("ses", call)).json()).toMatchObject({ ignored: 1 });
    const confirm = signedSns({
      Type: "SubscriptionConfirmation",
      Message: "confirm",
      SubscribeURL: "https://sns.example/confirm",
    });
    const res = await post("ses", confirm);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 0, applied: 0, ignored: 0 });
  });

  it("dsn: a bounce message returned to the VERP address bounces, suppresses and flags the resident", async () => {
    const { rows } = await t.database.query(
      `select o.id, u.email from occupants o join users u on u.id = o.user_id join occupancies oc on oc.id = o.occupancy_id
       where oc.building_id = 1 and u.email like '%@%.%' and u.email not like '%no-email%' and u.username <> $1 order by o.id limit 1`,
      [DEMO_TENANT.username],
    );
    const resident = { id: Number(rows[0].id), email: String(rows[0].email) };
    const { messageId, recipientId } = await mailTo(resident.email);
    const body = bounceMessage({ messageId, email: resident.email });
    const headers = { "content-type": "message/rfc822", "x-portico-dsn-secret": TEST_MAIL_EVENTS.dsnSecret! };
    expect((await post("dsn", { headers: { ...headers, "x-portico-dsn-secret": "guess" }, body })).statusCode).toBe(
      401,
    );
    expect((await recipientRow(recipientId)).state).toBe("sent");
    expect((await post("dsn", { headers, body })).json()).toEqual({ received: 1, applied: 1, ignored: 0 });
    const row = await recipientRow(recipientId);
    expect(row.state).toBe("bounced");
    expect(row.reject_reason).toContain("550 5.1.1");
    expect(await suppressed(resident.email)).toBe("bounced");
    const person = `${API}/core/occupants/${resident.id}/`;
    expect(Occupant.parse((await t.as("manager").get(person)).json()).email_bounced).toBe(true);
    expect((await post("dsn", { headers, body })).json()).toMatchObject({ applied: 0, ignored: 1 });
    expect((await t.as("manager").patch(person, { email: `changed.${resident.email}` })).statusCode).toBe(200);
    expect(Occupant.parse((await t.as("manager").get(person)).json()).email_bounced).toBe(false);
  });

  it("a mail of the mail layer bounces by its headers' id, and the suppressed address is not mailed again", async () => {
    const deps = { db: t.db, config: t.config };
    const to = "leaving@example.com";
    const sent = await sendMail(deps, {
      kind: "package_notice",
      to: [to],
      subject: "A package",
      text: "At the desk.",
      building_id: 1,
    });
    const { rows } = await t.database.query("select id, state from email_recipients where message_id = $1", [sent!.id]);
    expect(rows[0].state).toBe("sent");
    await post("generic", generic("hard_bounce", sent!.id, to, "550 mailbox gone"));
    expect(await recipientRow(Number(rows[0].id))).toMatchObject({
      state: "bounced",
      reject_reason: "550 mailbox gone",
    });
    const next = await sendMail(deps, {
      kind: "package_notice",
      to: [to, "staying@example.com"],
      subject: "Another package",
      text: "At the desk.",
      building_id: 1,
    });
    const { rows: again } = await t.database.query(
      `select r.email, r.state, r.reject_reason from email_recipients r
       join email_messages m on m.record_id = r.record_id where m.id = $1 order by r.email`,
      [next!.id],
    );
    expect(again).toEqual([
      { email: to, state: "rejected", reject_reason: SUPPRESSED_REASON },
      { email: "staying@example.com", state: "sent", reject_reason: null },
    ]);
  });
});
