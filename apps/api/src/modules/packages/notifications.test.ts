import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Package } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { emailMessages, smsMessages } from "../../db/schema/index.ts";
import { setSmsProvider } from "../../lib/sms.ts";
import { dayjs } from "../../lib/dates.ts";
import { startSmtp, waitFor } from "../../test/fixtures.ts";
import {
  backdate,
  clearPackages,
  CLOSE,
  LIST,
  logOne,
  logPackages,
  otherUnits,
  types,
  unit,
  type UnitInfo,
  createPackagesApp,
} from "./test-fixtures.ts";

const REMIND = "/api/v1/packages/list/remind/";

let ty: Record<string, number>;

const mails = async (t: TestApp, kind: string) =>
  t.db.select().from(emailMessages).where(eq(emailMessages.kind, kind)).orderBy(emailMessages.id);
const texts = async (t: TestApp, kind: string) =>
  t.db.select().from(smsMessages).where(eq(smsMessages.kind, kind)).orderBy(smsMessages.id);

/**
 * Unit 1203: Taylor Morgan (mail and texts on, phone on file) and a roommate (mail on, texts
 * off, roomie@example.com); a second unit whose first resident has mail on.
 */
async function residents(t: TestApp) {
  const u1203 = await unit(t, 1, "1203");
  const taylor = u1203.occupants.find((o) => o.last_name === "Morgan")!;
  const roomie = u1203.occupants.find((o) => o.id !== taylor.id)!;
  await t.db.execute(
    sql`update occupants set is_email_package_activity = true, is_text_package_activity = true where id = ${taylor.id}`,
  );
  await t.db.execute(
    sql`update occupants set is_email_package_activity = true, is_text_package_activity = false where id = ${roomie.id}`,
  );
  await t.db.execute(
    sql`update users set email = 'roomie@example.com', first_name = 'Robin', last_name = 'Roe' where id = ${roomie.user_id}`,
  );
  const [other] = await otherUnits(t, 1, 1, ["1203", "305", "1105"]);
  const first = other.occupants[0];
  await t.db.execute(
    sql`update occupants set is_email_package_activity = true, is_text_package_activity = false where occupancy_id = ${other.occupancy_id}`,
  );
  await t.db.execute(sql`update users set email = 'other.resident@example.com' where id = ${first.user_id}`);
  for (const o of other.occupants.slice(1))
    await t.db.execute(sql`update occupants set is_active = false where id = ${o.id}`);
  return { u1203: await unit(t, 1, "1203"), taylor, roomie, other: await unit(t, 1, other.apartment_number) };
}

describe("resident notifications (outbox, no SMTP)", () => {
  let t: TestApp;
  let r: Awaited<ReturnType<typeof residents>>;
  beforeAll(async () => {
    t = await createPackagesApp();
    ty = await types(t);
    r = await residents(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => setSmsProvider(null));

  it("sends one mail per unit per submission to the chosen residents with mail on; the record shows on the package", async () => {
    const before = (await mails(t, "package_logged")).length;
    const res = await logPackages(
      t,
      "frontdesk",
      [
        { occupancy: r.u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "UPS" },
        { occupancy: r.u1203.occupancy_id, package_type: ty["Envelope"] },
        { occupancy: r.other.occupancy_id, package_type: ty["Large box"] },
      ],
      1,
    );
    expect(res.emails_sent).toBe(3);
    expect(res.texts_sent).toBe(1);
    const sent = (await mails(t, "package_logged")).slice(before);
    expect(sent).toHaveLength(2);
    const m1203 = sent.find((m) => m.recipients.some((x) => x.email === "taylor.morgan@example.com"))!;
    expect(m1203.recipients).toEqual([
      { email: "taylor.morgan@example.com", name: "Taylor Morgan" },
      { email: "roomie@example.com", name: "Robin Roe" },
    ]);
    expect(m1203.subject).toBe("You have 2 packages at The Riverside");
    expect(m1203.body_text).toContain("The front desk at The Riverside logged 2 packages for unit 1203:");
    expect(m1203.body_text).toContain("- Small box (UPS)");
    expect(m1203.body_text).toContain("- Envelope");
    expect(m1203.status).toBe("outbox");

    const [a, b] = res.results;
    const detail = (await t.as("manager").get(`${LIST}${a.id}/?building=1`)).json() as Package;
    expect(detail.send_notification_to).toBe("taylor.morgan@example.com;roomie@example.com");
    expect(detail.record).toMatchObject({
      id: m1203.id,
      subject: "You have 2 packages at The Riverside",
      state: "outbox",
      recipient_set: [
        {
          name: "Taylor Morgan",
          email: "taylor.morgan@example.com",
          current_email: "taylor.morgan@example.com",
          time_sent: null,
          mandrill_state: "outbox",
          mandrill_reject_reason: null,
          opens: 0,
        },
        { name: "Robin Roe", email: "roomie@example.com", current_email: "roomie@example.com" },
      ],
    });
    expect(detail.record!.body).toContain("<p");
    expect(detail.text_recipient_set).toEqual([
      { name: "Taylor Morgan", phone_number: "2125550199", state: "outbox", time_sent: null, error: null },
    ]);
    expect(((await t.as("manager").get(`${LIST}${b.id}/`)).json() as Package).record!.id).toBe(m1203.id);
    // The desk sees who was told, not their addresses.
    const desk = (await t.as("frontdesk").get(`${LIST}${a.id}/?building=1`)).json() as Package;
    expect(desk.send_notification_to).toBe("");
    expect(desk.record!.recipient_set.map((x) => [x.name, x.email, x.current_email])).toEqual([
      ["Taylor Morgan", "", ""],
      ["Robin Roe", "", ""],
    ]);
    // Lists do not carry the record.
    const listed = (await t.as("frontdesk").get(`${LIST}?building=1&occupancy=${r.u1203.occupancy_id}`)).json();
    expect(listed.results[0].record).toBeNull();

    // A changed address shows as current_email.
    await t.db.execute(sql`update users set email = 'robin.new@example.com' where id = ${r.roomie.user_id}`);
    const again = (await t.as("manager").get(`${LIST}${a.id}/`)).json() as Package;
    expect(again.record!.recipient_set[1]).toMatchObject({
      email: "roomie@example.com",
      current_email: "robin.new@example.com",
    });
    await t.db.execute(sql`update users set email = 'roomie@example.com' where id = ${r.roomie.user_id}`);
  });

  it("uses the type's e-mail subject, respects the residents chosen and their preferences", async () => {
    const before = (await mails(t, "package_logged")).length;
    await logOne(
      t,
      "frontdesk",
      {
        occupancy: r.u1203.occupancy_id,
        package_type: ty["Perishable"],
        send_notification_occupants: [r.roomie.id],
      },
      1,
    );
    const [m] = (await mails(t, "package_logged")).slice(before);
    expect(m.subject).toBe("A perishable delivery is waiting for you at the front desk");
    expect(m.recipients).toEqual([{ email: "roomie@example.com", name: "Robin Roe" }]);

    // Mail off → no mail; nobody chosen → no mail.
    await t.db.execute(sql`update occupants set is_email_package_activity = false where id = ${r.roomie.id}`);
    const off = await logPackages(
      t,
      "frontdesk",
      [
        { occupancy: r.u1203.occupancy_id, package_type: ty["Small box"], send_notification_occupants: [r.roomie.id] },
        { occupancy: r.other.occupancy_id, package_type: ty["Small box"], send_notification_occupants: [] },
      ],
      1,
    );
    expect(off.emails_sent).toBe(0);
    expect(off.results[0]).toMatchObject({ send_notification_to: "" });
    expect((await mails(t, "package_logged")).length).toBe(before + 1);
    await t.db.execute(sql`update occupants set is_email_package_activity = true where id = ${r.roomie.id}`);

    // A placeholder address is never mailed.
    await t.db.execute(sql`update users set email = 'robin@no-email.portico.invalid' where id = ${r.roomie.user_id}`);
    const ph = await logOne(t, "frontdesk", { occupancy: r.u1203.occupancy_id, package_type: ty["Small box"] }, 1);
    expect(((await t.as("manager").get(`${LIST}${ph.id}/`)).json() as Package).send_notification_to).toBe(
      "taylor.morgan@example.com",
    );
    await t.db.execute(sql`update users set email = 'roomie@example.com' where id = ${r.roomie.user_id}`);
  });

  it("the keys group sends no resident mail or text", async () => {
    const beforeMail = (await mails(t, "package_logged")).length;
    const beforeText = (await texts(t, "package_logged")).length;
    const res = await logOne(t, "frontdesk", { occupancy: r.u1203.occupancy_id, package_type: ty["Keys"] }, 1);
    expect((await mails(t, "package_logged")).length).toBe(beforeMail);
    expect((await texts(t, "package_logged")).length).toBe(beforeText);
    const detail = (await t.as("frontdesk").get(`${LIST}${res.id}/`)).json() as Package;
    expect(detail).toMatchObject({ record: null, send_notification_to: "", text_recipient_set: [] });
    // Closing a key sends nothing either.
    const beforeClosed = (await mails(t, "package_closed")).length;
    await t.as("frontdesk").post(CLOSE, { packages: [res.id] });
    expect((await mails(t, "package_closed")).length).toBe(beforeClosed);
  });

  it("texts go through the SMS provider when one is plugged in", async () => {
    const sent: { to: string; body: string }[] = [];
    setSmsProvider({ name: "fake", send: async (m) => (sent.push(m), { id: `SM${sent.length}` }) });
    const p = await logOne(t, "frontdesk", { occupancy: r.u1203.occupancy_id, package_type: ty["Envelope"] }, 1);
    await waitFor(() => sent.length > 0);
    expect(sent[0]).toEqual({
      to: "2125550199",
      body: "The Riverside: a package was logged for unit 1203 (Envelope). Please pick up at the front desk.",
    });
    const d = await waitFor(async () => {
      const x = (await t.as("frontdesk").get(`${LIST}${p.id}/`)).json() as Package;
      return x.text_recipient_set[0]?.state === "sent" ? x : undefined;
    });
    expect(d.text_recipient_set[0].time_sent).not.toBeNull();
    const [row] = (await texts(t, "package_logged")).slice(-1);
    expect(row).toMatchObject({ provider: "fake", provider_message_id: "SM1", status: "sent" });
  });

  it("closing mails the residents notified when the packages were logged", async () => {
    const p = await logOne(t, "frontdesk", { occupancy: r.u1203.occupancy_id, package_type: ty["Small box"] }, 1);
    const before = (await mails(t, "package_closed")).length;
    await t.as("frontdesk").post(CLOSE, { packages: [p.id], closing_comment: "Signed" });
    const [m] = (await mails(t, "package_closed")).slice(before);
    expect(m.subject).toBe("Your package has been picked up – The Riverside");
    expect(m.recipients.map((x) => x.email)).toEqual(["taylor.morgan@example.com", "roomie@example.com"]);
    expect(m.body_text).toContain("A package for unit 1203 was picked up from the front desk at The Riverside on");
  });

  it("tells staff who track the unit for packages (not the person who logged)", async () => {
    const manager = (await t.db.execute(sql`select id from users where username = 'manager'`)).rows[0] as {
      id: number;
    };
    await t.db.execute(sql`insert into occupancy_tracking (occupancy_id, user_id, track_packages)
      values (${r.u1203.occupancy_id}, ${manager.id}, true)`);
    const before = (await mails(t, "tracking_packages")).length;
    const p = await logOne(
      t,
      "frontdesk",
      { occupancy: r.u1203.occupancy_id, package_type: ty["Keys"], opening_comment: "Cleaner" },
      1,
    );
    const [m] = (await mails(t, "tracking_packages")).slice(before);
    expect(m.recipients).toEqual([{ email: "manager@portico.example", name: "Marcus Reed" }]);
    expect(m.subject).toBe("Package logged for unit 1203 – The Riverside");
    expect(m.body_text).toContain("Frank Delgado logged a package for unit 1203 at The Riverside:");
    expect(m.body_text).toContain("- Keys (Cleaner)");
    expect(m.body_text).toContain(`http://localhost:3000/1/packages/${p.id}`);
    // Closing tells them too; the manager's own actions do not.
    await t.as("frontdesk").post(CLOSE, { packages: [p.id] });
    expect((await mails(t, "tracking_packages")).length).toBe(before + 2);
    await logOne(t, "manager", { occupancy: r.u1203.occupancy_id, package_type: ty["Keys"] }, 1);
    expect((await mails(t, "tracking_packages")).length).toBe(before + 2);
    // Another unit: nobody tracks it.
    await logOne(t, "frontdesk", { occupancy: r.other.occupancy_id, package_type: ty["Keys"] }, 1);
    expect((await mails(t, "tracking_packages")).length).toBe(before + 2);
  });
});

// -----------------------------------------------------------------------------------------------

describe("POST /packages/list/remind/", () => {
  let t: TestApp;
  let r: Awaited<ReturnType<typeof residents>>;
  let old: Package[];
  let b3unit: UnitInfo;
  beforeAll(async () => {
    t = await createPackagesApp();
    ty = await types(t);
    r = await residents(t);
    [b3unit] = await otherUnits(t, 3, 1);
    await clearPackages(t);
    old = (
      await logPackages(
        t,
        "frontdesk",
        [
          { occupancy: r.u1203.occupancy_id, package_type: ty["Small box"] },
          { occupancy: r.u1203.occupancy_id, package_type: ty["Envelope"] },
          { occupancy: r.other.occupancy_id, package_type: ty["Large box"] },
          { occupancy: r.u1203.occupancy_id, package_type: ty["Outgoing"] },
          { occupancy: r.u1203.occupancy_id, package_type: ty["Keys"] },
        ],
        1,
      )
    ).results;
    await backdate(t, [old[0].id], 9);
    await backdate(t, [old[1].id, old[2].id], 15);
  });
  afterAll(async () => {
    await t?.close();
  });

  const email = {
    subject: "Packages waiting for {unit} at {building}",
    body: "Dear {tenant_name}, unit {unit} at {building} has packages since {earliest_date}.",
  };

  it("mails each resident with mail on, placeholders filled; '{count} email(s) sent' counts the mails", async () => {
    const res = await t.as("frontdesk").post(`${REMIND}?building=1`, {
      notify_package_ids: [old[0].id, old[1].id, old[2].id],
      email,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ results: "success", count: 3 });
    const sent = await mails(t, "package_reminder");
    expect(sent).toHaveLength(3);
    const toTaylor = sent.find((m) => m.recipients[0].email === "taylor.morgan@example.com")!;
    const earliest = dayjs(((await t.as("frontdesk").get(`${LIST}${old[1].id}/`)).json() as Package).date_opened)
      .tz("America/New_York")
      .format("MMMM D, YYYY");
    expect(toTaylor.subject).toBe("Packages waiting for 1203 at The Riverside");
    expect(toTaylor.body_text).toBe(`Dear Taylor Morgan, unit 1203 at The Riverside has packages since ${earliest}.`);
    expect(sent.find((m) => m.recipients[0].email === "roomie@example.com")!.body_text).toContain("Dear Robin Roe,");
    expect(sent.find((m) => m.recipients[0].email === "other.resident@example.com")!.subject).toBe(
      `Packages waiting for ${r.other.apartment_number} at The Riverside`,
    );
    const ev = (await t.as("frontdesk").get(`${LIST}${old[0].id}/events/`)).json();
    expect(ev.results[0]).toMatchObject({
      type: "REMINDER_SENT",
      type_display: "Reminder sent",
      note: "Reminder emailed to 2 residents",
      performed_by: "Frank Delgado",
    });
  });

  it("the 7/14/30-day choice is a list filter: max_date_opened and the incoming group", async () => {
    const cutoff = (days: number) => dayjs().tz("America/New_York").subtract(days, "day").format("YYYY-MM-DD");
    const q = (days: number) =>
      `${LIST}?building=1&package_type__group=INCOMING_DELIVERY&max_date_opened=${cutoff(days)}&limit=5000`;
    const ids = async (days: number) =>
      ((await t.as("frontdesk").get(q(days))).json().results as Package[]).map((p) => p.id);
    expect((await ids(7)).sort()).toEqual([old[0].id, old[1].id, old[2].id].sort());
    expect((await ids(14)).sort()).toEqual([old[1].id, old[2].id].sort());
    expect(await ids(30)).toEqual([]);
  });

  it("only incoming deliveries, only open packages, at least one", async () => {
    for (const id of [old[3].id, old[4].id]) {
      const res = await t.as("frontdesk").post(`${REMIND}?building=1`, { notify_package_ids: [old[0].id, id], email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ notify_package_ids: ["Reminders can only be sent for incoming deliveries."] });
    }
    const p = await logOne(t, "frontdesk", { occupancy: r.u1203.occupancy_id, package_type: ty["Small box"] }, 1);
    await t.as("frontdesk").post(CLOSE, { packages: [p.id] });
    expect(
      (await t.as("frontdesk").post(`${REMIND}?building=1`, { notify_package_ids: [p.id], email })).json(),
    ).toEqual({
      notify_package_ids: ["Reminders can only be sent for open packages."],
    });
    expect((await t.as("frontdesk").post(`${REMIND}?building=1`, { notify_package_ids: [], email })).json()).toEqual({
      notify_package_ids: ["An error occurred: please select at least one package"],
    });
  });

  it("validates the e-mail and the building; refuses packages of other buildings", async () => {
    const noMail = await t.as("frontdesk").post(`${REMIND}?building=1`, { notify_package_ids: [old[0].id] });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json()).toEqual({ email: ["This field is required."] });
    const blank = await t.as("frontdesk").post(`${REMIND}?building=1`, {
      notify_package_ids: [old[0].id],
      email: { subject: " ", body: "" },
    });
    expect(blank.json()).toEqual({
      "email.subject": ["This field is required."],
      "email.body": ["This field is required."],
    });
    expect((await t.as("frontdesk").post(REMIND, { notify_package_ids: [old[0].id], email })).json()).toEqual({
      building: ["This field is required."],
    });
    const b3 = await logOne(
      t,
      "manager",
      { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "x" },
      3,
    );
    expect(
      (await t.as("frontdesk").post(`${REMIND}?building=3`, { notify_package_ids: [b3.id], email })).statusCode,
    ).toBe(403);
    expect(
      (await t.as("frontdesk").post(`${REMIND}?building=1`, { notify_package_ids: [b3.id], email })).json(),
    ).toEqual({
      notify_package_ids: [`Invalid pk "${b3.id}" - object does not exist.`],
    });
    const before = (await mails(t, "package_reminder")).length;
    expect(
      (await t.as("manager").post(`${REMIND}?building=3`, { notify_package_ids: [b3.id], email })).statusCode,
    ).toBe(200);
    expect((await mails(t, "package_reminder")).length).toBeGreaterThanOrEqual(before);
  });
});

// -----------------------------------------------------------------------------------------------

describe("delivery over a real SMTP server", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let r: Awaited<ReturnType<typeof residents>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createPackagesApp({ smtpUrl: smtp.url });
    ty = await types(t);
    r = await residents(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("the 'package logged' mail reaches the residents; the record turns 'sent'", async () => {
    const p = await logOne(
      t,
      "frontdesk",
      { occupancy: r.u1203.occupancy_id, package_type: ty["Large box"], opening_comment: "FedEx" },
      1,
    );
    const got = await waitFor(() => smtp.received.find((m) => m.raw.includes("You have a package at The Riverside")));
    expect(got.to.sort()).toEqual(["roomie@example.com", "taylor.morgan@example.com"]);
    expect(got.raw).toContain("Large box (FedEx)");
    const d = await waitFor(async () => {
      const x = (await t.as("frontdesk").get(`${LIST}${p.id}/`)).json() as Package;
      return x.record?.state === "sent" ? x : undefined;
    });
    expect(d.record!.recipient_set[0].mandrill_state).toBe("sent");
    expect(d.record!.recipient_set[0].time_sent).not.toBeNull();
  });
});
