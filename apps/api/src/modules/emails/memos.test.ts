import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { MEMO_MESSAGES as M, type MemoRecipient, type MemoRecipientPage, type SendMemoReply } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { rowsOf } from "../../lib/sql.ts";
import { SUPPRESSED_REASON } from "../../lib/mail.ts";

const SEND = "/api/v1/emails/records/send_memo/";
const PORTFOLIO = "/api/v1/emails/records/send_portfolio_memo/";
const PICKER = (q: string) => `/api/v1/emails/memo-recipients/?${q}`;

let t: TestApp;
let picked: MemoRecipient[];

/** The candidates of building 1 with an address, a page of 10. */
async function page(q = "building_id=1", user = "manager"): Promise<MemoRecipientPage> {
  const res = await t.as(user).get(PICKER(q));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MemoRecipientPage;
}

const memo = (fields: Record<string, unknown> = {}) => ({
  building_id: 1,
  sender_name: "Building Management",
  sender_email: "manager@portico.example",
  subject: "Water shut-off",
  body: "<p>Water is off <strong>Tuesday</strong>.</p><script>alert(1)</script>",
  type: "memo",
  occupant_ids: picked.slice(0, 3).map((r) => r.occupant_id),
  ...fields,
});

const recipientsOf = async (recordId: number) =>
  rowsOf<{
    email: string | null;
    state: string | null;
    reject_reason: string | null;
    occupant_id: number | null;
    message_id: number | null;
  }>(
    await t.db.execute(
      sql`select email, state, reject_reason, occupant_id, message_id from email_recipients where record_id = ${recordId} order by id`,
    ),
  );

/** A fresh resident email for an occupant (the user behind it). */
const setEmail = (occupantId: number, email: string) =>
  t.db.execute(
    sql`update users set email = ${email} where id = (select user_id from occupants where id = ${occupantId})`,
  );

beforeAll(async () => {
  t = await createTestApp();
  picked = (await page("building_id=1&limit=40")).results.filter((r) => r.email);
  expect(picked.length).toBeGreaterThan(10);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from email_suppressions`);
});

describe("memo recipients (the picker)", () => {
  it("pages 10 residents by unit, with the memo recipient fields; FD and MT are refused", async () => {
    const p = await page();
    expect(p.results).toHaveLength(10);
    expect(p.count).toBeGreaterThan(10);
    expect(p.next).toContain("offset=10");
    expect(p.results[0]).toMatchObject({
      occupant_id: expect.any(Number),
      first_name: expect.any(String),
      last_name: expect.any(String),
      type: expect.stringMatching(/^(TN|OC)$/),
      type_display: expect.any(String),
      apartment_number: expect.any(String),
      is_balcony_apt: expect.any(Boolean),
      occupancy_id: expect.any(Number),
    });
    for (const user of ["frontdesk", "maintenance"])
      expect((await t.as(user).get(PICKER("building_id=1"))).statusCode).toBe(403);
    expect((await t.as("manager").get(PICKER("building_id=4"))).statusCode).toBe(403);
    expect((await t.as("office").get(PICKER("building_id=99999"))).statusCode).toBe(404);
  });

  it("leaves out children, placeholder addresses and future leases; marks residents without e-mail", async () => {
    const oneEach = picked.filter((r, i) => picked.findIndex((x) => x.occupancy_id === r.occupancy_id) === i);
    const [child, placeholder, future, noEmail] = oneEach.slice(8, 12);
    await t.db.execute(sql`update occupants set type = 'CH' where id = ${child.occupant_id}`);
    await setEmail(placeholder.occupant_id, "someone@noemail.com");
    await t.db.execute(
      sql`update occupancies set lease_start_date = current_date + 30 where id = ${future.occupancy_id}`,
    );
    await setEmail(noEmail.occupant_id, "");
    try {
      const ids = (await t.as("manager").get(PICKER("building_id=1&ids_only=1"))).json() as {
        occupant_ids: number[];
        count: number;
      };
      expect(ids.count).toBe(ids.occupant_ids.length);
      for (const gone of [child, placeholder, future]) expect(ids.occupant_ids).not.toContain(gone.occupant_id);
      expect(ids.occupant_ids).toContain(noEmail.occupant_id);
      const all = (await page("building_id=1&limit=5000")).results;
      expect(all.find((r) => r.occupant_id === noEmail.occupant_id)!.email).toBeNull();
      expect(new Set(all.map((r) => r.occupant_id)).size).toBe(all.length);
    } finally {
      await t.db.execute(sql`update occupants set type = 'TN' where id = ${child.occupant_id}`);
      await setEmail(placeholder.occupant_id, placeholder.email!);
      await t.db.execute(
        sql`update occupancies set lease_start_date = ${future.lease_start_date} where id = ${future.occupancy_id}`,
      );
      await setEmail(noEmail.occupant_id, noEmail.email!);
    }
  });

  it("filters by floor, line, balcony, lease dates, units and search; floors and lines of the building", async () => {
    const fl = (await t.as("manager").get("/api/v1/emails/memo-recipients/floors-lines/?building_id=1")).json() as {
      floors: string[];
      lines: string[];
    };
    expect(fl.floors.length).toBeGreaterThan(0);
    const floor = fl.floors[0];
    const onFloor = (await page(`building_id=1&floor=${encodeURIComponent(floor)}&limit=5000`)).results;
    expect(onFloor.length).toBeGreaterThan(0);
    for (const r of onFloor) expect(r.floor).toBe(floor);
    const ids = (
      await t.as("manager").get(PICKER(`building_id=1&floor=${encodeURIComponent(floor)}&ids_only=1`))
    ).json() as {
      occupant_ids: number[];
    };
    expect(ids.occupant_ids.sort()).toEqual(onFloor.map((r) => r.occupant_id).sort());
    const unit = picked[0];
    const byUnit = (await page(`building_id=1&apartment_ids=${unit.apartment_id}`)).results;
    expect(byUnit.every((r) => r.apartment_id === unit.apartment_id)).toBe(true);
    const byResident = (await page(`building_id=1&occupant_ids=${unit.occupant_id}`)).results;
    expect(byResident.map((r) => r.occupant_id)).toEqual([unit.occupant_id]);
    const byName = (await page(`building_id=1&search=${encodeURIComponent(unit.last_name)}`)).results;
    expect(byName.some((r) => r.occupant_id === unit.occupant_id)).toBe(true);
    const balcony = (await page("building_id=1&is_balcony_apt=true&limit=5000")).results;
    expect(balcony.every((r) => r.is_balcony_apt)).toBe(true);
    const bad = await t
      .as("manager")
      .get(PICKER("building_id=1&lease_start_after=2025-05-01&lease_end_before=2025-01-01"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("lease_end_before");
    expect((await t.as("frontdesk").get("/api/v1/emails/memo-recipients/floors-lines/?building_id=1")).statusCode).toBe(
      403,
    );
  });
});

describe("send_memo", () => {
  it("mails each chosen resident and extra address once, cleaned, with a record and a recipient row each", async () => {
    const res = await t
      .as("manager")
      .post(SEND, memo({ additional_recipients: "board@portico.example; BOARD@portico.example" }));
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as SendMemoReply;
    expect(reply).toMatchObject({ is_preview_email: false, email_count: 4 });
    const [rec] = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`select * from email_records where id = ${reply.record_ids[0]}`),
    );
    expect(rec).toMatchObject({ type: "MEMO", building_id: 1, recipient_count: 4, subject: "Water shut-off" });
    expect(rec.body_html).toContain("<strong>Tuesday</strong>");
    expect(rec.body_html).not.toContain("script");
    expect(rec.body_text).toContain("Water is off Tuesday.");
    expect(rec.additional_recipients).toBe("board@portico.example;BOARD@portico.example");
    const rows = await recipientsOf(reply.record_ids[0]);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.state === "sent" && r.message_id)).toBe(true);
    const msgs = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from email_messages where record_id = ${reply.record_ids[0]}`),
    );
    expect(Number(msgs[0].n)).toBe(4);
    expect(M.sent(reply.email_count)).toBe("Memo has been sent to 4 email(s).");
  });

  it("refuses FD and MT (403) before reading the body; another building is 403/404", async () => {
    for (const user of ["frontdesk", "maintenance"]) expect((await t.as(user).post(SEND, {})).statusCode).toBe(403);
    expect((await t.as("manager").post(SEND, memo({ building_id: 4 }))).statusCode).toBe(403);
    expect((await t.as("office").post(SEND, memo({ building_id: 99999 }))).statusCode).toBe(404);
  });

  it("needs a type and recipients; another building's resident is a field error", async () => {
    const noType = await t.as("manager").post(SEND, memo({ type: undefined }));
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toEqual({ type: [M.typeRequired] });
    const none = await t.as("manager").post(SEND, memo({ occupant_ids: [] }));
    expect(none.json()).toEqual({ occupant_ids: [M.recipientsRequired] });
    const other = (await t.as("manager").get(PICKER("building_id=2"))).json() as MemoRecipientPage;
    const foreign = await t
      .as("manager")
      .post(SEND, memo({ occupant_ids: [picked[0].occupant_id, other.results[0].occupant_id] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ occupant_ids: [M.occupantNotInBuilding] });
    const badExtra = await t.as("manager").post(SEND, memo({ additional_recipients: "ok@portico.example; nope" }));
    expect(badExtra.json()).toEqual({ additional_recipients: [M.invalidEmail("nope")] });
  });

  it("a letter lists residents without e-mail (not mailed); a memo leaves them out", async () => {
    const [a, b] = picked.slice(4, 6);
    await setEmail(b.occupant_id, "");
    try {
      const letter = (
        await t.as("manager").post(SEND, memo({ type: "letter", occupant_ids: [a.occupant_id, b.occupant_id] }))
      ).json() as SendMemoReply;
      expect(letter).toMatchObject({ email_count: 1, letter_recipient_count: 1 });
      const rows = await recipientsOf(letter.record_ids[0]);
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ occupant_id: a.occupant_id, state: "sent" }),
          expect.objectContaining({ occupant_id: b.occupant_id, email: null, state: null, message_id: null }),
        ]),
      );
      const [rec] = rowsOf<{ type: string }>(
        await t.db.execute(sql`select type from email_records where id = ${letter.record_ids[0]}`),
      );
      expect(rec.type).toBe("LETTER");
      const m = (
        await t.as("manager").post(SEND, memo({ occupant_ids: [a.occupant_id, b.occupant_id] }))
      ).json() as SendMemoReply;
      expect(m.email_count).toBe(1);
      expect(await recipientsOf(m.record_ids[0])).toHaveLength(1);
    } finally {
      await setEmail(b.occupant_id, b.email!);
    }
  });

  it("deduplicates by address and skips suppressed addresses (rejected, with the reason)", async () => {
    const [a, b, c] = picked.slice(6, 9);
    await setEmail(b.occupant_id, a.email!.toUpperCase());
    await t.db.execute(
      sql`insert into email_suppressions (email, reason) values (${c.email!.toLowerCase()}, 'bounced')`,
    );
    try {
      const reply = (
        await t.as("manager").post(SEND, memo({ occupant_ids: [a.occupant_id, b.occupant_id, c.occupant_id] }))
      ).json() as SendMemoReply;
      expect(reply.email_count).toBe(1);
      const rows = await recipientsOf(reply.record_ids[0]);
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.occupant_id === c.occupant_id)).toMatchObject({
        state: "rejected",
        reject_reason: SUPPRESSED_REASON,
        message_id: null,
      });
    } finally {
      await setEmail(b.occupant_id, b.email!);
    }
  });

  it("a preview goes to the signed-in user only, '[Preview] ' subject, no record", async () => {
    const before = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from email_records`))[0].n;
    const res = await t.as("manager").post(SEND, memo({ is_preview_email: true, occupant_ids: [] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_preview_email: true, email_count: 1, record_ids: [] });
    const after = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from email_records`))[0].n;
    expect(after).toBe(before);
    const [msg] = rowsOf<{ subject: string; recipients: { email: string }[] | string }>(
      await t.db.execute(
        sql`select subject, recipients from email_messages where kind = 'memo_preview' order by id desc limit 1`,
      ),
    );
    expect(msg.subject).toBe("[Preview] Water shut-off");
    const to = typeof msg.recipients === "string" ? JSON.parse(msg.recipients) : msg.recipients;
    const [me] = rowsOf<{ email: string }>(await t.db.execute(sql`select email from users where username = 'manager'`));
    expect(to).toEqual([expect.objectContaining({ email: me.email })]);
  });

  it("an image over 1 MB is a body error; attachments over 10 MB in all are 413", async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 1).toString("base64");
    const img = await t.as("manager").post(SEND, memo({ body: `<p>x</p><img src="data:image/png;base64,${big}">` }));
    expect(img.statusCode).toBe(400);
    expect(img.json()).toEqual({ body: [M.imageTooLarge] });
    const six = Buffer.alloc(6 * 1024 * 1024, 2).toString("base64");
    const att = await t.as("manager").post(
      SEND,
      memo({
        attachments_array: [
          { type: "application/pdf", name: "a.pdf", content: six },
          { type: "application/pdf", name: "b.pdf", content: six },
        ],
      }),
    );
    expect(att.statusCode).toBe(413);
    expect(att.json()).toEqual({ attachments: [M.attachmentsTooLarge] });
  });

  it("an attachment is stored once and listed on the record", async () => {
    const pdf = Buffer.from("%PDF-1.4\n%memo\n").toString("base64");
    const reply = (
      await t
        .as("manager")
        .post(SEND, memo({ attachments_array: [{ type: "application/pdf", name: "notice.pdf", content: pdf }] }))
    ).json() as SendMemoReply;
    const att = rowsOf<{ name: string; url: string; size: number }>(
      await t.db.execute(
        sql`select name, url, size from email_record_attachments where record_id = ${reply.record_ids[0]}`,
      ),
    );
    expect(att).toEqual([
      expect.objectContaining({ name: "notice.pdf", url: expect.stringContaining("/api/v1/files/") }),
    ]);
  });

  it("a club memo reaches the club's members; the club must be the building's", async () => {
    const [club] = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select c.id from clubs c where c.building_id = 1 and exists (select 1 from club_members m where m.club_id = c.id) limit 1`,
      ),
    );
    if (club) {
      const res = await t
        .as("manager")
        .post(SEND, memo({ is_club_memo: true, memo_club_id: Number(club.id), occupant_ids: [] }));
      expect(res.statusCode, res.body).toBe(200);
      const rows = await recipientsOf((res.json() as SendMemoReply).record_ids[0]);
      const members = rowsOf<{ occupant_id: number }>(
        await t.db.execute(sql`select occupant_id from club_members where club_id = ${club.id}`),
      ).map((m) => Number(m.occupant_id));
      for (const r of rows) expect(members).toContain(r.occupant_id);
    }
    const [foreignClub] = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select id from clubs where building_id <> 1 and id not in (select club_id from club_buildings where building_id = 1) limit 1`,
      ),
    );
    if (foreignClub) {
      const res = await t.as("manager").post(SEND, memo({ is_club_memo: true, memo_club_id: Number(foreignClub.id) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ memo_club_id: [M.clubNotInBuilding] });
    }
    expect((await t.as("manager").post(SEND, memo({ is_club_memo: true, occupant_ids: [] }))).json()).toEqual({
      memo_club_id: [M.clubRequired],
    });
  });
});

describe("send_portfolio_memo", () => {
  it("Office mails every current tenant of the buildings, a record per building; others are refused", async () => {
    const body = { ...memo(), building_ids: [1, 2] } as Record<string, unknown>;
    delete body.building_id;
    delete body.occupant_ids;
    for (const user of ["manager", "frontdesk"]) expect((await t.as(user).post(PORTFOLIO, body)).statusCode).toBe(403);
    const res = await t.as("office").post(PORTFOLIO, body);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as SendMemoReply;
    expect(reply.record_ids).toHaveLength(2);
    expect(reply.email_count).toBeGreaterThan(10);
    const recs = rowsOf<{ building_id: number; is_portfolio: boolean }>(
      await t.db.execute(
        sql`select building_id, is_portfolio from email_records where id in (${sql.join(
          reply.record_ids.map((i) => sql`${i}`),
          sql`, `,
        )}) order by building_id`,
      ),
    );
    expect(recs).toEqual([
      { building_id: 1, is_portfolio: true },
      { building_id: 2, is_portfolio: true },
    ]);
  });

  it("needs one or more existing buildings", async () => {
    const base = { subject: "s", body: "<p>b</p>", type: "memo" };
    expect((await t.as("office").post(PORTFOLIO, { ...base, building_ids: [] })).json()).toEqual({
      building_ids: [M.selectBuildings],
    });
    expect((await t.as("office").post(PORTFOLIO, base)).json()).toEqual({ building_ids: [M.selectBuildings] });
    expect((await t.as("office").post(PORTFOLIO, { ...base, building_ids: [1, 99999] })).json()).toEqual({
      building_ids: [M.buildingNotFound(99999)],
    });
  });
});
