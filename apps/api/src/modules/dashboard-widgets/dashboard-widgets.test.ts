import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  type ActiveEmployees,
  addDays,
  DASHBOARD_MESSAGES as M,
  MESSAGES,
  type UpcomingMoveOuts,
  type UpcomingOccupancies,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { setBuildingSettings } from "../../test/fixtures.ts";
import { rowsOf } from "../../lib/sql.ts";
import { startOfDayIn, todayIn } from "../../lib/dates.ts";
import { topics } from "../../lib/change-feed.ts";
import { otherUnits, type UnitInfo } from "../packages/test-fixtures.ts";

const TZ = "America/New_York";
const OCC = (q: string) => `/api/v1/core/occupancies/club_memberships_dashboard/?${q}`;
const MOVE_OUTS = (b: number) => `/api/v1/core/buildings/${b}/occupancies/upcoming_move_outs/`;
const INVITE = (b: number, id: number) => `/api/v1/core/buildings/${b}/occupancies/${id}/send_move_out_invite/`;
const INVITE_ALL = (b: number) => `/api/v1/core/buildings/${b}/occupancies/send_move_out_invite_all/`;
const ACTIVE = (b: number) => `/api/v1/core/buildings/${b}/active-employees/`;
const ITEMS = (b: number) => `/api/v1/core/buildings/${b}/action-items/`;
const DAY_MS = 86_400_000;

let t: TestApp;
let units: UnitInfo[];
let far: UnitInfo;
let types: Record<string, number>;
let today: string;

const exec = (q: ReturnType<typeof sql>) => t.db.execute(q);
const setLease = (u: UnitInfo, start: string | null, end: string | null) =>
  exec(sql`update occupancies set lease_start_date = ${start}, lease_end_date = ${end},
    move_out_invite_sent_time = null where id = ${u.occupancy_id}`);
const userId = async (username: string) =>
  Number(rowsOf<{ id: number }>(await exec(sql`select id from users where username = ${username}`))[0].id);

async function book(u: UnitInfo, type: string, status: string, day = today) {
  await exec(sql`insert into elevator_reservations
    (building_id, apartment_id, occupancy_id, reservation_type_id, status, start_time, end_time)
    values (1, ${u.apartment_id}, ${u.occupancy_id}, ${types[type]}, ${status},
      ${`${day}T15:00:00Z`}::timestamptz, ${`${day}T16:00:00Z`}::timestamptz)`);
}

/** Pending, not over and not cancelled reservations of this amenity type. */
async function pendingOfType(typeId: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await exec(sql`select count(*)::int as n from amenity_reservations where amenity_type_id = ${typeId}
      and approval_status = 'PENDING' and not is_cancelled and end_time > now()`),
  );
  return Number(r.n);
}

beforeAll(async () => {
  t = await createTestApp();
  types = Object.fromEntries(
    rowsOf<{ id: number; short_name: string }>(await exec(sql`select id, short_name from reservation_types`)).map(
      (r) => [r.short_name, Number(r.id)],
    ),
  );
  units = await otherUnits(t, 1, 6);
  [far] = await otherUnits(t, 3, 1);
  today = todayIn(TZ);
  // Only these units' leases fall in the windows.
  await exec(sql`update occupancies set lease_end_date = ${addDays(today, 400)}
    where building_id = 1 and lease_end_date between ${addDays(today, -1)} and ${addDays(today, 9)}`);
  await exec(sql`update occupancies set lease_start_date = ${addDays(today, 30)}
    where building_id = 1 and lease_start_date between ${addDays(today, 1)} and ${addDays(today, 5)}`);
  await exec(sql`update occupancies set lease_start_date = ${addDays(today, -30)}
    where building_id = 1 and lease_start_date = ${today}`);
  // Every resident of these units can be mailed.
  for (const u of [...units, far])
    await exec(sql`update users set email = 'r' || id || '@residents.example'
      where id in (select user_id from occupants where occupancy_id = ${u.occupancy_id})`);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await exec(sql`delete from elevator_reservations`);
  await exec(sql`delete from email_messages where kind = 'move_out_invite'`);
  await setBuildingSettings(t, 1, { reservationsettings: { has_reservations: true, is_staff_can_approve: true } });
  for (const u of units) await setLease(u, addDays(today, -200), addDays(today, 200));
});

describe("upcoming occupancies", () => {
  it("leases starting today … in 3 days (building time), with the residents' clubs; count and limit", async () => {
    const [a, b, c] = units;
    await setLease(a, today, null);
    await setLease(b, addDays(today, 3), null);
    await setLease(c, addDays(today, 4), null);
    const club = rowsOf<{ id: number; name: string }>(
      await exec(sql`select id, name from clubs where building_id = 1 order by id limit 1`),
    )[0];
    const member = a.occupants[0];
    await exec(sql`insert into club_members (club_id, occupant_id) values (${club.id}, ${member.id})
      on conflict do nothing`);
    const res = await t.as("frontdesk").get(OCC("building=1&limit=5000&is_upcoming=true"));
    expect(res.statusCode).toBe(200);
    const body = res.json() as UpcomingOccupancies;
    const ids = body.results.map((r) => r.id);
    expect(ids).toContain(a.occupancy_id);
    expect(ids).toContain(b.occupancy_id);
    expect(ids).not.toContain(c.occupancy_id);
    expect(body.count).toBe(body.results.length);
    for (const r of body.results) {
      expect(r.lease_start_date! >= today && r.lease_start_date! <= addDays(today, 3)).toBe(true);
    }
    const first = body.results.find((r) => r.id === a.occupancy_id)!;
    expect(first).toMatchObject({ apartment_number: a.apartment_number, lease_start_date: today });
    const who = first.occupant_set.find((o) => o.id === member.id)!;
    expect(who).toMatchObject({ first_name: member.first_name, last_name: member.last_name });
    expect(who.clubs).toContainEqual({ id: Number(club.id), name: club.name });
    // Ordered by lease start.
    expect(ids.indexOf(a.occupancy_id)).toBeLessThan(ids.indexOf(b.occupancy_id));
    const one = (await t.as("manager").get(OCC("building=1&limit=1&is_upcoming=1"))).json() as UpcomingOccupancies;
    expect(one.results).toHaveLength(1);
    expect(one.count).toBe(body.count);
    // Without is_upcoming: the current leases (started by today).
    const all = (await t.as("maintenance").get(OCC("building=1"))).json() as UpcomingOccupancies;
    expect(all.results.map((r) => r.id)).toContain(a.occupancy_id);
    expect(all.results.map((r) => r.id)).not.toContain(b.occupancy_id);
  });

  it("today is the building's: the window follows its time zone", async () => {
    const [a] = units;
    const east = "Pacific/Kiritimati"; // UTC+14
    const west = "Pacific/Pago_Pago"; // UTC-11: always a day or two behind
    const setZone = async (tz: string) => {
      await exec(sql`update buildings set time_zone = ${tz} where id = 1`);
      t.app.changes.touch(topics.building(1));
    };
    try {
      await setZone(east);
      await setLease(a, addDays(todayIn(east), 3), null);
      const inEast = (await t.as("manager").get(OCC("building=1&is_upcoming=true"))).json() as UpcomingOccupancies;
      expect(inEast.results.map((r) => r.id)).toContain(a.occupancy_id);
      await setZone(west);
      const inWest = (await t.as("manager").get(OCC("building=1&is_upcoming=true"))).json() as UpcomingOccupancies;
      expect(inWest.results.map((r) => r.id)).not.toContain(a.occupancy_id);
    } finally {
      await setZone(TZ);
    }
  });

  it("roles, buildings and input", async () => {
    expect((await t.as("clubadmin").get(OCC("building=1"))).statusCode).toBe(403);
    expect((await t.as("owner").get(OCC("building=1"))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(OCC("building=3"))).statusCode).toBe(403);
    expect((await t.as("office").get(OCC("building=999"))).statusCode).toBe(404);
    const bad = await t.as("manager").get(OCC("building=1&limit=0"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("limit");
    expect((await t.as("manager").get(OCC("limit=5"))).statusCode).toBe(400);
    expect((await t.as("manager").get(OCC("building=1&limit=5001"))).statusCode).toBe(400);
  });
});

describe("upcoming move outs", () => {
  it("leases ending today … in 7 days: ready with a Move-Out booked (not cancelled or denied), others not", async () => {
    const [d, e, f, g, h] = units;
    await setLease(d, addDays(today, -300), addDays(today, 7));
    await setLease(e, addDays(today, -300), today);
    await setLease(f, addDays(today, -300), addDays(today, 8));
    await setLease(g, addDays(today, -300), addDays(today, 2));
    await setLease(h, addDays(today, -300), addDays(today, -1));
    await book(e, "MO", "APPROVED");
    await book(g, "MO", "CANCELLED");
    await book(g, "MO", "DENIED");
    await book(g, "DL", "APPROVED");
    await book(d, "MO", "REQUESTED", addDays(today, 6));
    const res = await t.as("frontdesk").get(MOVE_OUTS(1));
    expect(res.statusCode).toBe(200);
    const body = res.json() as UpcomingMoveOuts;
    expect(body.occupancies_expiring_with_reservations.map((o) => o.id)).toEqual([e.occupancy_id, d.occupancy_id]);
    expect(body.occupancies_expiring_without_reservations.map((o) => o.id)).toEqual([g.occupancy_id]);
    expect(body.occupancies_expiring_without_reservations[0]).toEqual({
      id: g.occupancy_id,
      apartment_number: g.apartment_number,
      lease_end_date: addDays(today, 2),
      move_out_invite_sent_time: null,
    });
  });

  it("needs reservations and staff; another building is refused", async () => {
    expect((await t.as("clubadmin").get(MOVE_OUTS(1))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(MOVE_OUTS(3))).statusCode).toBe(403);
    expect((await t.as("office").get(MOVE_OUTS(999))).statusCode).toBe(404);
    await setBuildingSettings(t, 1, { reservationsettings: { has_reservations: false } });
    expect((await t.as("manager").get(MOVE_OUTS(1))).statusCode).toBe(403);
  });
});

describe("move-out invitations", () => {
  it("mails the lease's residents, records the time, then waits three days", async () => {
    const [d] = units;
    await setLease(d, addDays(today, -300), addDays(today, 5));
    const res = await t.as("frontdesk").post(INVITE(1, d.occupancy_id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: "sent" });
    const mails = rowsOf<{ recipients: { email: string }[]; related_entity_id: number; building_id: number }>(
      await exec(sql`select recipients, related_entity_id, building_id from email_messages
        where kind = 'move_out_invite' and related_entity_type = 'occupancy'`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ related_entity_id: d.occupancy_id, building_id: 1 });
    expect(mails[0].recipients.length).toBeGreaterThan(0);
    const listed = (await t.as("frontdesk").get(MOVE_OUTS(1))).json() as UpcomingMoveOuts;
    const row = listed.occupancies_expiring_without_reservations.find((o) => o.id === d.occupancy_id)!;
    expect(row.move_out_invite_sent_time).toBe(res.json().move_out_invite_sent_time);

    const again = await t.as("frontdesk").post(INVITE(1, d.occupancy_id));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [M.invitedRecently] });
    // Just under three days: still refused; three days: allowed.
    const sentAgo = (ms: number) =>
      exec(sql`update occupancies set move_out_invite_sent_time = ${new Date(Date.now() - ms)} where id = ${d.occupancy_id}`);
    await sentAgo(3 * DAY_MS - 60_000);
    expect((await t.as("manager").post(INVITE(1, d.occupancy_id))).statusCode).toBe(400);
    await sentAgo(3 * DAY_MS + 60_000);
    expect((await t.as("manager").post(INVITE(1, d.occupancy_id))).statusCode).toBe(200);
  });

  it("refuses a ready lease and one without addresses; another building's lease is 404", async () => {
    const [d, e] = units;
    await setLease(e, addDays(today, -300), addDays(today, 1));
    await book(e, "MO", "REQUESTED");
    const ready = await t.as("manager").post(INVITE(1, e.occupancy_id));
    expect(ready.statusCode).toBe(400);
    expect(ready.json()).toEqual({ non_field_errors: [M.alreadyReady] });
    expect((await t.as("manager").post(INVITE(1, far.occupancy_id))).statusCode).toBe(404);
    expect((await t.as("office").post(INVITE(1, far.occupancy_id))).statusCode).toBe(404);
    expect((await t.as("manager").post(INVITE(1, 2147483000))).statusCode).toBe(404);
    expect((await t.as("clubadmin").post(INVITE(1, d.occupancy_id))).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(INVITE(3, far.occupancy_id))).statusCode).toBe(403);
    const ids = d.occupants.map((o) => o.id);
    const saved = rowsOf<{ id: number; email: string }>(
      await exec(sql`select u.id, u.email from users u join occupants o on o.user_id = u.id
        where o.occupancy_id = ${d.occupancy_id}`),
    );
    try {
      await exec(sql`update users set email = '' where id in
        (select user_id from occupants where occupancy_id = ${d.occupancy_id})`);
      const none = await t.as("manager").post(INVITE(1, d.occupancy_id));
      expect(none.json()).toEqual({ non_field_errors: [M.noTenantEmail] });
    } finally {
      for (const s of saved) await exec(sql`update users set email = ${s.email} where id = ${s.id}`);
    }
    expect(ids.length).toBeGreaterThan(0);
  });

  it("invite all: the eligible ones only; none eligible is refused with the spec's words", async () => {
    const [d, e, g] = units;
    await setLease(d, addDays(today, -300), addDays(today, 3));
    await setLease(e, addDays(today, -300), addDays(today, 3));
    await setLease(g, addDays(today, -300), addDays(today, 4));
    await book(e, "MO", "APPROVED");
    await exec(sql`update occupancies set move_out_invite_sent_time = now() - interval '1 day' where id = ${d.occupancy_id}`);
    const body = { notReadyOccupancyIds: [d.occupancy_id, e.occupancy_id, g.occupancy_id, far.occupancy_id] };
    const res = await t.as("manager").post(INVITE_ALL(1), body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: "sent", sent: [g.occupancy_id], sent_count: 1, skipped_count: 3 });
    const again = await t.as("manager").post(INVITE_ALL(1), body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: [M.noInvites] });
    const empty = await t.as("manager").post(INVITE_ALL(1), { notReadyOccupancyIds: [] });
    expect(empty.json()).toEqual({ notReadyOccupancyIds: [M.selectAtLeastOne] });
    const wrong = await t.as("manager").post(INVITE_ALL(1), { notReadyOccupancyIds: ["x"] });
    expect(wrong.statusCode).toBe(400);
    // Authorize before validating.
    expect((await t.as("clubadmin").post(INVITE_ALL(1), { notReadyOccupancyIds: [] })).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(INVITE_ALL(3), {})).statusCode).toBe(403);
    expect((await t.as("office").post(INVITE_ALL(999), {})).statusCode).toBe(404);
  });
});

describe("active employees today", () => {
  it("the building's staff who signed in since the building's midnight, the latest first", async () => {
    const midnight = startOfDayIn(today, TZ).getTime();
    const now = Date.now();
    const set = async (username: string, at: number | null) =>
      exec(sql`update users set last_login = ${at === null ? null : new Date(at)} where id = ${await userId(username)}`);
    await set("frontdesk", now - 1000);
    await set("office", Math.max(midnight + 1000, now - 5000));
    await set("maintenance", midnight - 1000);
    await set("salvarez", midnight + 500);
    const res = await t.as("frontdesk").get(ACTIVE(1));
    expect(res.statusCode).toBe(200);
    const body = res.json() as ActiveEmployees;
    const names = body.results.map((e) => `${e.app_user.first_name} ${e.app_user.last_name}`);
    expect(names[0]).toBe("Frank Delgado");
    expect(names).toContain("Olivia Bennett");
    const ids = body.results.map((e) => e.id);
    expect(ids).not.toContain(await userId("maintenance"));
    expect(ids).not.toContain(await userId("clubadmin"));
    expect(body.count).toBe(body.results.length);
    const fd = body.results[0];
    expect(fd).toMatchObject({ id: await userId("frontdesk"), title: "Front Desk Concierge" });
    expect(Object.keys(fd.app_user).sort()).toEqual(["first_name", "last_login", "last_name"]);
    // salvarez (a manager) has access only where the demo gives it.
    const access = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from user_buildings where building_id = 1 and user_id = ${await userId("salvarez")}`),
    )[0].n;
    expect(ids.includes(await userId("salvarez"))).toBe(Number(access) > 0);
  });

  it("staff only; other buildings refused", async () => {
    expect((await t.as("clubadmin").get(ACTIVE(1))).statusCode).toBe(403);
    expect((await t.as("amenity").get(ACTIVE(1))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(ACTIVE(3))).statusCode).toBe(403);
    expect((await t.as("office").get(ACTIVE(999))).statusCode).toBe(404);
    expect((await t.as("maintenance").get(ACTIVE(1))).statusCode).toBe(200);
  });
});

describe("action items", () => {
  it("each count only with its own gate", async () => {
    const [a] = units;
    await book(a, "DL", "REQUESTED", addDays(today, 2));
    await book(a, "DL", "REQUESTED", addDays(today, 3));
    await book(a, "DL", "APPROVED", addDays(today, 4));
    const manager = (await t.as("manager").get(ITEMS(1))).json();
    expect(manager.elevator_requests_to_approve).toBe(2);
    expect(typeof manager.pending_amenity_approvals).toBe("number");
    const fd = await t.as("frontdesk").get(ITEMS(1));
    expect(fd.statusCode).toBe(200);
    expect(fd.json()).toEqual({ elevator_requests_to_approve: 2 });
    await setBuildingSettings(t, 1, { reservationsettings: { is_staff_can_approve: false } });
    expect((await t.as("frontdesk").get(ITEMS(1))).json()).toEqual({});
    expect((await t.as("manager").get(ITEMS(1))).json().elevator_requests_to_approve).toBe(2);
  });

  it("counts pending amenity reservations of types requiring approval, not over and not cancelled", async () => {
    const [type] = rowsOf<{ id: number; amenity_id: number; r: boolean }>(
      await exec(sql`select t.id, a.id as amenity_id, t.is_approval_required_for_reservation as r
        from amenity_types t join amenities a on a.amenity_type_id = t.id
        where t.building_id = 1 order by t.id limit 1`),
    );
    const count = async () => (await t.as("manager").get(ITEMS(1))).json().pending_amenity_approvals as number;
    const made: number[] = [];
    const add = async (approval: string, hoursAhead: number, cancelled = false) => {
      const start = new Date(Date.now() + hoursAhead * 3_600_000);
      const [row] = rowsOf<{ id: number }>(
        await exec(sql`insert into amenity_reservations
          (building_id, amenity_id, amenity_type_id, type, start_time, end_time, approval_status, is_cancelled)
          values (1, ${type.amenity_id}, ${type.id}, 'TR', ${start}, ${new Date(start.getTime() + 3_600_000)},
            ${approval}, ${cancelled}) returning id`),
      );
      made.push(Number(row.id));
    };
    try {
      await exec(sql`update amenity_types set is_approval_required_for_reservation = true where id = ${type.id}`);
      const before = await count();
      await add("PENDING", 48);
      await add("PENDING", -48);
      await add("PENDING", 72, true);
      await add("APPROVED", 96);
      expect(await count()).toBe(before + 1);
      const ofType = await pendingOfType(type.id);
      await exec(sql`update amenity_types set is_approval_required_for_reservation = false where id = ${type.id}`);
      expect(await count()).toBe(before + 1 - ofType);
    } finally {
      for (const id of made) await exec(sql`delete from amenity_reservations where id = ${id}`);
      await exec(sql`update amenity_types set is_approval_required_for_reservation = ${type.r} where id = ${type.id}`);
    }
  });

  it("staff only; other buildings refused", async () => {
    expect((await t.as("clubadmin").get(ITEMS(1))).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(ITEMS(3))).statusCode).toBe(403);
    expect((await t.as("office").get(ITEMS(999))).statusCode).toBe(404);
    expect(MESSAGES.widgetError("x")).toBe("An error occurred: x");
  });
});
