import { sql } from "drizzle-orm";
import { MAIL_STATES, type MailState } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { emailRecipients, emailRecordAttachments, emailRecords, emailSuppressions } from "../schema/index.ts";
import { type FileDeps, saveFile } from "../../lib/files.ts";
import { rowsOf } from "../../lib/sql.ts";

/**
 * Memos and letters of the demo: in each building a few memos and one letter from the manager,
 * recipients in every delivery state (with reasons and opens), an attachment, and a suppressed
 * address of a resident (a bounce) that the next memo skips.
 */
const MEMOS = [
  {
    type: "MEMO",
    subject: "Water shut-off on Tuesday",
    body: "<p>The water will be shut off on <strong>Tuesday from 10 AM to 2 PM</strong> for riser repairs.</p><p>Thank you for your patience.</p>",
    days: 12,
    attachment: true,
  },
  {
    type: "MEMO",
    subject: "Elevator modernization schedule",
    body: '<h2>Elevator work</h2><p style="text-align:center">Car B is out of service for two weeks.</p><ul><li>Use car A</li><li>Service elevator by reservation</li></ul>',
    days: 5,
    attachment: false,
  },
  {
    type: "MEMO",
    subject: "Holiday package room hours",
    body: "<p>The package room closes at 8 PM during the holidays.</p>",
    days: 1,
    attachment: false,
  },
  {
    type: "LETTER",
    subject: "Annual fire safety notice",
    body: "<p>Please review the fire safety plan attached to your door.</p>",
    days: 20,
    attachment: false,
  },
] as const;

const REASONS: Partial<Record<MailState, string>> = {
  bounced: "550 5.1.1 The email account that you tried to reach does not exist",
  "soft-bounced": "452 4.2.2 Mailbox full",
  rejected: "554 5.7.1 Message rejected as spam by content filter",
  deferred: "421 4.7.0 Try again later",
};

interface Resident {
  occupant_id: number;
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  name: string;
  email: string;
}

export async function seedMemos(
  db: DbOrTx,
  opts: { now: Date; files?: Omit<FileDeps, "db"> },
): Promise<{ email_records: number }> {
  const buildings = rowsOf<{ id: number }>(await db.execute(sql`select id from buildings order by id`));
  const [manager] = rowsOf<{ id: number; name: string; email: string }>(
    await db.execute(
      sql`select id, trim(first_name || ' ' || last_name) as name, email from users where username = 'manager'`,
    ),
  );
  const pdf = opts.files
    ? await saveFile(
        { db, ...opts.files },
        {
          data: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
          purpose: "email_attachment",
          original_name: "riser-repair-schedule.pdf",
          content_type: "application/pdf",
          name: "riser-repair-schedule.pdf",
        },
      )
    : null;
  let count = 0;
  for (const b of buildings) {
    const residents = rowsOf<Resident>(
      await db.execute(sql`
        select o.id as occupant_id, occ.id as occupancy_id, a.id as apartment_id, a.apartment_number,
               trim(u.first_name || ' ' || u.last_name) as name, u.email
          from occupants o join occupancies occ on occ.id = o.occupancy_id
          join apartments a on a.id = occ.apartment_id join users u on u.id = o.user_id
         where occ.building_id = ${b.id} and occ.is_active and o.is_active and o.type <> 'CH' and u.email <> ''
           and (occ.lease_start_date is null or occ.lease_start_date <= current_date)
         order by a.sort_key, o.id limit 12`),
    );
    if (!residents.length) continue;
    for (const [i, m] of MEMOS.entries()) {
      const created = new Date(opts.now.getTime() - m.days * 86_400_000 + i * 60_000);
      const [rec] = await db
        .insert(emailRecords)
        .values({
          building_id: b.id,
          type: m.type,
          kind: m.type.toLowerCase(),
          subject: m.subject,
          body_html: m.body,
          body_text: m.body
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .trim(),
          sender_name: manager?.name ?? "Building Management",
          sender_email: manager?.email ?? "",
          sender_user_id: manager?.id ?? null,
          recipient_count: residents.length + (m.type === "LETTER" ? 1 : 0),
          date_created: created,
        })
        .returning({ id: emailRecords.id });
      count++;
      if (m.attachment && pdf)
        await db.insert(emailRecordAttachments).values({
          record_id: rec.id,
          name: "riser-repair-schedule.pdf",
          content_type: pdf.content_type,
          size: pdf.size,
          url: pdf.url,
        });
      const who = (r: Resident) => ({
        record_id: rec.id,
        occupant_id: r.occupant_id,
        occupancy_id: r.occupancy_id,
        apartment_id: r.apartment_id,
        apartment_number: r.apartment_number,
        name: r.name,
        date_created: created,
      });
      const rows: (typeof emailRecipients.$inferInsert)[] = residents.map((r, j) => {
        // The first memo shows every state; the others are mostly delivered and opened.
        const state: MailState = i === 0 ? MAIL_STATES[j % MAIL_STATES.length] : j % 5 === 4 ? "sent" : "delivered";
        return {
          ...who(r),
          email: r.email,
          state,
          reject_reason: REASONS[state] ?? null,
          opens: state === "delivered" ? j % 4 : 0,
          state_changed_at: new Date(created.getTime() + 5 * 60_000),
        };
      });
      if (m.type === "LETTER") {
        const r = residents[residents.length - 1];
        // A resident without e-mail: the letter is printed for the unit.
        rows.push({ ...who(r), email: null, state: null });
      }
      await db.insert(emailRecipients).values(rows);
    }
    // The resident whose address bounced on the first memo is not mailed again.
    const bounced = residents[MAIL_STATES.indexOf("bounced")];
    if (bounced)
      await db
        .insert(emailSuppressions)
        .values({ email: bounced.email.toLowerCase(), reason: "bounced" })
        .onConflictDoNothing();
  }
  return { email_records: count };
}
