import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Package } from "@portico/contract";
import type { TestApp } from "../../test/app.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import {
  backdate,
  packageBasics,
  BULK,
  clearPackages,
  CLOSE,
  LIST,
  logOne,
  logPackages,
  multipart,
  otherUnits,
  setBuildingSettings,
  smallPng,
  type UnitInfo,
  createPackagesApp,
} from "./test-fixtures.ts";

let t: TestApp;
let ty: Record<string, number>;
let u1203: UnitInfo;
let u305: UnitInfo;
let u1105: UnitInfo;
let others: UnitInfo[];
let b2unit: UnitInfo;
let b3unit: UnitInfo;
const TZ = "America/New_York";
const day = (offset: number) => dayjs(todayIn(TZ)).add(offset, "day").format("YYYY-MM-DD");

beforeAll(async () => {
  t = await createPackagesApp();
  ({ ty, u1203, u305, u1105 } = await packageBasics(t));
  others = await otherUnits(t, 1, 5, ["1203", "305", "1105", "1504", "808"]);
  [b2unit] = await otherUnits(t, 2, 1);
  [b3unit] = await otherUnits(t, 3, 1);
});
afterAll(async () => {
  await t?.close();
});

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

// -----------------------------------------------------------------------------------------------

describe("POST /packages/bulk/", () => {
  it("logs every row with an opening event, and answers the packages in the full shape", async () => {
    const res = await t.as("frontdesk").post(`${BULK}?building=1`, [
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "  UPS, shelf A " },
      { occupancy: String(u1203.occupancy_id), package_type: String(ty["Envelope"]), send_notification_occupants: [] },
      { occupancy: others[0].occupancy_id, package_type: ty["Large box"], opening_comment: null },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ message: "Packages logged", count: 3 });
    const [a, b, c] = body.results as Package[];
    expect(a).toMatchObject({
      building_id: 1,
      status: "OPEN",
      status_display: "Open",
      apartment_id: u1203.apartment_id,
      apartment_number: "1203",
      occupancy_id: u1203.occupancy_id,
      occupancy_status: "CURRENT",
      is_active_occupancy: true,
      is_future_occupancy: false,
      is_lease_expired: false,
      package_type: {
        id: ty["Small box"],
        name: "Small box",
        abbreviation: "SB",
        color_hex: "#1976D2",
        font_color_hex: "#FFFFFF",
        group: "INCOMING_DELIVERY",
        group_display: "Incoming delivery",
        is_pic_required: false,
        is_public_display: true,
      },
      date_closed: null,
      opened_by: { first_name: "Frank", last_name: "Delgado" },
      closed_by: null,
      opening_comment: "UPS, shelf A",
      closing_comment: "",
      closing_photo_url: null,
      package_count: 2,
      record: null,
      text_recipient_set: [],
      barcode: null,
      carrier: null,
      scanned_at: null,
    });
    // Default: every active resident of the unit is chosen; an explicit [] chooses nobody.
    expect(a.send_notification_occupants).toEqual(u1203.occupants.map((o) => o.id));
    expect(b.send_notification_occupants).toEqual([]);
    expect(a.occupants.map((o) => o.last_name)).toEqual(expect.arrayContaining(["Morgan"]));
    expect(c).toMatchObject({ apartment_number: others[0].apartment_number, opening_comment: "", package_count: 1 });
    expect(new Date(a.date_opened).toISOString()).toBe(a.date_opened);
    expect(a.date_created).toBe(a.date_opened);

    const ev = await t.as("frontdesk").get(`${LIST}${a.id}/events/?building=1`);
    expect(ev.statusCode).toBe(200);
    expect(ev.json()).toMatchObject({
      count: 1,
      results: [
        {
          type: "PACKAGE_OPENED",
          type_display: "Package opened",
          note: "Package opened: Small box – UPS, shelf A",
          performed_by: "Frank Delgado",
        },
      ],
    });
  });

  it("answers field errors row by row and logs nothing when any row fails", async () => {
    const before = (await t.as("frontdesk").get(`${LIST}?building=1&package_status=OPEN,CLOSED&limit=1`)).json().count;
    const res = await t.as("frontdesk").post(`${BULK}?building=1`, [
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
      { occupancy: u1203.occupancy_id, opening_comment: "no type" },
      { package_type: ty["Small box"], opening_comment: "no unit" },
      { occupancy: u1203.occupancy_id, package_type: 999999 },
      {
        occupancy: u1203.occupancy_id,
        package_type: ty["Small box"],
        send_notification_occupants: [others[0].occupants[0].id],
      },
      { occupancy: "", package_type: "" },
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "x".repeat(2001) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([
      {},
      { package_type: ["A package type is required"] },
      { occupancy: ["An occupancy must be selected"] },
      { package_type: ['Invalid pk "999999" - object does not exist.'] },
      { send_notification_occupants: [`Invalid pk "${others[0].occupants[0].id}" - object does not exist.`] },
      { occupancy: ["An occupancy must be selected"], package_type: ["A package type is required"] },
      { opening_comment: ["Ensure this field has no more than 2000 characters."] },
    ]);
    const after = (await t.as("frontdesk").get(`${LIST}?building=1&package_status=OPEN,CLOSED&limit=1`)).json().count;
    expect(after).toBe(before);
  });

  it("refuses a body that is not a list, an empty list and more than 100 rows", async () => {
    const obj = await t.as("frontdesk").post(`${BULK}?building=1`, { occupancy: u1203.occupancy_id });
    expect(obj.statusCode).toBe(400);
    expect(obj.json()).toEqual({ non_field_errors: ['Expected a list of items but got type "dict".'] });
    const empty = await t.as("frontdesk").post(`${BULK}?building=1`, []);
    expect(empty.json()).toEqual({ non_field_errors: ["At lease one package is required"] });
    const many = Array.from({ length: 101 }, () => ({ occupancy: u1203.occupancy_id, package_type: ty["Small box"] }));
    expect((await t.as("frontdesk").post(`${BULK}?building=1`, many)).json()).toEqual({
      non_field_errors: ["Maximum row limit reached (100)"],
    });
  });

  it("refuses occupancies of other buildings, and buildings out of reach", async () => {
    const other = await t
      .as("frontdesk")
      .post(`${BULK}?building=1`, [{ occupancy: b2unit.occupancy_id, package_type: ty["Small box"] }]);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual([{ occupancy: [`Invalid pk "${b2unit.occupancy_id}" - object does not exist.`] }]);

    const b3 = await t
      .as("frontdesk")
      .post(`${BULK}?building=3`, [
        { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "x" },
      ]);
    expect(b3.statusCode).toBe(403);
    expect(b3.json()).toEqual({ detail: "You do not have access to this building" });

    // Without ?building the building is the first reachable occupancy's; building 3's is not.
    const inferred = await t
      .as("frontdesk")
      .post(BULK, [{ occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "x" }]);
    expect(inferred.statusCode).toBe(400);
    expect(inferred.json()).toEqual([{ occupancy: [`Invalid pk "${b3unit.occupancy_id}" - object does not exist.`] }]);

    const ok = await t.as("frontdesk").post(BULK, [{ occupancy: b2unit.occupancy_id, package_type: ty["Small box"] }]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().results[0].building_id).toBe(2);

    expect((await t.as(null).post(BULK, [])).statusCode).toBe(401);
    expect((await t.as("tenant").post(`${BULK}?building=1`, [])).statusCode).toBe(403);
  });

  it("refuses inactive unit profiles and accepts future ones (f in the grid legend)", async () => {
    const inactive = others[4];
    await t.db.execute(sql`update occupancies set is_active = false where id = ${inactive.occupancy_id}`);
    const res = await t
      .as("frontdesk")
      .post(`${BULK}?building=1`, [{ occupancy: inactive.occupancy_id, package_type: ty["Small box"] }]);
    expect(res.json()).toEqual([{ occupancy: ["You cannot log packages for this occupancy"] }]);
    await t.db.execute(sql`update occupancies set is_active = true where id = ${inactive.occupancy_id}`);

    const future = await logOne(t, "frontdesk", { occupancy: u1105.occupancy_id, package_type: ty["Envelope"] }, 1);
    expect(future).toMatchObject({
      apartment_number: "1105",
      occupancy_status: "FUTURE",
      is_future_occupancy: true,
      is_active_occupancy: true,
    });
    const expired = await logOne(t, "frontdesk", { occupancy: u305.occupancy_id, package_type: ty["Perishable"] }, 1);
    expect(expired).toMatchObject({ occupancy_status: "CURRENT", is_lease_expired: true });
  });

  it("requires a comment when the building requires comments", async () => {
    const res = await t.as("manager").post(`${BULK}?building=3`, [
      { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "  " },
      { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "Shelf C" },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ opening_comment: ["Comment required"] }, {}]);
    const ok = await t
      .as("manager")
      .post(`${BULK}?building=3`, [
        { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "Shelf C" },
      ]);
    expect(ok.statusCode).toBe(201);
  });
});

// -----------------------------------------------------------------------------------------------

describe("GET /packages/list/ filters and ordering", () => {
  const P: Record<string, Package> = {};
  let inactiveOcc: UnitInfo;

  beforeAll(async () => {
    await clearPackages(t);
    P.A = await logOne(
      t,
      "frontdesk",
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "UPS shelf A" },
      1,
    );
    P.B = await logOne(
      t,
      "manager",
      { occupancy: u1203.occupancy_id, package_type: ty["Envelope"], opening_comment: "Certified letter" },
      1,
    );
    P.C = await logOne(
      t,
      "frontdesk",
      { occupancy: others[0].occupancy_id, package_type: ty["Large box"], opening_comment: "FedEx heavy" },
      1,
    );
    P.D = await logOne(
      t,
      "frontdesk",
      { occupancy: others[1].occupancy_id, package_type: ty["Outgoing"], opening_comment: "Return to Amazon" },
      1,
    );
    P.E = await logOne(
      t,
      "frontdesk",
      { occupancy: others[2].occupancy_id, package_type: ty["Keys"], opening_comment: "Cleaner key" },
      1,
    );
    P.F = await logOne(
      t,
      "frontdesk",
      { occupancy: u305.occupancy_id, package_type: ty["Perishable"], opening_comment: "Fridge 2" },
      1,
    );
    inactiveOcc = others[3];
    P.G = await logOne(
      t,
      "frontdesk",
      { occupancy: inactiveOcc.occupancy_id, package_type: ty["Small box"], opening_comment: "Left behind" },
      1,
    );
    await t.db.execute(sql`update occupancies set is_active = false where id = ${inactiveOcc.occupancy_id}`);
    P.H = await logOne(
      t,
      "frontdesk",
      { occupancy: b2unit.occupancy_id, package_type: ty["Small box"], opening_comment: "Other building" },
      2,
    );
    P.I = await logOne(
      t,
      "frontdesk",
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "Old closed" },
      1,
    );
    // Ages: B 10 days, C 3 days, D 2 days, E 1 day, F 4 days, I 70 days; A, G today.
    await backdate(t, [P.B.id], 10);
    await backdate(t, [P.C.id], 3);
    await backdate(t, [P.D.id], 2);
    await backdate(t, [P.E.id], 1);
    await backdate(t, [P.F.id], 4);
    await backdate(t, [P.I.id], 70);
    const closeC = await t.as("manager").post(CLOSE, { packages: [P.C.id], closing_comment: "Picked up by roommate" });
    expect(closeC.statusCode).toBe(200);
    await t.as("manager").post(CLOSE, { packages: [P.I.id] });
    await t.db.execute(sql`update packages set date_closed = now() - interval '65 days' where id = ${P.I.id}`);
  });

  const list = async (q: string, user = "frontdesk") => {
    const res = await t.as(user).get(`${LIST}?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; next: string | null; previous: string | null; results: Package[] };
  };

  it("defaults to open packages of active unit profiles of the building, newest opened first", async () => {
    const body = await list("building=1");
    expect(ids(body)).toEqual([P.A.id, P.E.id, P.D.id, P.F.id, P.B.id]);
    expect(body.count).toBe(5);
    expect(body.results[0].package_count).toBe(2);
  });

  it("package_status CLOSED, and OPEN,CLOSED", async () => {
    expect(ids(await list("building=1&package_status=CLOSED"))).toEqual([P.C.id, P.I.id]);
    const both = await list("building=1&package_status=OPEN,CLOSED");
    expect(ids(both)).toEqual([P.A.id, P.E.id, P.D.id, P.C.id, P.F.id, P.B.id, P.I.id]);
    const closed = (await list("building=1&package_status=CLOSED")).results[0];
    expect(closed).toMatchObject({
      status: "CLOSED",
      status_display: "Closed",
      closing_comment: "Picked up by roommate",
      closed_by: { first_name: "Marcus", last_name: "Reed" },
    });
    expect(closed.date_closed).not.toBeNull();
    const bad = await t.as("frontdesk").get(`${LIST}?building=1&package_status=LOST`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      package_status: ["Select a valid choice. LOST is not one of the available choices."],
    });
  });

  it("include_deactivated_units adds inactive unit profiles; an occupancy filter always includes them", async () => {
    expect(ids(await list("building=1&include_deactivated_units=true"))).toEqual([
      P.G.id,
      P.A.id,
      P.E.id,
      P.D.id,
      P.F.id,
      P.B.id,
    ]);
    const withG = await list("building=1&include_deactivated_units=true");
    expect(withG.count).toBe(6);
    const g = withG.results.find((r) => r.id === P.G.id)!;
    expect(g).toMatchObject({ occupancy_status: "INACTIVE", is_active_occupancy: false });
    expect(ids(await list(`building=1&occupancy=${inactiveOcc.occupancy_id}`))).toEqual([P.G.id]);
  });

  it("package_type (one or a comma list) and package_type__group", async () => {
    expect(ids(await list(`building=1&package_type=${ty["Envelope"]}`))).toEqual([P.B.id]);
    expect(ids(await list(`building=1&package_type=${ty["Envelope"]},${ty["Keys"]}`))).toEqual([P.E.id, P.B.id]);
    expect(ids(await list("building=1&package_type__group=INCOMING_DELIVERY"))).toEqual([P.A.id, P.F.id, P.B.id]);
    expect(ids(await list("building=1&package_type__group=OUTGOING_ITEMS,KEYS"))).toEqual([P.E.id, P.D.id]);
    expect((await t.as("frontdesk").get(`${LIST}?building=1&package_type=abc`)).json()).toEqual({
      package_type: ["A valid integer is required."],
    });
  });

  it("occupancy and apartment", async () => {
    expect(ids(await list(`building=1&occupancy=${u1203.occupancy_id}`))).toEqual([P.A.id, P.B.id]);
    expect(ids(await list(`building=1&apartment=${others[1].apartment_id}`))).toEqual([P.D.id]);
    // The occupancy alone names the building.
    expect(ids(await list(`occupancy=${u1203.occupancy_id}`))).toEqual([P.A.id, P.B.id]);
  });

  it("min/max_date_opened and min/max_date_closed (building days, inclusive), and 'Invalid date'", async () => {
    expect(ids(await list(`building=1&max_date_opened=${day(-5)}`))).toEqual([P.B.id]);
    expect(ids(await list(`building=1&min_date_opened=${day(-3)}&max_date_opened=${day(-1)}`))).toEqual([
      P.E.id,
      P.D.id,
    ]);
    expect(ids(await list(`building=1&min_date_opened=${day(0)}`))).toEqual([P.A.id]);
    expect(ids(await list(`building=1&package_status=CLOSED&min_date_closed=${day(0)}`))).toEqual([P.C.id]);
    expect(ids(await list(`building=1&package_status=CLOSED&max_date_closed=${day(-1)}`))).toEqual([P.I.id]);
    const bad = await t.as("frontdesk").get(`${LIST}?building=1&min_date_opened=2025-02-30&max_date_closed=soon`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ min_date_opened: ["Invalid date"], max_date_closed: ["Invalid date"] });
  });

  it("refuses date ranges whose end comes first (400 on max_date_opened / max_date_closed)", async () => {
    const end = "The end date must be on or after the start date.";
    const bad = await t
      .as("frontdesk")
      .get(
        `${LIST}?building=1&min_date_opened=${day(-1)}&max_date_opened=${day(-3)}&min_date_closed=${day(0)}&max_date_closed=${day(-1)}`,
      );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ max_date_opened: [end], max_date_closed: [end] });
    const sameDay = await t
      .as("frontdesk")
      .get(`${LIST}?building=1&min_date_opened=${day(-3)}&max_date_opened=${day(-3)}`);
    expect(sameDay.statusCode).toBe(200);
  });

  it("search: unit number, resident name, type name and comments; every word must match", async () => {
    expect(ids(await list("building=1&search=certified"))).toEqual([P.B.id]);
    expect(ids(await list("building=1&search=1203"))).toEqual([P.A.id, P.B.id]);
    expect(ids(await list("building=1&search=morgan"))).toEqual([P.A.id, P.B.id]);
    expect(ids(await list("building=1&search=perish"))).toEqual([P.F.id]);
    expect(ids(await list("building=1&package_status=OPEN,CLOSED&search=fedex heavy"))).toEqual([P.C.id]);
    expect(ids(await list("building=1&search=fedex nothing"))).toEqual([]);
    expect(ids(await list("building=1&search=100%25"))).toEqual([]);
  });

  it("search: every kind of word finds what the rule says (units, types, text, residents; short and long)", async () => {
    const all = "building=1&package_status=OPEN,CLOSED&limit=1000";
    await t.db.execute(sql`update packages set carrier = 'DHL Express', barcode = 'JD0142999' where id = ${P.D.id}`);
    try {
      const every = (await list(all)).results;
      // The rule, applied here to what the list shows.
      const matches = (p: Package, word: string) => {
        const w = word.toLowerCase();
        const has = (v: string | null) => (v ?? "").toLowerCase().includes(w);
        return (
          p.apartment_number.toLowerCase().startsWith(w) ||
          has(p.package_type.name) ||
          has(p.opening_comment) ||
          has(p.closing_comment) ||
          has(p.barcode) ||
          has(p.carrier) ||
          p.occupants.some((o) => o.first_name.toLowerCase().startsWith(w) || o.last_name.toLowerCase().startsWith(w))
        );
      };
      const searches = ["mo", "m", "morgan", "12", "1203", "ups", "up", "fedex", "he", "x", "dhl", "dh", "999"];
      for (const search of [...searches, "shelf a", "mo 1203", "ca ke", "express 30"]) {
        const words = search.split(" ");
        const want = every.filter((p) => words.every((w) => matches(p, w))).map((p) => p.id);
        const got = await list(`${all}&search=${encodeURIComponent(search)}`);
        expect(ids(got), search).toEqual(want);
        expect(got.count, search).toBe(want.length);
      }
      expect(ids(await list(`${all}&search=dhl`))).toEqual([P.D.id]);
      expect(ids(await list(`${all}&search=999`))).toEqual([P.D.id]);
      // A page past the end still carries the count.
      const past = await list(`${all}&search=1203&offset=50`);
      expect([past.count, past.results]).toEqual([every.filter((p) => matches(p, "1203")).length, []]);
    } finally {
      await t.db.execute(sql`update packages set carrier = null, barcode = null where id = ${P.D.id}`);
    }
  });

  it("ordering by every sortable column, ties by id", async () => {
    const all = "building=1&package_status=OPEN,CLOSED";
    expect(ids(await list(`${all}&ordering=date_opened`))).toEqual([
      P.I.id,
      P.B.id,
      P.F.id,
      P.C.id,
      P.D.id,
      P.E.id,
      P.A.id,
    ]);
    const byUnit = await list(`${all}&ordering=apartment_number`);
    const numbers = byUnit.results.map((r) => r.apartment_number);
    const { compareApartmentNumbers } = await import("@portico/contract");
    expect(numbers).toEqual([...numbers].sort(compareApartmentNumbers));
    const byUnitDesc = (await list(`${all}&ordering=-apartment_number`)).results.map((r) => r.apartment_number);
    expect(byUnitDesc).toEqual([...numbers].sort(compareApartmentNumbers).reverse());
    const byType = (await list(`${all}&ordering=package_type`)).results.map((r) => r.package_type.name);
    expect(byType).toEqual(["Envelope", "Keys", "Large box", "Outgoing", "Perishable", "Small box", "Small box"]);
    expect(ids(await list(`${all}&ordering=-date_closed`)).slice(0, 2)).toEqual([P.C.id, P.I.id]);
    expect(ids(await list(`${all}&ordering=date_closed`)).slice(0, 2)).toEqual([P.I.id, P.C.id]);
    expect(ids(await list(`${all}&ordering=status`)).slice(0, 2)).toEqual([P.C.id, P.I.id]);
    expect(ids(await list(`${all}&ordering=id`))).toEqual([P.A.id, P.B.id, P.C.id, P.D.id, P.E.id, P.F.id, P.I.id]);
    expect(ids(await list(`${all}&ordering=-id`))[0]).toBe(P.I.id);
    const byOpener = (await list(`${all}&ordering=opened_by`)).results.map((r) => r.opened_by!.last_name);
    expect(byOpener[0]).toBe("Delgado");
    expect(byOpener.at(-1)).toBe("Reed");
    expect((await list(`${all}&ordering=closed_by`)).results[0].closed_by!.last_name).toBe("Reed");
    expect(ids(await list(`${all}&ordering=-date_created`))[0]).toBe(P.A.id);
    const bad = await t.as("frontdesk").get(`${LIST}?building=1&ordering=colour`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["ordering"]);
  });

  it("pages with limit/offset and next/previous links; up to 5000", async () => {
    const p1 = await list("building=1&limit=2");
    expect(p1.count).toBe(5);
    expect(ids(p1)).toEqual([P.A.id, P.E.id]);
    expect(p1.next).toBe("/api/v1/packages/list/?building=1&limit=2&offset=2");
    expect(p1.previous).toBeNull();
    const p3 = await list("building=1&limit=2&offset=4");
    expect(ids(p3)).toEqual([P.B.id]);
    expect(p3.next).toBeNull();
    expect(p3.previous).toBe("/api/v1/packages/list/?building=1&limit=2&offset=2");
    expect((await list("building=1&limit=5000")).results).toHaveLength(5);
  });

  it("the unit profile's panel: open, and closed within 60 days, 10 each", async () => {
    const open = await list(`occupancy=${u1203.occupancy_id}&package_status=OPEN&limit=10`);
    expect(ids(open)).toEqual([P.A.id, P.B.id]);
    const recent = await list(
      `occupancy=${u1203.occupancy_id}&package_status=CLOSED&min_date_closed=${day(-60)}&ordering=-date_closed&limit=10`,
    );
    expect(ids(recent)).toEqual([]);
    // Closed 65 days ago is out of the window; move it inside.
    await t.db.execute(sql`update packages set date_closed = now() - interval '59 days' where id = ${P.I.id}`);
    const inside = await list(
      `occupancy=${u1203.occupancy_id}&package_status=CLOSED&min_date_closed=${day(-60)}&ordering=-date_closed&limit=10`,
    );
    expect(ids(inside)).toEqual([P.I.id]);
  });

  it("scopes to the building: 400 without one, 403 for a building out of reach", async () => {
    expect(ids(await list("building=2"))).toEqual([P.H.id]);
    const none = await t.as("frontdesk").get(LIST);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ building: ["This field is required."] });
    const b3 = await t.as("frontdesk").get(`${LIST}?building=3`);
    expect(b3.statusCode).toBe(403);
    expect(b3.json()).toEqual({ detail: "You do not have access to this building" });
    expect((await t.as("frontdesk").get(`${LIST}?occupancy=${b3unit.occupancy_id}`)).statusCode).toBe(403);
    expect((await t.as("manager").get(`${LIST}?building=3`)).statusCode).toBe(200);
    expect((await t.as("tenant").get(`${LIST}?building=1`)).statusCode).toBe(403);
    expect((await t.as(null).get(`${LIST}?building=1`)).statusCode).toBe(401);
    // A building filter with another building's occupancy finds nothing.
    expect(ids(await list(`building=1&occupancy=${b2unit.occupancy_id}`))).toEqual([]);
  });
});

// -----------------------------------------------------------------------------------------------

describe("one package: detail, events, comment edit, reopen", () => {
  let p: Package;
  let b3pkg: Package;
  beforeAll(async () => {
    p = await logOne(
      t,
      "frontdesk",
      { occupancy: u1203.occupancy_id, package_type: ty["Small box"], opening_comment: "UPS" },
      1,
    );
    b3pkg = await logOne(
      t,
      "manager",
      { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "b3" },
      3,
    );
  });

  it("GET /packages/list/{id}/ with and without ?building; 404 elsewhere", async () => {
    const res = await t.as("frontdesk").get(`${LIST}${p.id}/?building=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, opening_comment: "UPS", apartment_number: "1203" });
    expect((await t.as("frontdesk").get(`${LIST}${p.id}/`)).statusCode).toBe(200);
    expect((await t.as("frontdesk").get(`${LIST}${p.id}/?building=2`)).json()).toEqual({ detail: "Not found." });
    expect((await t.as("frontdesk").get(`${LIST}${b3pkg.id}/`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(`${LIST}${b3pkg.id}/?building=3`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(`${LIST}${b3pkg.id}/events/`)).statusCode).toBe(404);
    expect((await t.as("frontdesk").get(`${LIST}99999999/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${LIST}${b3pkg.id}/?building=3`)).statusCode).toBe(200);
  });

  it("PATCH edits the opening comment with a COMMENT_EDITED event; 'Comment required'", async () => {
    const res = await t.as("frontdesk").patch(`${LIST}${p.id}/?building=1`, { opening_comment: " UPS, shelf B " });
    expect(res.statusCode).toBe(200);
    expect(res.json().opening_comment).toBe("UPS, shelf B");
    const ev = (await t.as("frontdesk").get(`${LIST}${p.id}/events/?building=1&ordering=-date_created`)).json();
    expect(ev.results[0]).toMatchObject({
      type: "COMMENT_EDITED",
      type_display: "Comment edited",
      note: "Changes: opening_comment: UPS ==> UPS, shelf B",
      performed_by: "Frank Delgado",
    });
    const asc = (await t.as("frontdesk").get(`${LIST}${p.id}/events/?building=1&ordering=date_created`)).json();
    expect(asc.results.map((e: { type: string }) => e.type)).toEqual(["PACKAGE_OPENED", "COMMENT_EDITED"]);

    for (const body of [{ opening_comment: "" }, { opening_comment: "   " }, {}])
      expect((await t.as("frontdesk").patch(`${LIST}${p.id}/?building=1`, body)).json()).toEqual({
        opening_comment: ["Comment required"],
      });
    expect((await t.as("frontdesk").patch(`${LIST}${b3pkg.id}/?building=3`, { opening_comment: "x" })).statusCode).toBe(
      404,
    );
  });

  it("closing, then: no comment edit; reopen (with event); reopen again refused", async () => {
    const close = await t.as("frontdesk").post(CLOSE, { packages: [p.id], closing_comment: "Signed" });
    expect(close.json()).toEqual({ message: "1 package closed", count: 1, ids: [p.id] });
    const edit = await t.as("frontdesk").patch(`${LIST}${p.id}/?building=1`, { opening_comment: "late" });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({
      opening_comment: ["The opening comment can only be edited while the package is open."],
    });

    const reopen = await t.as("frontdesk").post(`${LIST}${p.id}/reopen/?building=1`);
    expect(reopen.statusCode).toBe(200);
    expect(reopen.json()).toMatchObject({
      status: "OPEN",
      status_display: "Open",
      date_closed: null,
      closed_by: null,
      closing_comment: "",
      closing_photo_url: null,
    });
    const ev = (await t.as("frontdesk").get(`${LIST}${p.id}/events/?building=1`)).json();
    expect(ev.results.map((e: { type: string }) => e.type)).toEqual([
      "PACKAGE_REOPENED",
      "PACKAGE_CLOSED",
      "COMMENT_EDITED",
      "PACKAGE_OPENED",
    ]);
    expect(ev.results[0]).toMatchObject({ type_display: "Package re-opened", note: "Package re-opened" });
    expect(ev.results[1]).toMatchObject({ type_display: "Package closed", note: "Package closed: Signed" });

    const again = await t.as("frontdesk").post(`${LIST}${p.id}/reopen/?building=1`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ["Only closed packages can be re-opened."] });
    expect((await t.as("frontdesk").post(`${LIST}${b3pkg.id}/reopen/?building=3`)).statusCode).toBe(404);
  });
});

// -----------------------------------------------------------------------------------------------

describe("POST /packages/bulk/close/", () => {
  it("'Please select at least one package to close' with nothing selected", async () => {
    for (const body of [{ packages: [] }, {}, { packages: "" }]) {
      const res = await t.as("frontdesk").post(CLOSE, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ packages: ["Please select at least one package to close"] });
    }
    const form = multipart([["closing_comment", "x"]]);
    const res = await t.as("frontdesk").post(CLOSE, form.payload, { headers: form.headers });
    expect(res.json()).toEqual({ packages: ["Please select at least one package to close"] });
  });

  it("closes several packages from a multipart form (packages[] repeated) with events", async () => {
    const r = await logPackages(
      t,
      "frontdesk",
      [
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
        { occupancy: others[0].occupancy_id, package_type: ty["Envelope"] },
      ],
      1,
    );
    const [a, b] = r.results;
    const form = multipart([
      ["packages[]", String(a.id)],
      ["packages[]", String(b.id)],
      ["closing_comment", "Picked up"],
    ]);
    const res = await t.as("frontdesk").post(CLOSE, form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "2 packages closed", count: 2, ids: [a.id, b.id] });
    const got = (await t.as("frontdesk").get(`${LIST}${a.id}/`)).json() as Package;
    expect(got).toMatchObject({
      status: "CLOSED",
      closing_comment: "Picked up",
      closed_by: { first_name: "Frank", last_name: "Delgado" },
      closing_photo_url: null,
    });
    expect(got.date_closed).not.toBeNull();
    const ev = (await t.as("frontdesk").get(`${LIST}${b.id}/events/`)).json();
    expect(ev.results[0]).toMatchObject({ type: "PACKAGE_CLOSED", note: "Package closed: Picked up" });

    const again = await t.as("frontdesk").post(CLOSE, { packages: [a.id] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ packages: [`Package ${a.id} is already closed.`] });
  });

  it("accepts a comma list under packages; refuses unknown and unreachable packages without telling them apart", async () => {
    const r = await logPackages(
      t,
      "frontdesk",
      [
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
      ],
      1,
    );
    const form = multipart([["packages", `${r.results[0].id},${r.results[1].id}`]]);
    expect((await t.as("frontdesk").post(CLOSE, form.payload, { headers: form.headers })).json().count).toBe(2);

    const b3 = await logOne(
      t,
      "manager",
      { occupancy: b3unit.occupancy_id, package_type: ty["Small box"], opening_comment: "x" },
      3,
    );
    const res = await t.as("frontdesk").post(CLOSE, { packages: [b3.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ packages: [`Invalid pk "${b3.id}" - object does not exist.`] });
    expect((await t.as("frontdesk").post(CLOSE, { packages: [99999999] })).json()).toEqual({
      packages: ['Invalid pk "99999999" - object does not exist.'],
    });
    expect((await t.as("frontdesk").post(CLOSE, { packages: ["x"] })).json()).toEqual({
      packages: ['"x" is not a valid id.'],
    });
    // ?building must match the packages' building.
    const p1 = await logOne(t, "frontdesk", { occupancy: u1203.occupancy_id, package_type: ty["Small box"] }, 1);
    expect((await t.as("frontdesk").post(`${CLOSE}?building=2`, { packages: [p1.id] })).statusCode).toBe(400);
    expect((await t.as("manager").get(`${LIST}${b3.id}/`)).json().status).toBe("OPEN");
  });

  it("requires a photo for picture types when the building requires pictures; stores the photo", async () => {
    await setBuildingSettings(t, 1, { packagesettings: { is_require_pictures_for_building: true } });
    const r = await logPackages(
      t,
      "frontdesk",
      [
        { occupancy: u1203.occupancy_id, package_type: ty["Perishable"] },
        { occupancy: u1203.occupancy_id, package_type: ty["Small box"] },
      ],
      1,
    );
    const [perishable, box] = r.results;
    const noPhoto = await t.as("frontdesk").post(CLOSE, { packages: [perishable.id, box.id] });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json()).toEqual({
      closing_photo_url: ["A closing photo is required for the selected package types."],
    });
    // A type without is_pic_required closes without a photo.
    expect((await t.as("frontdesk").post(CLOSE, { packages: [box.id] })).statusCode).toBe(200);

    const bad = multipart([
      ["packages", String(perishable.id)],
      ["closing_photo_url", { filename: "note.txt", contentType: "text/plain", data: Buffer.from("not an image") }],
    ]);
    const badRes = await t.as("frontdesk").post(CLOSE, bad.payload, { headers: bad.headers });
    expect(badRes.statusCode).toBe(400);
    expect(badRes.json()).toEqual({
      closing_photo_url: ["Upload a valid image. The file you uploaded was either not an image or a corrupted image."],
    });

    const form = multipart([
      ["packages", String(perishable.id)],
      ["closing_comment", "Photo taken"],
      ["closing_photo_url", { filename: "pickup.png", contentType: "image/png", data: await smallPng() }],
    ]);
    const res = await t.as("frontdesk").post(CLOSE, form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await t.as("frontdesk").get(`${LIST}${perishable.id}/`)).json() as Package;
    expect(got.closing_photo_url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]+\//);
    const file = await t.as(null).get(got.closing_photo_url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    // Re-encoded without enlarging.
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([24, 16]);
    const ev = (await t.as("frontdesk").get(`${LIST}${perishable.id}/events/`)).json();
    expect(ev.results[0]).toMatchObject({ type: "PACKAGE_CLOSED", note: "Package closed: Photo taken" });

    // Reopening keeps the photo in the event, and clears it from the package.
    const reopened = (await t.as("frontdesk").post(`${LIST}${perishable.id}/reopen/`)).json() as Package;
    expect(reopened.closing_photo_url).toBeNull();

    // Without the building setting the photo is optional.
    await setBuildingSettings(t, 1, { packagesettings: { is_require_pictures_for_building: false } });
    expect((await t.as("frontdesk").post(CLOSE, { packages: [perishable.id] })).statusCode).toBe(200);
  });

  it("answers 413 for a photo over the upload limit", async () => {
    const p1 = await logOne(t, "frontdesk", { occupancy: u1203.occupancy_id, package_type: ty["Small box"] }, 1);
    const big = multipart([
      ["packages", String(p1.id)],
      [
        "closing_photo_url",
        { filename: "big.png", contentType: "image/png", data: Buffer.alloc(48 * 1024 * 1024 + 10) },
      ],
    ]);
    const res = await t.as("frontdesk").post(CLOSE, big.payload, { headers: big.headers });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: "File Too Large, please select a file under 48 MB" });
    expect((await t.as("frontdesk").get(`${LIST}${p1.id}/`)).json().status).toBe("OPEN");
  });
});
