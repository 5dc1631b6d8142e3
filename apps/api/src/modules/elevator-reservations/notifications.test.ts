import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { addDays, ELEVATOR_MESSAGES as M, type ElevatorReservation } from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startSmtp, waitFor } from "../../test/fixtures.ts";
import { rowsOf } from "../../lib/sql.ts";
import { todayIn } from "../../lib/dates.ts";
import { otherUnits, type UnitInfo } from "../packages/test-fixtures.ts";

const BASE = "/api/v1/reservations/reservations/";
/** A mail's source with its quoted-printable soft line breaks joined. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "");

/**
 * A new Move-Out mails the type's email_recipients with its text, and the manager tracking the
 * unit's service elevators; a denial tells the tracker with the reason. A real SMTP server.
 */
describe("service elevator notices over a real SMTP server", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let u: UnitInfo;
  let moveOut: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
    [u] = await otherUnits(t, 1, 1);
    moveOut = Number(
      rowsOf<{ id: number }>(await t.db.execute(sql`select id from reservation_types where short_name = 'MO'`))[0].id,
    );
    await t.db
      .execute(sql`update reservation_types set email_recipients = 'movers@portico.example;desk@portico.example',
      new_reservation_email_text = 'MOVE-OUT-TEXT: book the inspection.' where id = ${moveOut}`);
    await t.db.execute(sql`update occupancies set lease_end_date = null where id = ${u.occupancy_id}`);
    await t.db.execute(sql`insert into occupancy_tracking (occupancy_id, user_id, track_service_elevators)
      select ${u.occupancy_id}, u.id, true from users u where u.username = 'manager'
      on conflict (occupancy_id, user_id) do update set track_service_elevators = true`);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("mails the type's recipients with its text and the trackers; a denial reaches the trackers", async () => {
    const res = await t.as("frontdesk").post(`${BASE}?building=1`, {
      reservation_type_id: moveOut,
      occupant_id: u.occupants[0].id,
      reservation_date: addDays(todayIn("America/New_York"), 2),
      start_time: "10:00",
      end_time: "12:00",
    });
    expect(res.statusCode).toBe(201);
    const r = res.json() as ElevatorReservation;
    const toRecipients = await waitFor(() =>
      smtp.received.find((m) => m.to.includes("movers@portico.example") && m.to.includes("desk@portico.example")),
    );
    expect(plain(toRecipients.raw)).toContain("MOVE-OUT-TEXT: book the inspection.");
    expect(plain(toRecipients.raw)).toContain(u.apartment_number);
    expect(plain(toRecipients.raw)).toContain(M.earlyMoveOut);
    const tracker = await waitFor(() => smtp.received.find((m) => m.to.includes("manager@portico.example")));
    expect(plain(tracker.raw)).toContain("You receive this because you track this unit");

    const before = smtp.received.length;
    await t.as("office").post(`${BASE}${r.id}/deny/?building=1`, { deny_reason: "DOCK-CLOSED-REASON" });
    const denial = await waitFor(() =>
      smtp.received
        .slice(before)
        .find((m) => m.to.includes("manager@portico.example") && plain(m.raw).includes("DOCK-CLOSED-REASON")),
    );
    expect(denial.raw).toMatch(/denied/);
  });
});
