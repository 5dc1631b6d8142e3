import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { MemoRecipientPage, SendMemoReply } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startSmtp, waitFor } from "../../test/fixtures.ts";
import { rowsOf } from "../../lib/sql.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const REFUSED = "refused@portico-mail.example";

beforeAll(async () => {
  smtp = await startSmtp({ refuse: REFUSED });
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const states = async (recordId: number) =>
  rowsOf<{ email: string; state: string; reject_reason: string | null; message_id: number }>(
    await t.db.execute(
      sql`select email, state, reject_reason, message_id from email_recipients where record_id = ${recordId} order by id`,
    ),
  );

describe("memo delivery over SMTP", () => {
  it("each recipient gets the memo with its attachment, inline image, tracking headers and VERP return path; a 5xx is rejected with the reply", async () => {
    const picker = (
      await t.as("manager").get("/api/v1/emails/memo-recipients/?building_id=1")
    ).json() as MemoRecipientPage;
    const resident = picker.results.find((r) => r.email)!;
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const res = await t.as("manager").post("/api/v1/emails/records/send_memo/", {
      building_id: 1,
      sender_name: "Management Office",
      subject: "Elevator maintenance",
      body: `<p>See the plan.</p><img src="data:image/png;base64,${png.toString("base64")}" alt="plan">`,
      type: "memo",
      occupant_ids: [resident.occupant_id],
      additional_recipients: REFUSED,
      attachments_array: [
        {
          type: "application/pdf",
          name: "schedule.pdf",
          content: Buffer.from("%PDF-1.4\n%schedule\n").toString("base64"),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as SendMemoReply;
    expect(reply.email_count).toBe(2);
    const recordId = reply.record_ids[0];

    const got = await waitFor(() => smtp.received.find((r) => r.to.includes(resident.email!)));
    const [row] = (await states(recordId)).filter((r) => r.email === resident.email);
    const id = Number(row.message_id);
    expect(got.from).toBe(`bounces+${id}@portico.local`);
    const raw = got.raw.replace(/\r\n/g, "\n");
    /** A header's value (header names are case-insensitive). */
    const header = (name: string) =>
      raw
        .split("\n\n")[0]
        .split("\n")
        .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}: `))
        ?.slice(name.length + 2);
    expect(header("Message-ID")).toBe(`<portico-${id}@portico.local>`);
    expect(header("X-Portico-Message-Id")).toBe(String(id));
    expect(header("X-Mailgun-Variables")).toBe(`{"portico_message_id":"${id}"}`);
    expect(header("X-SMTPAPI")).toBe(`{"unique_args":{"portico_message_id":"${id}"}}`);
    expect(header("X-PM-Metadata-portico_message_id")).toBe(String(id));
    expect(header("X-SES-MESSAGE-TAGS")).toBe(`portico_message_id=${id}`);
    expect(header("From")).toBe("Management Office <no-reply@portico.local>");
    expect(raw).toContain("filename=schedule.pdf");
    expect(raw).toMatch(/Content-ID: <image1\.[a-z0-9]+@portico>/);
    expect(raw).toMatch(/src=3D"cid:image1\.[a-z0-9]+@portico"|src="cid:image1\.[a-z0-9]+@portico"/);
    expect(raw).toContain("See the plan.");

    const final = await waitFor(async () => {
      const rows = await states(recordId);
      return rows.every((r) => r.state !== "queued") ? rows : null;
    });
    expect(final.find((r) => r.email === resident.email)).toMatchObject({ state: "sent", reject_reason: null });
    const refused = final.find((r) => r.email === REFUSED)!;
    expect(refused.state).toBe("rejected");
    expect(refused.reject_reason).toContain("550");
    expect(refused.reject_reason).toContain("User unknown");
    const [msg] = rowsOf<{ status: string; attempts: number }>(
      await t.db.execute(sql`select status, attempts from email_messages where id = ${refused.message_id}`),
    );
    expect(msg).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("an automatic mail has an AUTO record with its kind and a recipient row per address", async () => {
    const { sendMail } = await import("../../lib/mail.ts");
    const sent = await sendMail(t.app, {
      kind: "package_notice",
      to: ["a@portico-mail.example", "b@portico-mail.example"],
      subject: "Package",
      text: "x",
      building_id: 1,
    });
    const [rec] = rowsOf<{ id: number; type: string; kind: string; recipient_count: number }>(
      await t.db.execute(
        sql`select r.id, r.type, r.kind, r.recipient_count from email_records r join email_messages m on m.record_id = r.id where m.id = ${sent!.id}`,
      ),
    );
    expect(rec).toMatchObject({ type: "AUTO", kind: "package_notice", recipient_count: 2 });
    const rows = await waitFor(async () => {
      const r = await states(Number(rec.id));
      return r.every((x) => x.state === "sent") ? r : null;
    });
    expect(rows.map((r) => r.email)).toEqual(["a@portico-mail.example", "b@portico-mail.example"]);
  });
});

describe("without SMTP_URL (embedded default)", () => {
  it("the outbox row is final and its recipients are sent", async () => {
    const local = await createTestApp();
    try {
      const { sendMail } = await import("../../lib/mail.ts");
      const sent = await sendMail(local.app, { kind: "test", to: ["x@portico-mail.example"], subject: "s", text: "t" });
      expect(sent!.status).toBe("outbox");
      const rows = rowsOf<{ state: string }>(
        await local.db.execute(sql`select state from email_recipients where message_id = ${sent!.id}`),
      );
      expect(rows).toEqual([{ state: "sent" }]);
    } finally {
      await local.close();
    }
  });
});
