import { sql } from "drizzle-orm";
import {
  addDays,
  MAINTENANCE_CLOSED_STATUSES,
  MAINTENANCE_ENTITY,
  MAINTENANCE_EVENT_DISPLAY,
  MAINTENANCE_STATUS_DISPLAY,
  type MaintenanceStatus,
} from "@portico/contract";
import type { DbOrTx } from "../client.ts";
import {
  events,
  maintenanceCommentTemplates,
  maintenanceNotificationSettings,
  maintenanceRequestComments,
  maintenanceRequestPhotos,
  maintenanceRequests,
  maintenanceRequestTypes,
} from "../schema/index.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import { type FileDeps, saveFile } from "../../lib/files.ts";
import { demoPhoto } from "./instructions.ts";

/** The portfolio's maintenance request types (document 2 demo data: 8 types). */
export const DEMO_MAINTENANCE_REQUEST_TYPES = [
  {
    name: "Plumbing",
    category: "Plumbing",
    instruction_text: "Shut the water valve under the sink if there is a leak.",
    access_permissions: "RESIDENTS_AND_STAFF",
  },
  { name: "Electrical", category: "Electrical", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
  {
    name: "Heating / Cooling",
    category: "HVAC",
    instruction_text: "Note the thermostat reading.",
    access_permissions: "RESIDENTS_AND_STAFF",
  },
  { name: "Appliance", category: "Appliances", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
  {
    name: "Pest Control",
    category: "Pest Control",
    instruction_text: "Ask whether pets are in the unit.",
    access_permissions: "RESIDENTS_AND_STAFF",
  },
  { name: "Doors & Locks", category: "Locks", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
  { name: "Common Area", category: "Building", instruction_text: "", access_permissions: "STAFF_ONLY" },
  { name: "General", category: "General", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
] as const;

/** Inserts the demo request types (by name; existing ones are left as they are). */
export async function ensureMaintenanceRequestTypes(db: DbOrTx): Promise<void> {
  await db
    .insert(maintenanceRequestTypes)
    .values(DEMO_MAINTENANCE_REQUEST_TYPES.map((t, i) => ({ ...t, display_order: (i + 1) * 10 })))
    .onConflictDoNothing();
}

/** Comment templates of every building (the status update's picker). */
export const DEMO_COMMENT_TEMPLATES = [
  {
    title: "Parts ordered",
    template: "We have ordered the parts needed and will schedule the repair once they arrive.",
  },
  { title: "Scheduled", template: "A technician is scheduled to visit your unit. We will enter with permission." },
  {
    title: "Completed",
    template: "The work has been completed. Please let the front desk know if anything is still wrong.",
  },
  {
    title: "Vendor needed",
    template: "This repair needs an outside vendor. We will update you when a visit is booked.",
  },
] as const;

type Q = <T>(s: ReturnType<typeof sql>) => Promise<T[]>;

interface Plan {
  type: string;
  description: string;
  status: MaintenanceStatus;
  days_ago: number;
  high?: boolean;
  pte?: string;
  comments?: [string, boolean][];
  photos?: number;
  signed?: boolean;
  assigned?: boolean;
}

/** The requests of a building on the standard set; the first is OPEN (the generated tests' object). */
const STANDARD_PLANS: Plan[] = [
  { type: "Plumbing", description: "Kitchen sink drains slowly.", status: "OPEN", days_ago: 0, assigned: true },
  {
    type: "Heating / Cooling",
    description: "Bedroom radiator does not heat up.",
    status: "OPEN",
    days_ago: 1,
    high: true,
    pte: "Resident works from home, call first.",
    comments: [["Will check the valve this afternoon.", false]],
    photos: 1,
    assigned: true,
  },
  { type: "Electrical", description: "Hallway light flickers.", status: "OPEN", days_ago: 3 },
  {
    type: "Appliance",
    description: "Dishwasher leaks onto the floor.",
    status: "ON_HOLD",
    days_ago: 5,
    comments: [
      ["Parts ordered, expected next week.", false],
      ["Vendor quote is high, waiting for approval.", true],
    ],
    assigned: true,
  },
  { type: "Pest Control", description: "Ants near the kitchen window.", status: "ON_HOLD", days_ago: 8 },
  {
    type: "Doors & Locks",
    description: "Front door lock sticks.",
    status: "CLOSED",
    days_ago: 12,
    pte: "Key at the front desk.",
    comments: [
      ["Lock cylinder replaced.", false],
      ["Resident was not home; entered with the desk key.", true],
    ],
    photos: 2,
    signed: true,
    assigned: true,
  },
  { type: "General", description: "Closet door off its track.", status: "CLOSED", days_ago: 20 },
  { type: "Common Area", description: "Lobby carpet stain by the mailboxes.", status: "CLOSED", days_ago: 30 },
];
/** The requests of a building on the extended set. */
const EXTENDED_PLANS: Plan[] = [
  { type: "Plumbing", description: "Toilet runs constantly.", status: "NEW", days_ago: 0 },
  {
    type: "Electrical",
    description: "Outlet in the living room is dead.",
    status: "IN_PROGRESS",
    days_ago: 2,
    comments: [["Electrician on site.", false]],
    assigned: true,
  },
  { type: "Appliance", description: "Oven does not reach temperature.", status: "ON_HOLD", days_ago: 6 },
  {
    type: "General",
    description: "Window screen torn.",
    status: "CANCELED",
    days_ago: 9,
    comments: [["Resident fixed it themselves.", false]],
  },
  {
    type: "Heating / Cooling",
    description: "AC unit is noisy.",
    status: "RESOLVED",
    days_ago: 15,
    comments: [["Fan belt replaced.", false]],
    photos: 1,
    assigned: true,
  },
];

/**
 * Demo maintenance data: the 8 request types; per building comment templates, notification
 * settings (building 1: the manager and the super) and requests in every status of its set, with
 * public and private comments, photos and (building 1) a signature. Buildings already holding
 * requests are left as they are.
 */
export async function seedMaintenance(
  db: DbOrTx,
  opts: { now?: Date; files?: Omit<FileDeps, "db">; log?: (line: string) => void } = {},
): Promise<{ maintenance_requests: number }> {
  const now = opts.now ?? new Date();
  const q: Q = async <T>(s: ReturnType<typeof sql>) => ((await db.execute(s)) as unknown as { rows: T[] }).rows;
  await ensureMaintenanceRequestTypes(db);
  const types = await q<{ id: number; name: string }>(sql`select id, name from maintenance_request_types`);
  const typeId = (name: string) => Number(types.find((t) => t.name === name)!.id);
  const blds = await q<{ id: number; time_zone: string; status_set: string | null }>(sql`
    select b.id, b.time_zone, s.settings -> 'maintenancerequestsettings' ->> 'status_set' as status_set
    from buildings b left join building_settings s on s.building_id = b.id order by b.id`);
  let count = 0;
  for (const b of blds) {
    const [{ has }] = await q<{ has: boolean }>(
      sql`select exists (select 1 from maintenance_requests where building_id = ${b.id}) as has`,
    );
    if (has) continue;
    await db
      .insert(maintenanceCommentTemplates)
      .values(DEMO_COMMENT_TEMPLATES.map((t, i) => ({ ...t, building_id: b.id, display_order: i + 1 })));
    await db
      .insert(maintenanceNotificationSettings)
      .values({
        building_id: b.id,
        email_recipients: b.id === 1 ? "manager@portico.example; maintenance@portico.example" : "",
      })
      .onConflictDoNothing();
    const staff = await q<{ id: number; role: string }>(sql`
      select u.id, u.role from users u join user_buildings ub on ub.user_id = u.id
      where ub.building_id = ${b.id} and u.is_active and u.role in ('FD', 'MG', 'MT', 'PT')
      order by (u.role = 'FD') desc, u.id`);
    const [assignee] = await q<{ id: number; user_id: number }>(sql`
      select e.id, e.user_id from employees e join users u on u.id = e.user_id
      join user_buildings ub on ub.user_id = u.id and ub.building_id = ${b.id}
      where u.role = 'MT' and u.is_active order by u.id limit 1`);
    const units = await q<{ apartment_id: number; occupancy_id: number }>(sql`
      select o.apartment_id, o.id as occupancy_id from occupancies o join apartments a on a.id = o.apartment_id
      where o.building_id = ${b.id} and o.is_active and not a.is_management
        and exists (select 1 from occupants oc where oc.occupancy_id = o.id and oc.is_active)
      order by a.id, o.id limit 40`);
    if (!staff.length || !units.length) continue;
    const today = todayIn(b.time_zone, now);
    const at = (daysAgo: number, hour: number) =>
      dayjs.tz(addDays(today, -daysAgo), b.time_zone).add(hour, "hour").toDate();
    const plans = b.status_set === "EXTENDED" ? EXTENDED_PLANS : STANDARD_PLANS;
    for (const [i, p] of plans.entries()) {
      const unit = units[(i * 7) % units.length];
      const enteredBy = staff[i % staff.length].id;
      const opened = at(p.days_ago, 9 + (i % 6));
      const closed = MAINTENANCE_CLOSED_STATUSES.includes(p.status) ? at(Math.max(p.days_ago - 2, 0), 16) : null;
      const photos: string[] = [];
      for (let k = 0; k < (p.photos ?? 0) && opts.files; k++) {
        const file = await saveFile(
          { db, ...opts.files },
          {
            data: await demoPhoto((i * 53 + k * 97 + b.id * 31) % 360),
            purpose: "maintenance_photo",
            building_id: b.id,
            created_by_id: enteredBy,
          },
        );
        photos.push(file.url);
      }
      const signature =
        p.signed && opts.files
          ? (
              await saveFile(
                { db, ...opts.files },
                {
                  data: await demoPhoto(210),
                  purpose: "maintenance_signature",
                  building_id: b.id,
                  created_by_id: assignee?.user_id ?? enteredBy,
                },
              )
            ).url
          : null;
      const [row] = await db
        .insert(maintenanceRequests)
        .values({
          building_id: b.id,
          apartment_id: unit.apartment_id,
          occupancy_id: unit.occupancy_id,
          maintenance_request_type_id: typeId(p.type),
          employee_id: p.assigned && assignee ? assignee.id : null,
          entered_by_id: enteredBy,
          description: p.description,
          is_high_priority: !!p.high,
          is_permission_to_enter: !!p.pte,
          permission_to_enter_comments: p.pte ?? "",
          status: p.status,
          date_opened: opened,
          date_created: opened,
          last_modified: closed ?? opened,
          date_closed: closed,
          date_on_hold_until: p.status === "ON_HOLD" ? addDays(today, 7) : null,
          signature_url: signature,
        })
        .returning({ id: maintenanceRequests.id });
      const evs: (typeof events.$inferInsert)[] = [
        {
          building_id: b.id,
          entity_type: MAINTENANCE_ENTITY,
          entity_id: row.id,
          type: "MAINTENANCE_REQUEST_CREATED",
          type_display: MAINTENANCE_EVENT_DISPLAY.MAINTENANCE_REQUEST_CREATED,
          note: `Request #${row.id} created`,
          performed_by_id: enteredBy,
          date_created: opened,
        },
      ];
      const by = assignee?.user_id ?? enteredBy;
      const comments = (p.comments ?? []).map(([comment, is_private], k) => ({
        maintenance_request_id: row.id,
        comment,
        is_private,
        entered_by_id: by,
        date_created: at(Math.max(p.days_ago - 1, 0), 11 + k),
      }));
      const initial = b.status_set === "EXTENDED" ? "NEW" : "OPEN";
      if (p.status !== initial) {
        const changedAt = closed ?? at(Math.max(p.days_ago - 1, 0), 15);
        comments.push({
          maintenance_request_id: row.id,
          comment: "",
          is_private: false,
          entered_by_id: by,
          date_created: changedAt,
        });
        evs.push({
          building_id: b.id,
          entity_type: MAINTENANCE_ENTITY,
          entity_id: row.id,
          type: "MAINTENANCE_REQUEST_STATUS_CHANGED",
          type_display: MAINTENANCE_EVENT_DISPLAY.MAINTENANCE_REQUEST_STATUS_CHANGED,
          note: `${MAINTENANCE_STATUS_DISPLAY[initial]} ==> ${MAINTENANCE_STATUS_DISPLAY[p.status]}`,
          performed_by_id: by,
          date_created: changedAt,
        });
      }
      if (comments.length)
        await db.insert(maintenanceRequestComments).values(
          comments.map((c, k) => ({
            ...c,
            maintenance_request_id: row.id,
            entered_by_id: by,
            change_status_to: p.status !== initial && k === comments.length - 1 ? p.status : null,
          })),
        );
      if (photos.length)
        await db.insert(maintenanceRequestPhotos).values(
          photos.map((photo_url, k) => ({
            maintenance_request_id: row.id,
            photo_url,
            caption: k === 0 ? "Before" : "After",
            is_private: k > 0,
            entered_by_id: by,
            date_created: opened,
          })),
        );
      await db.insert(events).values(evs);
      count++;
    }
  }
  opts.log?.(`Demo maintenance requests: ${count}`);
  return { maintenance_requests: count };
}
