import {
  MAINTENANCE_EVENT_DISPLAY,
  MAINTENANCE_INITIAL_STATUS,
  mergeBuildingSettings,
  RECURRING_RUN_HOUR,
  type RecurringInterval,
} from "@portico/contract";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { dayjs } from "../../lib/dates.ts";
import * as repo from "./recurring-repository.ts";
import * as requests from "./repository.ts";
import { announceGenerated } from "./service.ts";
import { addDays, dueThrough, latestDue, nextOccurrence } from "./recurring-schedule.ts";

/**
 * The recurring requests' job: every 15 minutes (UTC cron, pg-boss: one run per tick across every
 * instance), for each active schedule whose next day has come in its building (from 06:00
 * building time), make ONE request (the latest day due: days missed while nothing ran are made up
 * once) and move next_scheduled_date to the first day after the building's today.
 *
 * Exactly once per day, whatever runs at the same time or again: each schedule is taken under
 * `select … for update skip locked` in its own transaction, which inserts the request with
 * `on conflict do nothing` (maintenance_requests is unique on the schedule and the day) and
 * advances the schedule before committing.
 */
export const RECURRING_JOB = "maintenance-recurring-requests";
export const RECURRING_CRON = "*/15 * * * *";

export interface RecurringRunResult {
  /** Requests made. */
  created: number;
  /** Schedules moved on (made one, or found that day's made already). */
  advanced: number;
  failed: number;
}

/** The building's wall clock at `now`. */
function localOf(now: Date, timeZone: string): { day: string; hour: number } {
  const t = dayjs(now).tz(timeZone);
  return { day: t.format("YYYY-MM-DD"), hour: t.hour() };
}

/** One pass over every due schedule (the job's handler; tests call it directly). */
export async function runRecurringRequests(ctx: ServiceContext): Promise<RecurringRunResult> {
  const now = ctx.clock();
  const result: RecurringRunResult = { created: 0, advanced: 0, failed: 0 };
  const failed: number[] = [];
  const touched = new Set<number>();
  const made: { id: number; building: { id: number; name: string }; schedule: string }[] = [];
  for (;;) {
    const step = { done: false, current: null as number | null };
    try {
      await ctx.db.transaction(async (tx) => {
        const s = await repo.lockNextDue(tx, now, RECURRING_RUN_HOUR, failed);
        if (!s) {
          step.done = true;
          return;
        }
        step.current = s.id;
        const rule = { ...s, interval: s.interval as RecurringInterval, start_date: s.start_date };
        const local = localOf(now, s.time_zone);
        const through = dueThrough(local);
        const day = latestDue(rule, s.next_scheduled_date!, through);
        if (day !== null) {
          const set = mergeBuildingSettings(s.settings).maintenancerequestsettings.status_set;
          const id = await repo.insertGeneratedRequest(tx, {
            schedule: s,
            day,
            occupancyId: await requests.currentOccupancyOf(tx, s.apartment_id, day),
            status: MAINTENANCE_INITIAL_STATUS[set],
            at: now,
          });
          if (id !== null) {
            await requests.insertEvent(tx, {
              building_id: s.building_id,
              request_id: id,
              type: "MAINTENANCE_REQUEST_CREATED",
              type_display: MAINTENANCE_EVENT_DISPLAY.MAINTENANCE_REQUEST_CREATED,
              note: `Request #${id} created by the recurring request "${s.name}" for ${day}`,
              performed_by_id: s.created_by_id,
            });
            result.created++;
            made.push({ id, building: { id: s.building_id, name: s.building_name }, schedule: s.name });
            touched.add(s.building_id);
          }
        }
        await repo.setNextScheduled(tx, s.id, nextOccurrence(rule, addDays(through, 1)));
        result.advanced++;
        touched.add(s.building_id);
        step.current = null;
      });
    } catch (err) {
      if (step.current === null) throw err;
      // This schedule cannot be made now: logged, left for the next run; the others still run.
      ctx.log.error({ err, recurringRequestId: step.current }, "recurring maintenance request failed");
      failed.push(step.current);
      result.failed++;
    }
    if (step.done) break;
  }
  for (const b of touched) ctx.changes.touch(topics.recurringRequests(b), topics.maintenanceRequests(b));
  // A made request is a new request: its notices go out once it is committed.
  for (const m of made) await announceGenerated(ctx, m.id, m.building, `the recurring request "${m.schedule}"`);
  return result;
}
