import { describe, expect, it } from "vitest";
import { ADAPTERS, type RawMailEvent } from "./adapters/index.ts";
import { deliveryStatusOf } from "./adapters/dsn.ts";
import { nextState } from "./service.ts";
import {
  bounceMessage,
  postmarkCall,
  signedGeneric,
  signedMailgun,
  signedSendgrid,
  signedSns,
  TEST_MAIL_EVENTS as cfg,
  type SignedCall,
} from "./test-signing.ts";

const raw = (c: SignedCall, now = new Date()): RawMailEvent => ({
  headers: Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k.toLowerCase(), v])),
  body: Buffer.from(c.body),
  now,
});
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe("generic (Standard Webhooks)", () => {
  const body = { type: "hard_bounce", data: { message_id: 42, email: "Gone@Example.com", reason: "550 no such user" } };
  it("reads a signed event", async () => {
    const call = signedGeneric(body);
    expect(ADAPTERS.generic.verify(raw(call), cfg)).toBe(true);
    expect(await ADAPTERS.generic.parse(raw(call))).toEqual([
      expect.objectContaining({
        event_id: call.id,
        message_id: 42,
        email: "gone@example.com",
        event: "hard_bounce",
        state: "bounced",
        reason: "550 no such user",
      }),
    ]);
  });
  it("refuses another secret, a changed body and a stale timestamp", () => {
    const other = signedGeneric(body, { secret: `whsec_${Buffer.from("another secret!!").toString("base64")}` });
    expect(ADAPTERS.generic.verify(raw(other), cfg)).toBe(false);
    const changed = signedGeneric(body);
    expect(ADAPTERS.generic.verify(raw({ ...changed, body: changed.body.replace("42", "43") }), cfg)).toBe(false);
    expect(ADAPTERS.generic.verify(raw(signedGeneric(body, { at: minutesAgo(6) })), cfg)).toBe(false);
    expect(ADAPTERS.generic.verify(raw({ headers: {}, body: "{}" }), cfg)).toBe(false);
  });
  it("leaves out a body it cannot read", async () => {
    expect(await ADAPTERS.generic.parse(raw(signedGeneric({ type: "clicked", data: {} })))).toEqual([]);
  });
});

describe("mailgun", () => {
  const data = {
    id: "mg-evt-1",
    event: "failed",
    severity: "permanent",
    recipient: "gone@example.com",
    timestamp: Date.now() / 1000,
    "delivery-status": { code: 550, description: "", message: "5.1.1 The email account does not exist" },
    "user-variables": { portico_message_id: "42" },
  };
  it("reads a signed permanent failure as a bounce, a temporary one as deferred", async () => {
    const call = signedMailgun(data);
    expect(ADAPTERS.mailgun.verify(raw(call), cfg)).toBe(true);
    expect(await ADAPTERS.mailgun.parse(raw(call))).toEqual([
      expect.objectContaining({
        event_id: "mg-evt-1",
        message_id: 42,
        state: "bounced",
        reason: "5.1.1 The email account does not exist",
      }),
    ]);
    const temporary = await ADAPTERS.mailgun.parse(raw(signedMailgun({ ...data, severity: "temporary" })));
    expect(temporary[0].state).toBe("deferred");
    const opened = await ADAPTERS.mailgun.parse(raw(signedMailgun({ ...data, event: "opened" })));
    expect(opened[0]).toMatchObject({ event: "open", state: "delivered" });
    expect(await ADAPTERS.mailgun.parse(raw(signedMailgun({ ...data, event: "clicked" })))).toEqual([]);
  });
  it("refuses another key and a stale timestamp", () => {
    expect(ADAPTERS.mailgun.verify(raw(signedMailgun(data, { key: "not-the-key" })), cfg)).toBe(false);
    expect(ADAPTERS.mailgun.verify(raw(signedMailgun(data, { at: minutesAgo(10) })), cfg)).toBe(false);
  });
});

describe("sendgrid", () => {
  const events = [
    { email: "a@example.com", event: "delivered", sg_event_id: "sg-1", timestamp: 1, portico_message_id: "42" },
    {
      email: "b@example.com",
      event: "bounce",
      type: "bounce",
      reason: "550 unknown",
      sg_event_id: "sg-2",
      portico_message_id: "42",
    },
    { email: "c@example.com", event: "spamreport", sg_event_id: "sg-3", portico_message_id: "42" },
    { email: "d@example.com", event: "click", sg_event_id: "sg-4", portico_message_id: "42" },
  ];
  it("reads a signed batch", async () => {
    const call = signedSendgrid(events);
    expect(ADAPTERS.sendgrid.verify(raw(call), cfg)).toBe(true);
    const out = await ADAPTERS.sendgrid.parse(raw(call));
    expect(out.map((e) => [e.event_id, e.email, e.state])).toEqual([
      ["sg-1", "a@example.com", "delivered"],
      ["sg-2", "b@example.com", "bounced"],
      ["sg-3", "c@example.com", "spam"],
    ]);
  });
  it("refuses a changed body and a stale timestamp", () => {
    expect(ADAPTERS.sendgrid.verify(raw(signedSendgrid(events, { tamper: true })), cfg)).toBe(false);
    expect(ADAPTERS.sendgrid.verify(raw(signedSendgrid(events, { at: minutesAgo(6) })), cfg)).toBe(false);
  });
});

describe("postmark", () => {
  const bounce = {
    RecordType: "Bounce",
    ID: 4323372036,
    Type: "HardBounce",
    Email: "gone@example.com",
    BouncedAt: new Date().toISOString(),
    Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    Metadata: { portico_message_id: "42" },
  };
  it("reads a bounce, a delivery and an open with the right credentials", async () => {
    expect(ADAPTERS.postmark.verify(raw(postmarkCall(bounce)), cfg)).toBe(true);
    expect((await ADAPTERS.postmark.parse(raw(postmarkCall(bounce))))[0]).toMatchObject({
      message_id: 42,
      state: "bounced",
    });
    const delivery = {
      RecordType: "Delivery",
      MessageID: "pm-1",
      Recipient: "a@example.com",
      DeliveredAt: "2026-11-27T10:00:00Z",
      Metadata: { portico_message_id: "42" },
    };
    expect((await ADAPTERS.postmark.parse(raw(postmarkCall(delivery))))[0]).toMatchObject({
      state: "delivered",
      email: "a@example.com",
    });
    const complaint = { ...bounce, RecordType: "SpamComplaint", Type: "SpamComplaint" };
    expect((await ADAPTERS.postmark.parse(raw(postmarkCall(complaint))))[0].state).toBe("spam");
  });
  it("refuses a wrong password or no credentials", () => {
    expect(ADAPTERS.postmark.verify(raw(postmarkCall(bounce, "wrong")), cfg)).toBe(false);
    expect(ADAPTERS.postmark.verify(raw({ headers: {}, body: "{}" }), cfg)).toBe(false);
  });
});

describe("ses (SNS)", () => {
  const message = JSON.stringify({
    eventType: "Bounce",
    bounce: {
      bounceType: "Permanent",
      bouncedRecipients: [{ emailAddress: "gone@example.com", diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
      timestamp: new Date().toISOString(),
    },
    mail: { messageId: "ses-1", tags: { portico_message_id: ["42"] }, destination: ["gone@example.com"] },
  });
  it("reads a signed notification (signature versions 1 and 2)", async () => {
    for (const version of ["1", "2"] as const) {
      const call = signedSns({ Message: message }, { version });
      expect(ADAPTERS.ses.verify(raw(call), cfg)).toBe(true);
      expect(await ADAPTERS.ses.parse(raw(call))).toEqual([
        expect.objectContaining({
          message_id: 42,
          email: "gone@example.com",
          state: "bounced",
          reason: "smtp; 550 5.1.1 user unknown",
        }),
      ]);
    }
  });
  it("acknowledges a subscription confirmation without events", async () => {
    const call = signedSns({
      Type: "SubscriptionConfirmation",
      Message: "confirm",
      SubscribeURL: "https://sns.example/confirm",
    });
    expect(ADAPTERS.ses.verify(raw(call), cfg)).toBe(true);
    expect(await ADAPTERS.ses.parse(raw(call))).toEqual([]);
  });
  it("refuses another topic, a changed message and a stale timestamp", () => {
    expect(
      ADAPTERS.ses.verify(raw(signedSns({ Message: message, TopicArn: "arn:aws:sns:us-east-1:1:other" })), cfg),
    ).toBe(false);
    const call = signedSns({ Message: message });
    expect(ADAPTERS.ses.verify(raw({ ...call, body: call.body.replace("Permanent", "Transient") }), cfg)).toBe(false);
    expect(ADAPTERS.ses.verify(raw(signedSns({ Message: message }, { at: minutesAgo(30) })), cfg)).toBe(false);
  });
});

describe("dsn (bounce messages)", () => {
  it("reads the VERP address, the status and the diagnostic of a multipart/report", async () => {
    const call = {
      headers: { "x-portico-dsn-secret": cfg.dsnSecret! },
      body: bounceMessage({ messageId: 42, email: "gone@example.com" }),
    };
    expect(ADAPTERS.dsn.verify(raw(call), cfg)).toBe(true);
    const [e] = await ADAPTERS.dsn.parse(raw(call));
    expect(e).toMatchObject({ message_id: 42, email: "gone@example.com", event: "hard_bounce", state: "bounced" });
    expect(e.reason).toBe(
      "550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown in virtual mailbox table",
    );
  });
  it("reads a 4.x.x delay as deferred", async () => {
    const body = bounceMessage({
      messageId: 7,
      email: "slow@example.com",
      status: "4.4.1",
      diagnostic: "421 try again later",
    });
    const [e] = await ADAPTERS.dsn.parse(raw({ headers: {}, body }));
    expect(e).toMatchObject({ message_id: 7, state: "deferred", reason: "421 try again later" });
  });
  it("refuses a wrong or missing secret", () => {
    expect(ADAPTERS.dsn.verify(raw({ headers: { "x-portico-dsn-secret": "nope" }, body: "" }), cfg)).toBe(false);
    expect(ADAPTERS.dsn.verify(raw({ headers: {}, body: "" }), cfg)).toBe(false);
  });
  it("groups delivery-status fields per recipient, folded lines joined", () => {
    expect(
      deliveryStatusOf(
        "Reporting-MTA: dns; x\n\nFinal-Recipient: rfc822; <a@x.com>\nAction: failed\nStatus: 5.0.0\nDiagnostic-Code: smtp; 550\n  gone",
      ),
    ).toEqual([{ email: "a@x.com", action: "failed", status: "5.0.0", diagnostic: "550 gone" }]);
  });
});

describe("the state machine", () => {
  it("never moves back, keeps bounces and complaints over deliveries", () => {
    expect(nextState("queued", { state: "delivered" })).toBe("delivered");
    expect(nextState("sent", { state: "deferred" })).toBe("deferred");
    expect(nextState("deferred", { state: "delivered" })).toBe("delivered");
    expect(nextState("delivered", { state: "deferred" })).toBeNull();
    expect(nextState("delivered", { state: "bounced" })).toBe("bounced");
    expect(nextState("bounced", { state: "delivered" })).toBeNull();
    expect(nextState("spam", { state: "delivered" })).toBeNull();
    expect(nextState("bounced", { state: "spam" })).toBe("spam");
    expect(nextState("delivered", { state: "delivered" })).toBeNull();
    expect(nextState(null, { state: "bounced" })).toBe("bounced");
  });
});
