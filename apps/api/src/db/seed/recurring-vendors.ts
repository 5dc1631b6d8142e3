import { sql } from "drizzle-orm";
import { addDays, MAINTENANCE_ENTITY, MAINTENANCE_EVENT_DISPLAY, type RecurringInterval } from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import { events, recurringMaintenanceRequests, vendors } from "../schema/index.ts";
import { todayIn } from "../../lib/dates.ts";
import { insertGeneratedRequest } from "../../modules/maintenance-requests/recurring-repository.ts";
import { nextOccurrence } from "../../modules/maintenance-requests/recurring-schedule.ts";
import { ensureMaintenanceRequestTypes } from "./maintenance.ts";

/** Building 1's vendors (document 2 demo data). */
export const DEMO_VENDORS = [
  [
    "Acme Plumbing",
    "Plumbing",
    "12 Canal St",
    "New York",
    "NY",
    "10013",
    "(212) 555-0141",
    "service@acmeplumbing.example",
    "acmeplumbing.example",
  ],
  [
    "Bolt Electric",
    "Electrical",
    "88 Ferry Rd",
    "Jersey City",
    "NJ",
    "07302",
    "(201) 555-0188",
    "dispatch@boltelectric.example",
    "boltelectric.example",
  ],
  [
    "Cityline HVAC",
    "HVAC",
    "410 W 54th St",
    "New York",
    "NY",
    "10019",
    "(212) 555-0170",
    "help@citylinehvac.example",
    "citylinehvac.example",
  ],
  ["Doorway Locksmiths", "Locks", "7 Orchard St", "New York", "NY", "10002", "(212) 555-0107", "", ""],
  [
    "Evergreen Pest Control",
    "Pest Control",
    "230 Grand Ave",
    "Brooklyn",
    "NY",
    "11238",
    "(718) 555-0123",
    "office@evergreenpest.example",
    "evergreenpest.example",
  ],
  [
    "Fairview Painting",
    "Painting",
    "19 Elm Pl",
    "Yonkers",
    "NY",
    "10701",
    "(914) 555-0119",
    "",
    "fairviewpainting.example",
  ],
  [
    "Granite Flooring",
    "Flooring",
    "55 Quarry Ln",
    "Newark",
    "NJ",
    "07102",
    "(973) 555-0155",
    "quotes@graniteflooring.example",
    "",
  ],
  [
    "Harbor Elevator Service",
    "Elevators",
    "1 Pier Plaza",
    "New York",
    "NY",
    "10004",
    "(212) 555-0101",
    "emergency@harborelevator.example",
    "harborelevator.example",
  ],
  ["Ironclad Appliance Repair", "Appliances", "302 Steel Ave", "Queens", "NY", "11101", "(718) 555-0302", "", ""],
  [
    "Jetstream Window Cleaning",
    "Windows",
    "64 Skyline Dr",
    "Hoboken",
    "NJ",
    "07030",
    "(201) 555-0164",
    "book@jetstreamwindows.example",
    "jetstreamwindows.example",
  ],
  [
    "Keystone Roofing",
    "Roofing",
    "900 Summit Ave",
    "Union City",
    "NJ",
    "07087",
    "(201) 555-0900",
    "",
    "keystoneroofing.example",
  ],
  [
    "Lumen Fire Safety",
    "Fire Safety",
    "15 Beacon St",
    "New York",
    "NY",
    "10007",
    "(212) 555-0115",
    "inspections@lumenfire.example",
    "lumenfire.example",
  ],
] as const;

type Q = <T>(s: ReturnType<typeof sql>) => Promise<T[]>;

const SCHEDULES: {
  name: string;
  description: string;
  type: string;
  interval: RecurringInterval;
  /** Days before today it started. */
  startedDaysAgo: number;
  /** How many of its latest past days already have their request. */
  made: number;
}[] = [
  {
    name: "Weekly boiler room check",
    description: "Check the boiler pressure and temperature, look for leaks, and log the readings.",
    type: "Heating / Cooling",
    interval: "WEEKLY",
    startedDaysAgo: 27,
    made: 3,
  },
  {
    name: "Monthly fire extinguisher inspection",
    description: "Inspect every fire extinguisher on each floor: pressure gauge in the green, pin and tag in place.",
    type: "Common Area",
    interval: "MONTHLY",
    startedDaysAgo: 70,
    made: 2,
  },
];

/**
 * Demo recurring requests (building 1: a weekly and a monthly schedule on the management unit,
 * assigned to the maintenance account, each with its last few requests made, the older ones
 * closed) and building 1's vendors. Buildings already holding some are left as they are.
 */
export async function seedRecurringAndVendors(
  db: DbOrTx,
  opts: { now?: Date } = {},
): Promise<{ recurring_requests: number; vendors: number }> {
  const now = opts.now ?? new Date();
  const q: Q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;
  const [building] = await q<{ id: number; name: string; time_zone: string }>(
    sql`select id, name, time_zone from buildings order by id limit 1`,
  );
  if (!building) return { recurring_requests: 0, vendors: 0 };
  const buildingId = Number(building.id);
  let vendorCount = 0;
  const [{ n: haveVendors }] = await q<{ n: number }>(
    sql`select count(*)::int as n from vendors where building_id = ${buildingId}`,
  );
  if (!Number(haveVendors)) {
    const cols = ["name", "category", "address", "city", "state", "zip", "phone", "email", "website"] as const;
    await db.insert(vendors).values(
      DEMO_VENDORS.map(
        (v) =>
          ({
            building_id: buildingId,
            ...Object.fromEntries(cols.map((c, i) => [c, v[i]])),
          }) as typeof vendors.$inferInsert,
      ),
    );
    vendorCount = DEMO_VENDORS.length;
  }

  const [{ n: haveRecurring }] = await q<{ n: number }>(
    sql`select count(*)::int as n from recurring_maintenance_requests where building_id = ${buildingId}`,
  );
  if (Number(haveRecurring)) return { recurring_requests: 0, vendors: vendorCount };
  await ensureMaintenanceRequestTypes(db);
  const [apt] = await q<{ id: number }>(sql`select id from apartments where building_id = ${buildingId}
    order by (apartment_number like '%Mgmt%') desc, is_management desc, id limit 1`);
  const [staff] = await q<{ employee_id: number; user_id: number }>(sql`select e.id as employee_id, u.id as user_id
    from employees e join users u on u.id = e.user_id where u.role = 'MT' and u.is_active
      and exists (select 1 from user_buildings ub where ub.user_id = u.id and ub.building_id = ${buildingId})
    order by (u.username = 'maintenance') desc, u.id limit 1`);
  if (!apt) return { recurring_requests: 0, vendors: vendorCount };
  const today = todayIn(building.time_zone, now);
  for (const plan of SCHEDULES) {
    const [type] = await q<{ id: number }>(sql`select id from maintenance_request_types where name = ${plan.type}`);
    const start = addDays(today, -plan.startedDaysAgo);
    const rule = { interval: plan.interval, start_date: start, end_date: null };
    const days: string[] = [];
    for (let d = nextOccurrence(rule, start); d && d <= today; d = nextOccurrence(rule, addDays(d, 1))) days.push(d);
    const made = days.slice(-plan.made);
    const last = made[made.length - 1] ?? addDays(start, -1);
    const [row] = await db
      .insert(recurringMaintenanceRequests)
      .values({
        building_id: buildingId,
        name: plan.name,
        description: plan.description,
        maintenance_request_type_id: Number(type.id),
        apartment_id: Number(apt.id),
        employee_id: staff ? Number(staff.employee_id) : null,
        interval: plan.interval,
        start_date: start,
        next_scheduled_date: nextOccurrence(rule, addDays(last, 1)),
        created_by_id: staff ? Number(staff.user_id) : null,
        date_created: new Date(`${start}T12:00:00Z`),
      })
      .returning();
    for (const [i, day] of made.entries()) {
      const at = new Date(`${day}T11:00:00Z`);
      const id = await insertGeneratedRequest(db, {
        schedule: { ...row, building_name: building.name, time_zone: building.time_zone, settings: null },
        day,
        occupancyId: null,
        status: "OPEN",
        at,
      });
      if (id === null) continue;
      await db.insert(events).values({
        building_id: buildingId,
        entity_type: MAINTENANCE_ENTITY,
        entity_id: id,
        type: "MAINTENANCE_REQUEST_CREATED",
        type_display: MAINTENANCE_EVENT_DISPLAY.MAINTENANCE_REQUEST_CREATED,
        note: `Request #${id} created by the recurring request "${plan.name}" for ${day}`,
        performed_by_id: row.created_by_id,
        date_created: at,
      });
      if (i < made.length - 1)
        await db.execute(sql`update maintenance_requests set status = 'CLOSED',
          date_closed = ${new Date(at.getTime() + 6 * 3600_000).toISOString()}::timestamptz where id = ${id}`);
    }
  }
  return { recurring_requests: SCHEDULES.length, vendors: vendorCount };
}
