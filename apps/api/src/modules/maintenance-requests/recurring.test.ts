import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  addDays,
  MAINTENANCE_MESSAGES,
  MESSAGES,
  RECURRING_INTERVAL_OPTIONS,
  RECURRING_MESSAGES as RM,
  type RecurringRequest,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { systemContext } from "../../lib/context.ts";
import { todayIn } from "../../lib/dates.ts";
import { rowsOf } from "../../lib/sql.ts";
import { otherUnits, unit, type UnitInfo } from "../packages/test-fixtures.ts";
import { RECURRING_CRON, RECURRING_JOB, runRecurringRequests } from "./recurring-job.ts";

const TZ = "America/New_York";
const BASE = "/api/v1/maintenance-requests/recurring-maintenance-requests/";
const ONE = (id: number) => `${BASE}${id}/`;

let t: TestApp;
let u1: UnitInfo;
let b3: UnitInfo;
let typeId: number;
let inactiveTypeId: number;
let mtEmployee: number;
let fdEmployee: number;

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(q))[0];

beforeAll(async () => {
  t = await createTestApp();
  u1 = await unit(t, 1, "1203");
  [b3] = await otherUnits(t, 3, 1);
  const add = async (name: string, active: boolean) =>
    Number(
      (
        await one<{
          id: number;
        }>(sql`insert into maintenance_request_types (name, is_active) values (${name}, ${active})
          on conflict (lower(name)) do update set is_active = excluded.is_active returning id`)
      ).id,
    );
  typeId = await add("Recurring test: HVAC", true);
  inactiveTypeId = await add("Recurring test: retired", false);
  const emp = async (username: string) =>
    Number(
      (
        await one<{ id: number }>(
          sql`select e.id from employees e join users u on u.id = e.user_id where u.username = ${username}`,
        )
      ).id,
    );
  mtEmployee = await emp("maintenance");
  fdEmployee = await emp("frontdesk");
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(
    sql`delete from maintenance_requests where recurring_maintenance_request_id is not null or recurring_scheduled_for is not null`,
  );
  await t.db.execute(sql`delete from recurring_maintenance_requests`);
});

const base = (over: Record<string, unknown> = {}) => ({
  building: 1,
  name: "Filter change",
  description: "Change the HVAC filters",
  maintenance_request_type_id: typeId,
  apartment_id: u1.apartment_id,
  interval: "WEEKLY",
  ...over,
});

async function create(over: Record<string, unknown> = {}, user = "frontdesk"): Promise<RecurringRequest> {
  const res = await t.as(user).post(BASE, base(over));
  if (res.statusCode !== 201) throw new Error(`create ${res.statusCode}: ${res.body}`);
  return res.json() as RecurringRequest;
}

describe("recurring requests API", () => {
  it("lists the intervals", async () => {
    const res = await t.as("maintenance").get(`${BASE}intervals/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RECURRING_INTERVAL_OPTIONS);
    expect(RECURRING_INTERVAL_OPTIONS.map((o) => o.value)).toEqual(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]);
  });

  it("creates a schedule: a blank start is today, forever, next day worked out, flags of other intervals dropped", async () => {
    const today = todayIn(TZ);
    const r = await create({
      start_date: "",
      end_date: "",
      employee_id: mtEmployee,
      is_high_priority: true,
      is_monday: true,
      is_march: true,
    });
    expect(r).toMatchObject({
      building: 1,
      name: "Filter change",
      description: "Change the HVAC filters",
      maintenance_request_type_id: typeId,
      maintenance_request_type_name: "Recurring test: HVAC",
      apartment_id: u1.apartment_id,
      apartment_number: "1203",
      employee_id: mtEmployee,
      employee_name: expect.any(String),
      is_active: true,
      is_high_priority: true,
      is_permission_to_enter: false,
      start_date: today,
      end_date: null,
      is_forever: true,
      interval: "WEEKLY",
      interval_display: "Weekly",
      is_monday: false,
      is_march: false,
      next_scheduled_date: today,
      maintenance_request_count: 0,
    });
  });

  it("keeps weekday flags for DAILY only and month flags for MONTHLY only; is_forever clears the end", async () => {
    const d = await create({
      interval: "DAILY",
      is_tuesday: true,
      is_june: true,
      end_date: "2099-01-01",
      is_forever: true,
    });
    expect(d).toMatchObject({ is_tuesday: true, is_june: false, end_date: null, is_forever: true });
    const m = await create({ interval: "MONTHLY", is_tuesday: true, is_june: true, start_date: "2026-01-31" });
    expect(m).toMatchObject({ is_tuesday: false, is_june: true });
    expect(m.next_scheduled_date! >= todayIn(TZ)).toBe(true);
    expect(m.next_scheduled_date!.slice(5)).toMatch(/^06-30$/);
  });

  it("refuses what the form rules refuse, under each field", async () => {
    const res = await t.as("frontdesk").post(BASE, { building: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: [MESSAGES.fieldRequired],
      description: [MESSAGES.fieldRequired],
      maintenance_request_type_id: [MESSAGES.fieldRequired],
      apartment_id: [MESSAGES.fieldRequired],
      interval: [expect.any(String)],
    });
    const long = await t.as("frontdesk").post(BASE, base({ description: "x".repeat(2001) }));
    expect(long.json()).toEqual({ description: [MESSAGES.maxLength(2000)] });
    const order = await t.as("frontdesk").post(BASE, base({ start_date: "2026-05-02", end_date: "2026-05-01" }));
    expect(order.json()).toEqual({ end_date: [MESSAGES.endBeforeStart] });
    const bad = await t.as("frontdesk").post(BASE, base({ interval: "HOURLY", start_date: "2026-02-30" }));
    expect(Object.keys(bad.json()).sort()).toEqual(["interval", "start_date"]);
    const refs = await t
      .as("frontdesk")
      .post(
        BASE,
        base({ maintenance_request_type_id: inactiveTypeId, apartment_id: b3.apartment_id, employee_id: fdEmployee }),
      );
    expect(refs.statusCode).toBe(400);
    expect(refs.json()).toEqual({
      maintenance_request_type_id: [RM.inactiveType],
      apartment_id: [MAINTENANCE_MESSAGES.apartmentNotInBuilding],
      employee_id: [MAINTENANCE_MESSAGES.notMaintenanceEmployee],
    });
    const missing = await t.as("frontdesk").post(BASE, base({ maintenance_request_type_id: 999999 }));
    expect(missing.json()).toEqual({ maintenance_request_type_id: [`Invalid pk "999999" - object does not exist.`] });
  });

  it("lets every staff role in; refuses other roles and other buildings", async () => {
    for (const user of ["office", "manager", "frontdesk", "maintenance", "porter"]) await create({}, user);
    expect((await t.as("clubadmin").post(BASE, base())).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(BASE, base({ building: 3, apartment_id: b3.apartment_id }))).statusCode).toBe(
      403,
    );
    expect((await t.as("frontdesk").get(`${BASE}?building=3`)).statusCode).toBe(403);
    expect((await t.as(null).get(`${BASE}?building=1`)).statusCode).toBe(401);
  });

  it("lists active schedules by name; include_inactive and is_active", async () => {
    await create({ name: "B weekly" });
    const off = await create({ name: "A off" });
    await create({ name: "C weekly" });
    expect((await t.as("maintenance").patch(ONE(off.id), { is_active: false })).json().is_active).toBe(false);
    const names = async (q: string) =>
      (await t.as("maintenance").get(`${BASE}?building=1${q}`)).json().results.map((r: RecurringRequest) => r.name);
    expect(await names("")).toEqual(["B weekly", "C weekly"]);
    expect(await names("&include_inactive=true")).toEqual(["A off", "B weekly", "C weekly"]);
    expect(await names("&is_active=false")).toEqual(["A off"]);
    expect(await names("&include_inactive=true&limit=1&offset=1")).toEqual(["B weekly"]);
    const page = (await t.as("maintenance").get(`${BASE}?building=1&include_inactive=true&limit=1`)).json();
    expect(page.count).toBe(3);
  });

  it("reads, changes and deletes one; another building's is 404", async () => {
    const r = await create({ interval: "DAILY", is_friday: true });
    expect((await t.as("porter").get(ONE(r.id))).json()).toEqual(r);
    expect((await t.as("porter").get(`${ONE(r.id)}?building=2`)).statusCode).toBe(404);
    const p = (
      await t
        .as("porter")
        .patch(ONE(r.id), { interval: "MONTHLY", is_july: true, start_date: "", end_date: "2099-12-31" })
    ).json() as RecurringRequest;
    expect(p).toMatchObject({
      interval: "MONTHLY",
      is_friday: false,
      is_july: true,
      start_date: r.start_date,
      end_date: "2099-12-31",
    });
    expect(p.next_scheduled_date!.slice(5, 7)).toBe("07");
    const bad = await t.as("porter").patch(ONE(r.id), { end_date: addDays(r.start_date, -1) });
    expect(bad.json()).toEqual({ end_date: [MESSAGES.endBeforeStart] });
    expect((await t.as("porter").patch(ONE(r.id), { name: "" })).json()).toEqual({ name: [MESSAGES.fieldRequired] });

    const b3r = await create({ building: 3, apartment_id: b3.apartment_id }, "manager");
    expect((await t.as("frontdesk").get(ONE(b3r.id))).statusCode).toBe(404);
    expect((await t.as("frontdesk").patch(ONE(b3r.id), { name: "x" })).statusCode).toBe(404);
    expect((await t.as("frontdesk").delete(ONE(b3r.id))).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(ONE(999999))).statusCode).toBe(404);

    const del = await t.as("porter").delete(ONE(r.id));
    expect(del.json()).toEqual({ id: r.id, detail: RM.deleted });
    expect((await t.as("porter").get(ONE(r.id))).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// The job

/** The job's context at a fixed instant. */
const at = (instant: string) => ({ ...systemContext(t.app), clock: () => new Date(instant) });
const requestsOf = async (id: number) =>
  rowsOf<Record<string, unknown>>(
    await t.db.execute(sql`select id, status, recurring_scheduled_for::text as day, apartment_id, occupancy_id,
      maintenance_request_type_id, employee_id, entered_by_id, description, is_high_priority, is_permission_to_enter,
      permission_to_enter_comments from maintenance_requests where recurring_maintenance_request_id = ${id} order by id`),
  );
const setNext = (id: number, day: string | null) =>
  t.db.execute(sql`update recurring_maintenance_requests set next_scheduled_date = ${day}::date where id = ${id}`);
const nextOf = async (id: number) =>
  (
    await one<{ d: string | null }>(
      sql`select next_scheduled_date::text as d from recurring_maintenance_requests where id = ${id}`,
    )
  ).d;

describe("the recurring job", () => {
  // 2026-01-05 is a Monday; 12:00 UTC is 07:00 in New York, 10:00 UTC is 05:00.
  const weekly = (start = "2026-01-05") =>
    create({
      start_date: start,
      employee_id: mtEmployee,
      is_high_priority: true,
      is_permission_to_enter: true,
      permission_to_enter_comments: "Key at the desk",
    });

  it("makes one open request with the schedule's fields on its day from 06:00 building time, and moves on", async () => {
    // Today (the unit's current profile is today's); 10:00 UTC is before 06:00 in New York, 12:00 after.
    const today = todayIn(TZ);
    await t.db.execute(sql`insert into maintenance_notification_settings (building_id, email_recipients)
      values (1, 'super@portico.example') on conflict (building_id) do update set email_recipients = excluded.email_recipients`);
    const r = await weekly(today);
    expect(r.next_scheduled_date).toBe(today);
    expect(await runRecurringRequests(at(`${today}T10:00:00Z`))).toMatchObject({ created: 0 });
    expect(await requestsOf(r.id)).toEqual([]);
    expect(await runRecurringRequests(at(`${today}T12:00:00Z`))).toMatchObject({ created: 1, advanced: 1 });
    const [req] = await requestsOf(r.id);
    const creator = await one<{ id: number }>(sql`select id from users where username = 'frontdesk'`);
    expect(req).toMatchObject({
      status: "OPEN",
      day: today,
      apartment_id: u1.apartment_id,
      occupancy_id: u1.occupancy_id,
      maintenance_request_type_id: typeId,
      employee_id: mtEmployee,
      entered_by_id: creator.id,
      description: "Change the HVAC filters",
      is_high_priority: true,
      is_permission_to_enter: true,
      permission_to_enter_comments: "Key at the desk",
    });
    const events = rowsOf<{ type: string }>(
      await t.db.execute(
        sql`select type from events where entity_type = 'maintenance_request' and entity_id = ${req.id}`,
      ),
    );
    expect(events.map((e) => e.type)).toEqual(["MAINTENANCE_REQUEST_CREATED"]);
    // A made request is a new request: the building's recipients are told, once.
    const mails = rowsOf<{ kind: string; recipients: { email: string }[] }>(
      await t.db.execute(sql`select kind, recipients from email_messages
        where related_entity_type = 'maintenance_request' and related_entity_id = ${req.id}`),
    );
    expect(
      mails.filter((m) => m.kind === "maintenance_created_staff").map((m) => m.recipients.map((x) => x.email)),
    ).toEqual([["super@portico.example"]]);
    expect(await nextOf(r.id)).toBe(addDays(today, 7));
    expect((await t.as("frontdesk").get(ONE(r.id))).json().maintenance_request_count).toBe(1);
  });

  it("run twice, or again after a restart put the day back, makes one request per day", async () => {
    const r = await weekly();
    await setNext(r.id, "2026-01-05");
    await runRecurringRequests(at("2026-01-05T12:00:00Z"));
    await runRecurringRequests(at("2026-01-05T12:15:00Z"));
    expect(await requestsOf(r.id)).toHaveLength(1);
    await setNext(r.id, "2026-01-05");
    expect(await runRecurringRequests(at("2026-01-05T12:30:00Z"))).toMatchObject({ created: 0, advanced: 1 });
    expect(await requestsOf(r.id)).toHaveLength(1);
    expect(await nextOf(r.id)).toBe("2026-01-12");
    await runRecurringRequests(at("2026-01-12T12:00:00Z"));
    expect((await requestsOf(r.id)).map((x) => x.day)).toEqual(["2026-01-05", "2026-01-12"]);
  });

  it("two runs at once make one request per day", async () => {
    const schedules = await Promise.all([weekly(), weekly(), weekly()]);
    for (const s of schedules) await setNext(s.id, "2026-01-05");
    const results = await Promise.all([
      runRecurringRequests(at("2026-01-05T12:00:00Z")),
      runRecurringRequests(at("2026-01-05T12:00:00Z")),
    ]);
    expect(results[0].created + results[1].created).toBe(3);
    for (const s of schedules) {
      expect((await requestsOf(s.id)).map((x) => x.day)).toEqual(["2026-01-05"]);
      expect(await nextOf(s.id)).toBe("2026-01-12");
    }
  });

  it("is the queue's job, every 15 minutes (UTC), shared by every instance", async () => {
    expect(RECURRING_CRON).toBe("*/15 * * * *");
    const handler = t.app.jobs.handler(RECURRING_JOB);
    expect(handler).toBeTypeOf("function");
    expect(await handler!({}, { id: "test", name: RECURRING_JOB })).toEqual({ created: 0, advanced: 0, failed: 0 });
  });

  it("makes missed days up once (the latest) and jumps to the next future day", async () => {
    const r = await weekly();
    await setNext(r.id, "2026-01-05");
    expect(await runRecurringRequests(at("2026-02-03T15:00:00Z"))).toMatchObject({ created: 1 });
    expect((await requestsOf(r.id)).map((x) => x.day)).toEqual(["2026-02-02"]);
    expect(await nextOf(r.id)).toBe("2026-02-09");
  });

  it("makes none after the end date, none for inactive schedules", async () => {
    const ending = await create({ start_date: "2026-01-05", end_date: "2026-01-10" });
    await setNext(ending.id, "2026-01-05");
    await runRecurringRequests(at("2026-01-20T12:00:00Z"));
    expect((await requestsOf(ending.id)).map((x) => x.day)).toEqual(["2026-01-05"]);
    expect(await nextOf(ending.id)).toBeNull();
    expect(await runRecurringRequests(at("2026-03-20T12:00:00Z"))).toMatchObject({ created: 0, advanced: 0 });

    const off = await create({ start_date: "2026-01-05" });
    await t.as("frontdesk").patch(ONE(off.id), { is_active: false });
    await setNext(off.id, "2026-01-05");
    await runRecurringRequests(at("2026-01-05T12:00:00Z"));
    expect(await requestsOf(off.id)).toEqual([]);
  });

  it("deleting the schedule keeps its requests (their link is cleared)", async () => {
    const r = await weekly();
    await setNext(r.id, "2026-01-05");
    await runRecurringRequests(at("2026-01-05T12:00:00Z"));
    const [req] = await requestsOf(r.id);
    expect((await t.as("frontdesk").delete(ONE(r.id))).statusCode).toBe(200);
    const kept = await one<{ link: number | null }>(
      sql`select recurring_maintenance_request_id as link from maintenance_requests where id = ${req.id}`,
    );
    expect(kept).toEqual({ link: null });
    await t.db.execute(sql`delete from maintenance_requests where id = ${req.id}`);
  });
});
