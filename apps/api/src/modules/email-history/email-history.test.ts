import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  type EmailRecipient,
  type EmailRecord,
  type EmailRecordDetail,
  MESSAGES,
  type Paginated,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { rowsOf } from "../../lib/sql.ts";
import { otherUnits, type UnitInfo } from "../packages/test-fixtures.ts";

const RECORDS = "/api/v1/emails/records/";
const RECIPIENTS = "/api/v1/emails/recipients/";
const records = (q: string) => `${RECORDS}?${q}`;

let t: TestApp;
let units: UnitInfo[];

beforeAll(async () => {
  t = await createTestApp();
  units = await otherUnits(t, 1, 2);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from email_records`);
});

interface RecordSeed {
  building?: number | null;
  type?: "MEMO" | "LETTER" | "AUTO";
  subject?: string;
  body?: string;
  text?: string;
  sender?: [string, string];
  minutesAgo?: number;
  attachments?: string[];
}
interface RecipientSeed {
  name: string;
  email?: string | null;
  occupant?: number | null;
  occupancy?: number | null;
  apartment?: string | null;
  state?: string | null;
  reason?: string | null;
  opens?: number;
}

/** Writes a record and its recipients as the mail layer does. */
async function record(seed: RecordSeed = {}, recipients: RecipientSeed[] = []): Promise<number> {
  const [sender_name, sender_email] = seed.sender ?? ["Maria Manager", "manager@portico.example"];
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into email_records (building_id, type, subject, body_html, body_text, sender_name,
        sender_email, recipient_count, date_created)
      values (${seed.building === undefined ? 1 : seed.building}, ${seed.type ?? "MEMO"}, ${seed.subject ?? "Water shut-off"},
        ${seed.body ?? "<p>Hello</p>"}, ${seed.text ?? "Hello"}, ${sender_name}, ${sender_email}, ${recipients.length},
        now() - make_interval(mins => ${seed.minutesAgo ?? 0}))
      returning id`),
  );
  const id = Number(row.id);
  for (const name of seed.attachments ?? [])
    await t.db.execute(sql`insert into email_record_attachments (record_id, name, content_type, size, url)
      values (${id}, ${name}, 'application/pdf', 1234, ${`/api/v1/files/${name}`})`);
  for (const r of recipients)
    await t.db.execute(sql`insert into email_recipients (record_id, occupant_id, occupancy_id, apartment_number, name,
        email, state, reject_reason, opens)
      values (${id}, ${r.occupant ?? null}, ${r.occupancy ?? null}, ${r.apartment ?? null}, ${r.name},
        ${r.email === undefined ? `${r.name.toLowerCase().replace(/\W+/g, ".")}@mail.example` : r.email},
        ${r.state === undefined ? "delivered" : r.state}, ${r.reason ?? null}, ${r.opens ?? 0})`);
  return id;
}

async function list(user: string, q: string) {
  const res = await t.as(user).get(records(q));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Paginated<EmailRecord>;
}
const subjects = (p: Paginated<EmailRecord>) => p.results.map((r) => r.subject);

/** A resident of the first unit, as a recipient row. */
const resident = (i = 0, extra: Partial<RecipientSeed> = {}): RecipientSeed => {
  const u = units[i];
  const o = u.occupants[0];
  return {
    name: `${o.first_name} ${o.last_name}`,
    email: o.email,
    occupant: o.id,
    occupancy: u.occupancy_id,
    apartment: u.apartment_number,
    ...extra,
  };
};

describe("GET /emails/records/", () => {
  it("lists the building's records of a type, newest first, with attachments and state counts", async () => {
    await record({ subject: "Old memo", minutesAgo: 30 }, [
      resident(0, { opens: 2 }),
      resident(1, { state: "bounced" }),
    ]);
    await record({ subject: "New memo", minutesAgo: 1, attachments: ["notice.pdf"] }, [
      resident(0, { state: "queued" }),
      { name: "Unit 9", email: null, state: null },
    ]);
    await record({ subject: "A letter", type: "LETTER" });
    await record({ subject: "Package notice", type: "AUTO" });
    await record({ subject: "Other building", building: 2 });
    await record({ subject: "No building", building: null });

    const memos = await list("manager", "building_id=1&type=MEMO");
    expect(memos.count).toBe(2);
    expect(subjects(memos)).toEqual(["New memo", "Old memo"]);
    expect(memos.results[0]).toMatchObject({
      building_id: 1,
      type: "MEMO",
      sender_name: "Maria Manager",
      sender_email: "manager@portico.example",
      recipient_count: 2,
      attachment_set: [
        { name: "notice.pdf", attachment_url: "/api/v1/files/notice.pdf", content_type: "application/pdf", size: 1234 },
      ],
      state_counts: { queued: 1, none: 1 },
      opened_count: 0,
    });
    expect(memos.results[1]).toMatchObject({ state_counts: { delivered: 1, bounced: 1 }, opened_count: 1 });
    expect(memos.results[0]).not.toHaveProperty("body");

    expect(subjects(await list("manager", "building_id=1&type=LETTER"))).toEqual(["A letter"]);
    expect(subjects(await list("manager", "building_id=1&type=AUTO"))).toEqual(["Package notice"]);
    expect((await list("manager", "building_id=1")).count).toBe(4);
    expect(subjects(await list("manager", "building_id=2"))).toEqual(["Other building"]);
  });

  it("pages in 50s by default, and by limit and offset", async () => {
    for (let i = 0; i < 53; i++) await record({ subject: `Memo ${i}`, minutesAgo: i });
    const first = await list("manager", "building_id=1");
    expect(first.count).toBe(53);
    expect(first.results).toHaveLength(50);
    expect(first.next).toContain("offset=50");
    const last = await list("manager", "building_id=1&offset=50");
    expect(subjects(last)).toEqual(["Memo 50", "Memo 51", "Memo 52"]);
    expect(last.next).toBeNull();
    const small = await list("manager", "building_id=1&limit=2&offset=2");
    expect(subjects(small)).toEqual(["Memo 2", "Memo 3"]);
    expect(small.count).toBe(53);
    const beyond = await list("manager", "building_id=1&offset=100");
    expect(beyond).toMatchObject({ count: 53, results: [] });
  });

  it("searches the subject and the text", async () => {
    await record({ subject: "Water shut-off Tuesday", text: "Plumbers" });
    await record({ subject: "Elevator works", text: "The water tank is cleaned too" });
    await record({ subject: "Holiday party", text: "Cake" });
    expect(subjects(await list("manager", "building_id=1&search=WATER")).sort()).toEqual([
      "Elevator works",
      "Water shut-off Tuesday",
    ]);
    expect(subjects(await list("manager", "building_id=1&search=cake"))).toEqual(["Holiday party"]);
    expect((await list("manager", "building_id=1&search=50%25_off")).count).toBe(0);
  });

  it("finds by sender or recipient, name or e-mail", async () => {
    await record({ subject: "From Maria" }, [{ name: "Ann Lee", email: "ann@mail.example" }]);
    await record({ subject: "From Office", sender: ["Oscar Office", "office@portico.example"] }, [
      { name: "Bob Stone", email: "bob@home.example" },
    ]);
    const by = async (q: string) => subjects(await list("manager", `building_id=1&sender_or_recipient=${q}`)).sort();
    expect(await by("oscar")).toEqual(["From Office"]);
    expect(await by("office%40portico")).toEqual(["From Office"]);
    expect(await by("ann%20lee")).toEqual(["From Maria"]);
    expect(await by("home.example")).toEqual(["From Office"]);
    expect(await by("portico.example")).toEqual(["From Maria", "From Office"]);
    expect(await by("nobody")).toEqual([]);
  });

  it("keeps the records of one resident (occupant_id)", async () => {
    const occupant = units[0].occupants[0].id;
    await record({ subject: "To the resident" }, [resident(0)]);
    await record({ subject: "To the neighbour" }, [resident(1)]);
    await record({ subject: "Letter to the resident", type: "LETTER" }, [resident(0, { state: null })]);
    expect(subjects(await list("frontdesk", `building_id=1&occupant_id=${occupant}`)).sort()).toEqual([
      "Letter to the resident",
      "To the resident",
    ]);
    expect(subjects(await list("frontdesk", `building_id=1&type=MEMO&occupant_id=${occupant}`))).toEqual([
      "To the resident",
    ]);
  });

  it("is for staff of the building; bad filters are field errors", async () => {
    await record();
    for (const user of ["frontdesk", "maintenance", "porter", "office", "manager"])
      expect((await t.as(user).get(records("building_id=1"))).statusCode, user).toBe(200);
    expect((await t.as("clubadmin").get(records("building_id=1"))).statusCode).toBe(403);
    expect((await t.as(null).get(records("building_id=1"))).statusCode).toBe(401);
    // The front desk does not work in building 3.
    expect((await t.as("frontdesk").get(records("building_id=3"))).statusCode).toBe(403);
    const missing = await t.as("manager").get(RECORDS);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty("building_id");
    const badType = await t.as("manager").get(records("building_id=1&type=FAX"));
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toEqual({ type: [MESSAGES.invalidChoice("FAX")] });
    expect((await t.as("manager").get(records("building_id=1&occupant_id=abc"))).statusCode).toBe(400);
    expect((await t.as("manager").get(records(`building_id=1&search=${"x".repeat(201)}`))).statusCode).toBe(400);
  });
});

describe("GET /emails/records/{id}/", () => {
  it("answers the record with its body, cleaned again, its text and attachments", async () => {
    const id = await record({
      subject: "Notice",
      body: `<p onclick="alert(1)">Hi<script>alert(2)</script><img src="cid:logo" alt="Logo"></p><a href="javascript:alert(3)">x</a>`,
      text: "Hi",
      attachments: ["a.pdf", "b.pdf"],
    });
    const res = await t.as("frontdesk").get(`${RECORDS}${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as EmailRecordDetail;
    expect(r).toMatchObject({ id, subject: "Notice", body_text: "Hi" });
    expect(r.attachment_set.map((a) => a.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(r.body).toContain("Hi");
    expect(r.body).not.toMatch(/script|onclick|javascript:/i);
    expect((await t.as("manager").get(`${RECORDS}${id}/?building_id=1`)).statusCode).toBe(200);
  });

  it("is 404 for a record of another building, of no building, or missing", async () => {
    const other = await record({ building: 3 });
    const none = await record({ building: null });
    const mine = await record();
    expect((await t.as("frontdesk").get(`${RECORDS}${other}/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${RECORDS}${other}/`)).statusCode).toBe(200);
    expect((await t.as("manager").get(`${RECORDS}${none}/`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${RECORDS}${mine}/?building_id=2`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${RECORDS}999999/`)).statusCode).toBe(404);
    expect((await t.as("clubadmin").get(`${RECORDS}${mine}/`)).statusCode).toBe(403);
  });
});

describe("GET /emails/recipients/", () => {
  async function recipients(user: string, q: string) {
    const res = await t.as(user).get(`${RECIPIENTS}?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Paginated<EmailRecipient>;
  }

  it("answers each recipient's state, reason and opens; addresses for managers and office only", async () => {
    const u = units[0];
    const o = u.occupants[0];
    const id = await record({}, [
      resident(0, { email: "old-address@mail.example", opens: 3 }),
      resident(1, { state: "rejected", reason: "550 mailbox unavailable" }),
      { name: "No Mail", email: null, state: null, apartment: "9Z" },
    ]);
    const mgr = await recipients("manager", `record_id=${id}`);
    expect(mgr.count).toBe(3);
    const first = mgr.results.find((r) => r.occupant_id === o.id)!;
    expect(first).toMatchObject({
      record_id: id,
      occupancy_id: u.occupancy_id,
      apartment_number: u.apartment_number,
      name: `${o.first_name} ${o.last_name}`,
      email: "old-address@mail.example",
      current_email: o.email || null,
      has_email: true,
      mandrill_state: "delivered",
      mandrill_state_display: "Delivered",
      mandrill_reject_reason: "",
      opens: 3,
    });
    expect(mgr.results.find((r) => r.mandrill_state === "rejected")).toMatchObject({
      mandrill_reject_reason: "550 mailbox unavailable",
    });
    expect(mgr.results.find((r) => r.name === "No Mail")).toMatchObject({
      email: null,
      has_email: false,
      mandrill_state: null,
      mandrill_state_display: null,
    });
    expect((await recipients("office", `record_id=${id}`)).results.some((r) => r.email)).toBe(true);

    for (const user of ["frontdesk", "maintenance"]) {
      const page = await recipients(user, `record_id=${id}`);
      expect(page.count).toBe(3);
      expect(
        page.results.every((r) => r.email === null && r.current_email === null),
        user,
      ).toBe(true);
      expect(page.results.filter((r) => r.has_email)).toHaveLength(2);
      expect(JSON.stringify(page)).not.toContain("@");
    }
  });

  it("filters by state ('none': not mailed) and pages", async () => {
    const id = await record({}, [
      { name: "A", state: "delivered", apartment: "1" },
      { name: "B", state: "bounced", apartment: "2" },
      { name: "C", state: "delivered", apartment: "3" },
      { name: "D", email: null, state: null, apartment: "4" },
    ]);
    const names = (p: Paginated<EmailRecipient>) => p.results.map((r) => r.name);
    expect(names(await recipients("manager", `record_id=${id}&state=delivered`))).toEqual(["A", "C"]);
    expect(names(await recipients("manager", `record_id=${id}&state=bounced`))).toEqual(["B"]);
    expect(names(await recipients("manager", `record_id=${id}&state=none`))).toEqual(["D"]);
    const page = await recipients("manager", `record_id=${id}&limit=2&offset=2`);
    expect(page).toMatchObject({ count: 4 });
    expect(names(page)).toEqual(["C", "D"]);
    const bad = await t.as("manager").get(`${RECIPIENTS}?record_id=${id}&state=lost`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ state: [MESSAGES.invalidChoice("lost")] });
  });

  it("checks the record's building: another building's or a missing record is 404", async () => {
    const other = await record({ building: 3 }, [{ name: "X" }]);
    expect((await t.as("frontdesk").get(`${RECIPIENTS}?record_id=${other}`)).statusCode).toBe(404);
    expect((await t.as("manager").get(`${RECIPIENTS}?record_id=${other}`)).statusCode).toBe(200);
    expect((await t.as("manager").get(`${RECIPIENTS}?record_id=999999`)).statusCode).toBe(404);
    expect((await t.as("manager").get(RECIPIENTS)).json()).toHaveProperty("record_id");
    expect((await t.as("clubadmin").get(`${RECIPIENTS}?record_id=${other}`)).statusCode).toBe(403);
  });
});

describe("memos sent through the mail layer", () => {
  it("are in the history with their recipients; a preview is not", async () => {
    const occupantIds = units.map((u) => u.occupants[0].id);
    const memo = (fields: Record<string, unknown> = {}) => ({
      building_id: 1,
      sender_name: "Building Management",
      sender_email: "manager@portico.example",
      subject: "Boiler service",
      body: "<p>Hot water off <strong>Friday</strong>.</p>",
      type: "memo",
      occupant_ids: occupantIds,
      ...fields,
    });
    const preview = await t.as("manager").post("/api/v1/emails/records/send_memo/", memo({ is_preview_email: true }));
    expect(preview.statusCode, preview.body).toBe(200);
    expect((await list("manager", "building_id=1")).count).toBe(0);

    const sent = await t.as("manager").post("/api/v1/emails/records/send_memo/", memo());
    expect(sent.statusCode, sent.body).toBe(200);
    const memos = await list("frontdesk", "building_id=1&type=MEMO&sender_or_recipient=building%20management");
    expect(subjects(memos)).toEqual(["Boiler service"]);
    const [r] = memos.results;
    expect(r.recipient_count).toBe(occupantIds.length);
    const detail = (await t.as("frontdesk").get(`${RECORDS}${r.id}/`)).json() as EmailRecordDetail;
    expect(detail.body).toContain("<strong>Friday</strong>");
    const rows = (await t.as("manager").get(`${RECIPIENTS}?record_id=${r.id}`)).json() as Paginated<EmailRecipient>;
    expect(rows.results.map((x) => x.occupant_id).sort()).toEqual([...occupantIds].sort());
    expect(rows.results.every((x) => x.mandrill_state !== null)).toBe(true);
    const mine = await list("manager", `building_id=1&occupant_id=${occupantIds[0]}`);
    expect(subjects(mine)).toEqual(["Boiler service"]);
  });
});
