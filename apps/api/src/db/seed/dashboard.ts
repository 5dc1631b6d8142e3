import { sql } from "drizzle-orm";
import { addDays, isMoveOutType } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { elevatorReservations } from "../schema/index.ts";
import { dayjs, startOfDayIn, todayIn } from "../../lib/dates.ts";

type Q = <T>(s: ReturnType<typeof sql>) => Promise<T[]>;

const DAY_MS = 86_400_000;
/** Where the current leases of the units with a next lease end (days from today): the next starts the day after. */
const LEASE_ENDS = [0, 1, 2, 4, 5, 6, 7];
/** Staff who signed in within a day and this long before now sign in today instead. */
const RECENT_LOGIN_MS = 12 * 3_600_000;

/**
 * The dashboard's demo data, per building: the units whose lease is followed by another (the
 * demo's "with future" units) end within the week, so their next leases start within 3 days
 * (their residents join a club of the building); one future-only lease starts in two days. Of
 * the leases ending, two have a Move-Out booked on the service elevator (ready), one was invited
 * a day ago and one five days ago. Several staff of the building signed in today.
 */
export async function seedDashboard(db: DbOrTx, opts: { now?: Date } = {}): Promise<{ move_outs: number }> {
  const now = opts.now ?? new Date();
  const q: Q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;
  const blds = await q<{ id: number; time_zone: string }>(sql`select id, time_zone from buildings order by id`);
  const types = await q<{ id: number; name: string; short_name: string }>(
    sql`select id, name, short_name from reservation_types order by id`,
  );
  const moveOutType = types.find(isMoveOutType)?.id ?? null;
  let moveOuts = 0;
  for (const b of blds) {
    const today = todayIn(b.time_zone, now);
    // Current leases followed by a next lease of the same unit.
    const pairs = await q<{ current_id: number; next_id: number; apartment_id: number }>(sql`
      select c.id as current_id, n.id as next_id, c.apartment_id
      from occupancies c join apartments a on a.id = c.apartment_id
      join occupancies n on n.apartment_id = c.apartment_id and n.is_active and n.id <> c.id
        and n.lease_start_date > c.lease_end_date
      where c.building_id = ${b.id} and c.is_active and c.lease_start_date <= ${today}
        and c.lease_end_date >= ${today}
      order by a.sort_key, c.id`);
    const seen = new Set<number>();
    const leases = pairs.filter((p) => !seen.has(p.current_id) && seen.add(p.current_id)).slice(0, LEASE_ENDS.length);
    for (const [i, p] of leases.entries()) {
      const end = addDays(today, LEASE_ENDS[i]);
      await db.execute(sql`update occupancies set lease_end_date = ${end} where id = ${p.current_id}`);
      await db.execute(sql`
        update occupancies set lease_start_date = ${addDays(end, 1)},
          lease_end_date = ${dayjs(addDays(end, 1)).add(12, "month").subtract(1, "day").format("YYYY-MM-DD")}
        where id = ${p.next_id}`);
    }
    moveOuts += leases.length;
    // A future-only lease starting in two days.
    const [futureOnly] = await q<{ id: number }>(sql`
      select o.id from occupancies o
      where o.building_id = ${b.id} and o.is_active and o.lease_start_date > ${addDays(today, 7)}
        and not exists (select 1 from occupancies c where c.apartment_id = o.apartment_id and c.id <> o.id and c.is_active)
      order by o.id limit 1`);
    if (futureOnly) {
      const start = addDays(today, 2);
      await db.execute(sql`
        update occupancies set lease_start_date = ${start},
          lease_end_date = ${dayjs(start).add(12, "month").subtract(1, "day").format("YYYY-MM-DD")}
        where id = ${futureOnly.id}`);
    }
    // The new residents join one of the building's clubs (every other lease).
    const [club] = await q<{ id: number }>(sql`select id from clubs where building_id = ${b.id} order by id limit 1`);
    if (club) {
      const joining = leases.filter((_, i) => i % 2 === 0).map((p) => p.next_id);
      if (joining.length)
        await db.execute(sql`
          insert into club_members (club_id, occupant_id)
          select ${club.id}, oc.id from occupants oc
          where oc.occupancy_id in (${sql.join(
            joining.map((id) => sql`${id}`),
            sql`, `,
          )}) and oc.is_active
          on conflict do nothing`);
    }
    // Ready: the first two leases ending have a Move-Out booked (when the building takes reservations).
    const offered =
      moveOutType &&
      (
        await q<{ n: number }>(sql`
          select count(*)::int as n from reservation_type_buildings
          where building_id = ${b.id} and reservation_type_id = ${moveOutType}`)
      )[0].n > 0;
    if (offered && moveOutType) {
      for (const [i, p] of leases.slice(0, 2).entries()) {
        const [who] = await q<{ id: number }>(sql`
          select id from occupants where occupancy_id = ${p.current_id} and is_active order by id limit 1`);
        const day = addDays(today, LEASE_ENDS[i]);
        const start = dayjs.tz(`${day} 10:00`, "YYYY-MM-DD HH:mm", b.time_zone).toDate();
        await db.insert(elevatorReservations).values({
          building_id: b.id,
          apartment_id: p.apartment_id,
          occupancy_id: p.current_id,
          occupant_id: who?.id ?? null,
          reservation_type_id: moveOutType,
          status: i === 0 ? "APPROVED" : "REQUESTED",
          start_time: start,
          end_time: new Date(start.getTime() + 2 * 3_600_000),
          details_text: "Move-out at the end of the lease.",
          date_created: new Date(now.getTime() - 2 * DAY_MS),
        });
      }
      // Not ready: one invited a day ago, one five days ago (may be invited again).
      const invited = [
        [2, 1],
        [3, 5],
      ] as const;
      for (const [at, daysAgo] of invited)
        if (leases[at])
          await db.execute(sql`
            update occupancies set move_out_invite_sent_time = ${new Date(now.getTime() - daysAgo * DAY_MS)}
            where id = ${leases[at].current_id}`);
    }
  }
  await signInToday(q, db, blds, now);
  return { move_outs: moveOuts };
}

/**
 * The staff who signed in lately (within a day and a half) signed in today in every building's
 * time zone instead, in the same order (the latest stays the latest), before now.
 */
async function signInToday(q: Q, db: DbOrTx, blds: { time_zone: string }[], now: Date) {
  if (!blds.length) return;
  const dayStarts = blds.map((b) => startOfDayIn(todayIn(b.time_zone, now), b.time_zone).getTime());
  const latestStart = Math.max(...dayStarts);
  const recent = await q<{ id: number; last_login: string }>(sql`
    select id, last_login from users
    where role in ('OF', 'MG', 'FD', 'MT', 'PT') and is_active and last_login is not null
      and last_login >= ${new Date(now.getTime() - DAY_MS - RECENT_LOGIN_MS)} and last_login < ${now}
    order by last_login desc, id`);
  if (!recent.length) return;
  const step = Math.min(25 * 60_000, Math.floor((now.getTime() - latestStart) / (recent.length + 1)));
  for (const [i, u] of recent.entries())
    await db.execute(sql`update users set last_login = ${new Date(now.getTime() - (i + 1) * step)} where id = ${u.id}`);
}
