import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startSmtp, waitFor } from "../../test/fixtures.ts";
import { emailMessages, occupancyTracking, users } from "../../db/schema/index.ts";
import { deliverMail, MAIL_DELIVER_JOB, sendMail } from "../../lib/mail.ts";
import { JobQueue } from "../../lib/jobs.ts";
import { findTrackers } from "../../lib/notifications.ts";
import { backdate, createWorld, postNote, setBuildingSettings, type ShiftWorld } from "./test-fixtures.ts";
import { nightlyKey, runNightlyShiftLogEmails } from "./nightly.ts";

const outbox = async (t: TestApp, kind?: string) =>
  t.db
    .select()
    .from(emailMessages)
    .where(kind ? eq(emailMessages.kind, kind) : undefined)
    .orderBy(emailMessages.id);

describe("nightly shift log e-mail", () => {
  let t: TestApp;
  let w: ShiftWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t);
    await setBuildingSettings(t, w.b1, {
      shiftlogsettings: { is_emailed_nightly: true, email_recipients: "desk@tower.example; Manager@Tower.example ;" },
    });
    await setBuildingSettings(t, w.b2, {
      shiftlogsettings: {
        is_emailed_nightly: true,
        is_email_high_priority_only: true,
        email_recipients: "annex@annex.example",
      },
    });
    const at = async (who: string, building: number, body: string, when: string, units: number[], high = false) => {
      const n = await postNote(t, who, {
        body,
        building_id: building,
        apartment_ids: units,
        is_high_priority: high,
        shift_log_type_id: w.type.General,
      });
      await backdate(t, n.id, new Date(when));
    };
    // Building 1 (New York): 2025-03-10 local runs 04:00Z to 04:00Z next day.
    await at("sl_fd", w.b1, "Morning <b>check</b> done", "2025-03-10T13:00:00Z", [w.u.a1.id]);
    await at("sl_fd", w.b1, "Late leak", "2025-03-11T03:59:00Z", [w.u.a2.id], true);
    await at("sl_fd", w.b1, "Previous day", "2025-03-10T03:59:00Z", [w.u.a1.id]);
    await at("sl_fd", w.b1, "Next day", "2025-03-11T04:00:00Z", [w.u.a1.id]);
    // Building 2 (Los Angeles): 2025-03-10 local runs 07:00Z to 07:00Z.
    await at("sl_fd3", w.b2, "Annex routine", "2025-03-10T20:00:00Z", [w.u.z1.id]);
    await at("sl_fd3", w.b2, "Annex alarm", "2025-03-11T06:00:00Z", [w.u.z1.id], true);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mine = (r: { building_id: number }[]) => r.filter((x) => x.building_id === w.b1 || x.building_id === w.b2);

  it("mails a building the previous local day's notes just after its midnight", async () => {
    const sent = mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-11T04:30:00Z")));
    expect(sent).toEqual([{ building_id: w.b1, day: "2025-03-10", notes: 2, message_id: expect.any(Number) }]);
    const [m] = (await outbox(t, "shift_log_nightly")).filter((x) => x.building_id === w.b1);
    expect(m).toMatchObject({
      kind: "shift_log_nightly",
      status: "outbox",
      subject: "Shift log – Shift Test Tower – 03/10/2025",
      recipients: [{ email: "desk@tower.example" }, { email: "Manager@Tower.example" }],
      related_entity_type: "building",
      related_entity_id: w.b1,
      dedupe_key: nightlyKey(w.b1, "2025-03-10"),
      sender: t.config.mailFrom,
    });
    expect(m.body_text).toContain("Morning <b>check</b> done");
    expect(m.body_text).toContain("Late leak");
    expect(m.body_text).not.toContain("Previous day");
    expect(m.body_text).not.toContain("Next day");
    expect(m.body_html).toContain("Morning &lt;b&gt;check&lt;/b&gt; done");
    expect(m.body_html).toContain("11:59 PM");
    expect(m.body_text).toMatch(/9:00 AM.*General \(101\)/);
  });

  it("never sends the same building and day twice", async () => {
    expect(mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-11T04:30:00Z")))).toEqual([]);
    expect(mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-11T05:10:00Z")))).toEqual([]);
    expect((await outbox(t, "shift_log_nightly")).filter((x) => x.building_id === w.b1)).toHaveLength(1);
  });

  it("each building at its own midnight; high priority only when set", async () => {
    const sent = mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-11T07:05:00Z")));
    expect(sent).toEqual([{ building_id: w.b2, day: "2025-03-10", notes: 1, message_id: expect.any(Number) }]);
    const [m] = (await outbox(t, "shift_log_nightly")).filter((x) => x.building_id === w.b2);
    expect(m.subject).toBe("High priority shift log notes – Shift Test Annex – 03/10/2025");
    expect(m.body_text).toContain("Annex alarm");
    expect(m.body_text).not.toContain("Annex routine");
    expect(m.recipients).toEqual([{ email: "annex@annex.example" }]);
  });

  it("sends nothing during the day, nothing for a quiet day, nothing without recipients", async () => {
    expect(mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-11T16:00:00Z")))).toEqual([]);
    // 2025-03-12 in New York has no notes.
    expect(mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-13T04:30:00Z")))).toEqual([]);
    await setBuildingSettings(t, w.b1, { shiftlogsettings: { email_recipients: " ; " } });
    expect(mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-12T04:30:00Z")))).toEqual([]);
    await setBuildingSettings(t, w.b1, {
      shiftlogsettings: { email_recipients: "desk@tower.example", is_emailed_nightly: false },
    });
    expect(mine(await runNightlyShiftLogEmails(t.app, new Date("2025-03-12T04:30:00Z")))).toEqual([]);
  });
});

describe("tracking notifications", () => {
  let t: TestApp;
  let w: ShiftWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t);
    const track = async (username: string, occupancy: number, on: boolean) =>
      t.db.insert(occupancyTracking).values({
        occupancy_id: occupancy,
        user_id: w.users[username],
        track_shift_log_notes: on,
        track_packages: !on,
      });
    await track("sl_manager", w.u.a1.occupancy_id, true); // tells
    await track("sl_office", w.u.a1.occupancy_id, true); // tells (OF reaches every building)
    await track("sl_fd", w.u.a1.occupancy_id, true); // the author: left out
    await track("sl_fd2", w.u.a1.occupancy_id, false); // tracks packages only
    await track("sl_fd3", w.u.a1.occupancy_id, true); // no access to the building
    await track("sl_mt", w.u.a1.occupancy_id, true); // deactivated below
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, w.users.sl_mt));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds the active staff tracking the unit for that area who reach the building", async () => {
    const found = await findTrackers(t, {
      occupancy_id: w.u.a1.occupancy_id,
      area: "shift_log_notes",
      exclude_user_id: w.users.sl_fd,
    });
    expect(found.map((f) => f.id).sort()).toEqual([w.users.sl_manager, w.users.sl_office].sort());
    const pk = await findTrackers(t, { occupancy_id: w.u.a1.occupancy_id, area: "packages" });
    expect(pk.map((f) => f.id)).toEqual([w.users.sl_fd2]);
  });

  it("a note on a tracked unit mails its trackers, once, with a link to the unit profile", async () => {
    const note = await postNote(t, "sl_fd", {
      body: "Water on the floor",
      building_id: w.b1,
      apartment_ids: [w.u.a1.id],
      is_high_priority: true,
    });
    const rows = await outbox(t, "tracking_shift_log_notes");
    expect(rows).toHaveLength(1);
    const m = rows[0];
    expect(m.recipients.map((r) => r.email).sort()).toEqual(["sl_manager@test.example", "sl_office@test.example"]);
    expect(m.recipients.find((r) => r.email === "sl_manager@test.example")!.name).toBe("Mona Manager");
    expect(m.subject).toBe("High priority shift log note for unit 101 – Shift Test Tower");
    expect(m.body_text).toContain("Water on the floor");
    expect(m.body_text).toContain(`${t.config.publicUrl}/${w.b1}/manage/unit-profiles/${w.u.a1.occupancy_id}`);
    expect(m).toMatchObject({
      building_id: w.b1,
      related_entity_type: "shift_log_note",
      related_entity_id: note.id,
      status: "outbox",
    });
  });

  it("notes on untracked units, or None, mail nobody; adding a tracked unit later does", async () => {
    const n = await postNote(t, "sl_fd", { body: "Other unit", building_id: w.b1, apartment_ids: [w.u.a2.id] });
    await postNote(t, "sl_fd", { body: "No unit", building_id: w.b1, apartment_ids: [], no_apartment: true });
    expect(await outbox(t, "tracking_shift_log_notes")).toHaveLength(1);
    const res = await t
      .as("sl_fd")
      .patch(`/api/v1/shift-logs/notes/${n.id}/`, { apartment_ids: [w.u.a2.id, w.u.a1.id] });
    expect(res.statusCode).toBe(200);
    expect(await outbox(t, "tracking_shift_log_notes")).toHaveLength(2);
  });
});

describe("mail delivery over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("queues the message and a real SMTP server receives it (the request does not wait)", async () => {
    const sent = await sendMail(t.app, {
      kind: "test",
      to: [{ email: "one@example.com", name: "One Person" }, "two@example.com", "not-an-address", "ONE@example.com"],
      subject: "Hello from Portico",
      text: "Plain body",
      html: "<p>Html body</p>",
    });
    expect(sent).toEqual({ id: expect.any(Number), status: "queued" });
    const got = await waitFor(() => smtp.received.find((r) => r.raw.includes("Hello from Portico")));
    expect(got.to.sort()).toEqual(["one@example.com", "two@example.com"]);
    expect(got.from).toBe(`bounces+${sent!.id}@portico.local`);
    expect(got.raw).toContain("Plain body");
    expect(got.raw).toContain("One Person");
    const row = await waitFor(async () => {
      const [r] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, sent!.id));
      return r.status === "sent" ? r : null;
    });
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
  });

  it("a dedupe key sends once; no valid recipient sends nothing", async () => {
    const a = await sendMail(t.app, {
      kind: "test",
      to: ["x@example.com"],
      subject: "Once",
      text: "1",
      dedupe_key: "test:once",
    });
    const b = await sendMail(t.app, {
      kind: "test",
      to: ["x@example.com"],
      subject: "Once",
      text: "1",
      dedupe_key: "test:once",
    });
    expect(a).not.toBeNull();
    expect(b).toBeNull();
    expect(await sendMail(t.app, { kind: "test", to: ["nobody"], subject: "x", text: "x" })).toBeNull();
  });

  it("a failed delivery goes back to the queue with the error, and a worker never sends a claimed row twice", async () => {
    const deps = { db: t.db, config: { smtpUrl: "smtp://127.0.0.1:1", mailFrom: t.config.mailFrom } };
    const row = await sendMail(
      { ...deps, config: { smtpUrl: null, mailFrom: t.config.mailFrom } },
      { kind: "test", to: ["y@example.com"], subject: "Fails", text: "x" },
    );
    await t.db.update(emailMessages).set({ status: "queued" }).where(eq(emailMessages.id, row!.id));
    expect(await deliverMail(deps, row!.id)).toBe("queued");
    const [r] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, row!.id));
    expect(r).toMatchObject({ status: "queued", attempts: 1 });
    expect(r.error).toBeTruthy();
    await t.db
      .update(emailMessages)
      .set({ status: "sending", claimed_at: sql`now()` })
      .where(eq(emailMessages.id, row!.id));
    expect(await deliverMail(deps, row!.id)).toBe("skipped");
  });

  it("without SMTP_URL the message stays in the outbox", async () => {
    const r = await sendMail(
      { db: t.db, config: { smtpUrl: null, mailFrom: "a@b.c" } },
      { kind: "test", to: ["z@example.com"], subject: "Kept", text: "x" },
    );
    expect(r!.status).toBe("outbox");
  });
});

describe("job queue (pg-boss on this engine)", () => {
  it("starts with the app when runJobs is on (schedules in place) and stops with it", async () => {
    const t = await createTestApp({ runJobs: true });
    try {
      const schedules = (await t.db.execute(
        sql`select name, cron, timezone from pgboss.schedule order by name`,
      )) as unknown as {
        rows: { name: string; cron: string; timezone: string }[];
      };
      expect(schedules.rows).toEqual(
        expect.arrayContaining([
          { name: "mail-sweep", cron: "*/5 * * * *", timezone: "UTC" },
          { name: "shift-log-nightly", cron: "0 * * * *", timezone: "UTC" },
        ]),
      );
    } finally {
      await t.close();
    }
  }, 60_000);

  it("runs sent jobs and delivers mail through the queue", async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ smtpUrl: smtp.url });
    const queue = new JobQueue(t.database);
    try {
      const got: unknown[] = [];
      queue.work(
        "portico-test-echo",
        async (data) => {
          got.push(data);
        },
        { pollingIntervalSeconds: 0.5 },
      );
      const deps = { db: t.db, config: t.config, jobs: queue };
      queue.work<{ id: number }>(MAIL_DELIVER_JOB, async (data) => deliverMail(deps, data.id), {
        pollingIntervalSeconds: 0.5,
      });
      expect(await queue.send("portico-test-echo", { hello: "early" })).toBeNull();
      await queue.start();
      expect(queue.running).toBe(true);
      const id = await queue.send("portico-test-echo", { hello: "world" });
      expect(id).toEqual(expect.any(String));
      await waitFor(() => got.length > 0);
      expect(got).toEqual([{ hello: "world" }]);

      const sent = await sendMail(deps, {
        kind: "test",
        to: ["queue@example.com"],
        subject: "Through the queue",
        text: "q",
      });
      await waitFor(() => smtp.received.find((r) => r.raw.includes("Through the queue")));
      const jobs = (await t.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${MAIL_DELIVER_JOB}`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(jobs.rows[0].n)).toBe(1);
      await waitFor(async () => {
        const [r] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, sent!.id));
        return r.status === "sent";
      });
    } finally {
      await queue.stop();
      expect(queue.running).toBe(false);
      await t.close();
      await smtp.close();
    }
  }, 60_000);
});
