import { sql } from "drizzle-orm";
import { seedShiftLogs } from "./shift-logs.ts";
import { seedPackages } from "./packages.ts";
import { seedInstructions, type SeedInstructionsOptions } from "./instructions.ts";
import { seedAccessKeys } from "./access-keys.ts";
import { seedLockoutsAndContractors } from "./lockouts-contractors.ts";
import { seedMaintenance } from "./maintenance.ts";
import { seedRecurringAndVendors } from "./recurring-vendors.ts";
import { seedClubs } from "./clubs.ts";
import { seedAmenityReservations } from "./amenity-reservations.ts";
import { seedElevatorReservations } from "./elevator-reservations.ts";
import { seedDashboard } from "./dashboard.ts";
import { seedManagementNotes } from "./management-notes.ts";
import { seedEmailLibrary } from "./email-library.ts";
import { seedMemos } from "./memos.ts";
import { apartmentSortKey, BuildingSettingsGroups, isStaff, type OccupantType, type Role } from "@portico/contract";
import type { Db, Tx } from "../client.ts";
import {
  apartments,
  buildingSettings,
  buildings,
  employees,
  occupancies,
  occupants,
  portfolios,
  userBuildings,
  users,
} from "../schema/index.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { dayjs, todayIn } from "../../lib/dates.ts";
import {
  DEMO_ACCOUNTS,
  DEMO_BUILDINGS,
  DEMO_PASSWORD,
  DEMO_PORTFOLIO,
  DEMO_TENANT,
  DEMO_UNITS,
} from "./demo-accounts.ts";
import { Rng } from "./history.ts";

export interface SeedOptions {
  log?: (message: string) => void;
  /** Cheaper password hashing, for test templates. */
  fast?: boolean;
  /** The moment the data is built around (lease dates, last logins); defaults to now. */
  now?: Date;
  /** Where demo photos (instructions) are stored; without it the demo has no photos. */
  files?: SeedInstructionsOptions["files"];
}

/* ------------------------------------------------------------------------------------------
 * Deterministic generator: a seeded PRNG over fixed name lists, so every run on the same day
 * produces the same rows (dates are relative to the seed day in each building's time zone).
 * ---------------------------------------------------------------------------------------- */

/** Names of the demo's staff and residents (the benchmark portfolio adds more: bench/lib/text.ts). */
// prettier-ignore
export const FIRST_NAMES = [
  "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth",
  "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
  "Christopher", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Margaret", "Mark", "Sandra",
  "Donald", "Ashley", "Steven", "Kimberly", "Paul", "Emily", "Andrew", "Donna", "Joshua", "Michelle",
  "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "George", "Deborah", "Timothy", "Stephanie",
  "Ronald", "Rebecca", "Jason", "Sharon", "Edward", "Laura", "Jeffrey", "Cynthia", "Ryan", "Amy",
  "Jacob", "Angela", "Nicholas", "Shirley", "Eric", "Anna", "Jonathan", "Ruth", "Stephen", "Brenda",
  "Wei", "Mei", "Hiroshi", "Yuki", "Raj", "Ananya", "Omar", "Fatima", "Carlos", "Lucia",
  "Mateo", "Sofia", "Ahmed", "Leila", "Dmitri", "Olga", "Kwame", "Amara", "Sean", "Siobhan",
];
// prettier-ignore
export const CHILD_NAMES = [
  "Liam", "Olivia", "Noah", "Emma", "Oliver", "Ava", "Elijah", "Charlotte", "Lucas", "Amelia",
  "Mason", "Mia", "Ethan", "Harper", "Aiden", "Evelyn", "Leo", "Abigail", "Isaac", "Ella",
  "Caleb", "Chloe", "Ezra", "Nora", "Miles", "Zoe", "Theo", "Lily", "Jack", "Hazel",
];
// prettier-ignore
export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Chen", "Wang", "Tanaka", "Sato", "Kim", "Park", "Shah", "Gupta", "Khan", "Ali",
  "Cohen", "Levy", "Murphy", "O'Brien", "Kelly", "Sullivan", "Rossi", "Bianchi", "Novak", "Petrov",
  "Okafor", "Mensah", "Silva", "Santos", "Costa", "Fischer", "Weber", "Schmidt", "Dubois", "Laurent",
];
const EMAIL_DOMAINS = ["example.com", "example.net", "example.org", "mail.example.com"];
const PRONOUNS = ["she/her", "he/him", "they/them"];

type BuildingKey = keyof typeof DEMO_BUILDINGS;

interface BuildingPlan {
  key: BuildingKey;
  floors: [number, number];
  perFloor: number;
  lettered: string[];
  penthouses: number;
  areaCode: string;
  settings: Record<string, unknown>;
}

/** Settings given per building; every other field takes its contract default. */
const BUILDING_PLANS: BuildingPlan[] = [
  {
    key: "riverside",
    floors: [2, 19],
    perFloor: 8,
    lettered: ["4A", "4B"],
    penthouses: 3,
    areaCode: "212",
    settings: {
      accesskeyssettings: { has_access_keys: true },
      parkingsettings: { has_parking: true },
      storagespacesettings: { has_storage_space: true },
      reservationsettings: { has_reservations: true, is_staff_can_approve: true, is_show_coi_template: true },
      shiftlogsettings: {
        email_recipients: "manager@portico.example;office@portico.example",
        is_email_high_priority_only: false,
        is_emailed_nightly: true,
        is_recordable_by_location: true,
        is_enable_end_of_shift_logging: true,
      },
      instructionsettings: { is_write_manager_only: false },
      amenitysettings: { has_amenities: true, is_viewable_by_all_employees: true },
      lockoutsettings: { has_lockouts: true },
      condosettings: { has_condos: true },
      coresettings: { enable_roommate_listings: true, enable_occupancy_notes: true },
      marketplacesettings: { has_marketplace: true, is_auto_approve: false },
      fooddeliverysettings: { has_food_delivery: true },
      clubsettings: { can_club_admin_manage_memberships: true },
      idcardsettings: { has_id_cards: true },
      maintenancerequestsettings: { has_signatures: true },
      front_desk_number: "(212) 555-0100",
      tenant_portal_name: "Riverside Residents",
    },
  },
  {
    key: "parkTerrace",
    floors: [2, 15],
    perFloor: 10,
    lettered: ["2A", "2B", "2C", "2D"],
    penthouses: 4,
    areaCode: "312",
    settings: {
      lockoutsettings: { has_lockouts: true },
      amenitysettings: { has_amenities: true, is_viewable_by_all_employees: true },
      maintenancerequestsettings: { status_set: "EXTENDED" },
      front_desk_number: "(312) 555-0200",
    },
  },
  {
    key: "harbor",
    floors: [2, 19],
    perFloor: 8,
    lettered: ["12A"],
    penthouses: 2,
    areaCode: "415",
    settings: {
      accesskeyssettings: { has_access_keys: true },
      parkingsettings: { has_parking: true },
      reservationsettings: { has_reservations: true, is_staff_can_approve: false },
      shiftlogsettings: { is_enable_end_of_shift_logging: true },
      packagesettings: { is_require_comments_for_building: true },
      lockoutsettings: { has_lockouts: true },
      coresettings: { enable_occupancy_notes: true },
      fooddeliverysettings: { has_food_delivery: true },
      front_desk_number: "(415) 555-0300",
    },
  },
  {
    key: "elm",
    floors: [2, 13],
    perFloor: 12,
    lettered: ["5A", "5B"],
    penthouses: 3,
    areaCode: "303",
    settings: {
      parkingsettings: { has_parking: true },
      storagespacesettings: { has_storage_space: true },
      shiftlogsettings: {
        email_recipients: "salvarez@portico.example",
        is_emailed_nightly: true,
        is_email_high_priority_only: true,
      },
      instructionsettings: { is_write_manager_only: true },
      amenitysettings: { has_amenities: true, is_viewable_by_all_employees: false },
      condosettings: { has_condos: true },
      marketplacesettings: { has_marketplace: true, is_auto_approve: true },
      idcardsettings: { has_id_cards: true },
      clubsettings: { can_club_admin_manage_memberships: true },
      is_tenant_federated: true,
      front_desk_number: "(303) 555-0400",
    },
  },
];

/** Per building: how many units of each kind (the management unit is always vacant too). */
const QUOTAS = {
  vacant: 7,
  futureOnly: 3,
  withFuture: 7,
  movingOut: 2,
  expired: 8,
  dnd: 6,
  pastOnVacant: 4,
  pastOnCurrent: 11,
};

/** A unit as the seed plans it: the columns of its row the seed chooses. */
type ApartmentPlan = Pick<
  typeof apartments.$inferSelect,
  "apartment_number" | "sort_key" | "bedrooms" | "bathrooms" | "floor" | "line" | "is_balcony_apt" | "is_management"
>;

interface UnitState {
  kind: "vacant" | "futureOnly" | "current" | "management";
  past: boolean;
  withFuture: boolean;
  movingOut: boolean;
  expired: boolean;
  dnd: boolean;
}

interface OccupantPlan {
  first_name: string;
  last_name: string;
  type: OccupantType;
  is_active: boolean;
  pronouns: string;
  email: boolean;
  phone: boolean;
  text_maintenance: boolean;
  text_packages: boolean;
  /** The demo tenant sign-in account instead of a generated resident. */
  demoTenant?: boolean;
}

interface OccupancyPlan {
  apartment_number: string;
  lease_start_date: string;
  lease_end_date: string;
  move_in_date: string;
  move_out_date: string | null;
  is_active: boolean;
  is_do_not_disturb: boolean;
  external_lease_id: string;
  occupants: OccupantPlan[];
}

const LINE_BEDROOMS = ["2BR", "1BR", "STD", "1BR", "2BR", "3BR", "1BR", "2BR", "1BR", "2BR", "3BR", "1BR"];
const BATHS: Record<string, string[]> = {
  STD: ["1.0"],
  "1BR": ["1.0", "1.0", "1.5"],
  "2BR": ["1.5", "2.0", "2.0"],
  "3BR": ["2.0", "2.5", "3.0"],
  "4BR": ["3.0"],
};

function apartmentsOf(plan: BuildingPlan, rng: Rng): ApartmentPlan[] {
  const out: ApartmentPlan[] = [];
  const add = (
    number: string,
    floor: string | null,
    line: string | null,
    bedrooms: string,
    balcony: boolean,
    mgmt = false,
  ) =>
    out.push({
      apartment_number: number,
      sort_key: apartmentSortKey(number),
      bedrooms,
      bathrooms: mgmt ? "1.0" : rng.pick(BATHS[bedrooms]),
      floor,
      line,
      is_balcony_apt: balcony,
      is_management: mgmt,
    });
  for (let f = plan.floors[0]; f <= plan.floors[1]; f++) {
    for (let u = 1; u <= plan.perFloor; u++) {
      const line = String(u).padStart(2, "0");
      add(
        `${f}${line}`,
        String(f),
        line,
        LINE_BEDROOMS[(u - 1) % LINE_BEDROOMS.length],
        f >= 8 && (u === 1 || u === 5),
      );
    }
  }
  for (const n of plan.lettered) {
    const m = n.match(/^(\d+)([A-Z])$/)!;
    add(n, m[1], m[2], rng.pick(["2BR", "3BR"]), false);
  }
  for (let p = 1; p <= plan.penthouses; p++) add(`PH${p}`, "PH", String(p), p === 1 ? "4BR" : "3BR", true);
  add("Mgmt", null, null, "STD", false, true);
  return out.sort((a, b) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : 0));
}

/** Which units are vacant, future-only, current, and which current leases carry extra traits. */
function unitStates(plan: BuildingPlan, apts: ApartmentPlan[], rng: Rng): Map<string, UnitState> {
  const states = new Map<string, UnitState>();
  const base = (kind: UnitState["kind"]): UnitState => ({
    kind,
    past: false,
    withFuture: false,
    movingOut: false,
    expired: false,
    dnd: false,
  });
  const pinned = new Map<string, UnitState>();
  if (plan.key === "riverside") {
    pinned.set(DEMO_UNITS.occupied, base("current"));
    pinned.set(DEMO_UNITS.vacant, { ...base("vacant"), past: true });
    pinned.set(DEMO_UNITS.futureOnly, base("futureOnly"));
    pinned.set(DEMO_UNITS.leaseExpired, { ...base("current"), expired: true });
    pinned.set(DEMO_UNITS.movingOut, { ...base("current"), withFuture: true, movingOut: true });
    pinned.set(DEMO_UNITS.doNotDisturb, { ...base("current"), dnd: true });
  }
  const count = (pred: (s: UnitState) => boolean) => [...pinned.values()].filter(pred).length;
  const q = {
    vacant: QUOTAS.vacant - count((s) => s.kind === "vacant"),
    pastOnVacant: QUOTAS.pastOnVacant - count((s) => s.kind === "vacant" && s.past),
    futureOnly: QUOTAS.futureOnly - count((s) => s.kind === "futureOnly"),
    withFuture: QUOTAS.withFuture - count((s) => s.withFuture),
    movingOut: QUOTAS.movingOut - count((s) => s.movingOut),
    expired: QUOTAS.expired - count((s) => s.expired),
    dnd: QUOTAS.dnd - count((s) => s.dnd),
    pastOnCurrent: QUOTAS.pastOnCurrent - count((s) => s.kind === "current" && s.past),
  };
  const free = rng.shuffle(
    apts.filter((a) => !a.is_management && !pinned.has(a.apartment_number)).map((a) => a.apartment_number),
  );
  let i = 0;
  for (let k = 0; k < q.vacant; k++, i++) states.set(free[i], { ...base("vacant"), past: k < q.pastOnVacant });
  for (let k = 0; k < q.futureOnly; k++, i++) states.set(free[i], base("futureOnly"));
  const rest = free.slice(i);
  rest.forEach((n, k) => {
    const s = base("current");
    let at = k;
    if (at < q.withFuture) {
      s.withFuture = true;
      s.movingOut = at < q.movingOut;
    }
    at -= q.withFuture;
    if (at >= 0 && at < q.expired) s.expired = true;
    at -= q.expired;
    if (at >= 0 && at < q.dnd) s.dnd = true;
    at -= q.dnd;
    if (at >= 0 && at < q.pastOnCurrent) s.past = true;
    states.set(n, s);
  });
  for (const [n, s] of pinned) states.set(n, s);
  for (const a of apts) if (a.is_management) states.set(a.apartment_number, base("management"));
  return states;
}

function occupantsFor(rng: Rng, active: boolean): OccupantPlan[] {
  const r = rng.float();
  const n = r < 0.3 ? 1 : r < 0.7 ? 2 : r < 0.9 ? 3 : 4;
  const family = rng.chance(0.6);
  const primaryLast = rng.pick(LAST_NAMES);
  const person = (type: OccupantType, first: string, last: string): OccupantPlan => ({
    first_name: first,
    last_name: last,
    type,
    is_active: active,
    pronouns: type !== "CH" && rng.chance(0.15) ? rng.pick(PRONOUNS) : "",
    email: type !== "CH" || rng.chance(0.2),
    phone: type !== "CH" && rng.chance(0.9),
    text_maintenance: rng.chance(0.3),
    text_packages: rng.chance(0.4),
  });
  const out: OccupantPlan[] = [person("TN", rng.pick(FIRST_NAMES), primaryLast)];
  for (let k = 1; k < n; k++) {
    if (family) out.push(person(k === 1 ? "OC" : "CH", rng.pick(k === 1 ? FIRST_NAMES : CHILD_NAMES), primaryLast));
    else out.push(person(k === 1 && rng.chance(0.5) ? "OC" : "TN", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES)));
  }
  return out;
}

function occupanciesOf(
  plan: BuildingPlan,
  apts: ApartmentPlan[],
  states: Map<string, UnitState>,
  today: string,
  rng: Rng,
): OccupancyPlan[] {
  const d = (s: string) => dayjs(s, "YYYY-MM-DD");
  const fmt = (x: dayjs.Dayjs) => x.format("YYYY-MM-DD");
  const t = d(today);
  const out: OccupancyPlan[] = [];
  const prefix = plan.key.slice(0, 3).toUpperCase();
  let seq = 0;
  let movingOutSeen = 0;
  const lease = (
    apt: string,
    start: dayjs.Dayjs,
    end: dayjs.Dayjs,
    extra: Partial<OccupancyPlan> & { active: boolean },
  ): OccupancyPlan => {
    seq += 1;
    const { active, ...rest } = extra;
    return {
      apartment_number: apt,
      lease_start_date: fmt(start),
      lease_end_date: fmt(end),
      move_in_date: fmt(start.add(rng.int(0, 3), "day")),
      move_out_date: null,
      is_active: active,
      is_do_not_disturb: false,
      external_lease_id: `${prefix}-${apt.toUpperCase()}-${String(seq).padStart(4, "0")}`,
      occupants: occupantsFor(rng, active),
      ...rest,
    };
  };
  for (const a of apts) {
    const s = states.get(a.apartment_number)!;
    if (s.kind === "management") continue;
    const n = a.apartment_number;
    // The current lease (if any) decides where the past and future ones sit.
    let current: OccupancyPlan | null = null;
    let future: OccupancyPlan | null = null;
    let pastEndBefore = t.subtract(rng.int(20, 400), "day");
    if (s.kind === "current") {
      let start: dayjs.Dayjs;
      let end: dayjs.Dayjs;
      if (s.expired) {
        end = t.subtract(rng.int(3, 120), "day");
        start = end.subtract(12, "month").add(1, "day");
      } else if (s.withFuture) {
        end = t.add(rng.int(3, 40), "day");
        start = end.subtract(rng.pick([12, 24]), "month").add(1, "day");
      } else {
        start = t.subtract(rng.int(20, 1500), "day");
        const term = rng.pick([12, 12, 24]);
        let k = 1;
        while (
          !start
            .add(term * k, "month")
            .subtract(1, "day")
            .isAfter(t.add(14, "day"))
        )
          k++;
        end = start.add(term * k, "month").subtract(1, "day");
      }
      current = lease(n, start, end, { active: true, is_do_not_disturb: s.dnd });
      if (s.movingOut) {
        // The first household has already left (move-out date passed), the others leave at lease end.
        current.move_out_date = movingOutSeen++ > 0 ? fmt(end) : fmt(t.subtract(rng.int(1, 4), "day"));
      }
      if (s.withFuture) future = lease(n, end.add(1, "day"), end.add(12, "month"), { active: true });
      pastEndBefore = start.subtract(rng.int(1, 25), "day");
    } else if (s.kind === "futureOnly") {
      const start = t.add(rng.int(5, 60), "day");
      future = lease(n, start, start.add(12, "month").subtract(1, "day"), { active: true });
    }
    if (s.past) {
      const end = pastEndBefore;
      const start = end.subtract(rng.pick([12, 24]), "month").add(1, "day");
      out.push(lease(n, start, end, { active: false, move_out_date: fmt(end) }));
    }
    if (current) {
      if (plan.key === "riverside" && n === DEMO_TENANT.apartment_number) {
        current.occupants = [
          {
            first_name: DEMO_TENANT.first_name,
            last_name: DEMO_TENANT.last_name,
            type: "TN",
            is_active: true,
            pronouns: "",
            email: true,
            phone: true,
            text_maintenance: false,
            text_packages: true,
            demoTenant: true,
          },
          ...current.occupants.slice(0, 1).map((o) => ({ ...o, type: "OC" as const })),
        ];
      }
      out.push(current);
    }
    if (future) out.push(future);
  }
  return out;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

async function insertChunked<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<{ id: number }[]>,
  size = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const got = await insert(chunk);
    if (got.length !== chunk.length) throw new Error("seed: insert returned an unexpected number of rows");
    ids.push(...got.map((r) => r.id));
  }
  return ids;
}

/** Seeds the demo portfolio on first start (does nothing when a portfolio exists). */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  const log = opts.log ?? (() => undefined);
  if ((await db.select({ id: portfolios.id }).from(portfolios).limit(1)).length) return;
  const started = Date.now();
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD, { fast: opts.fast });
  const seeded = await db.transaction(async (tx) => {
    // Several instances may start at once on one PostgreSQL: one seeds, the others find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if ((await tx.select({ id: portfolios.id }).from(portfolios).limit(1)).length) return null;
    return seedInto(tx, now, passwordHash, opts.files);
  });
  if (seeded) {
    log(
      `Demo data: "${DEMO_PORTFOLIO.name}", ${seeded.buildings} buildings, ${seeded.apartments} units, ` +
        `${seeded.occupancies} leases, ${seeded.residents} residents, ${seeded.shift_log_notes} shift log notes, ` +
        `${seeded.packages} packages, ${seeded.instructions} instructions, ${seeded.staff} staff accounts ` +
        `(password ${DEMO_PASSWORD}) in ${Date.now() - started} ms`,
    );
  }
}

async function seedInto(tx: Tx, now: Date, passwordHash: string, files?: SeedOptions["files"]) {
  const [portfolio] = await tx
    .insert(portfolios)
    .values({ ...DEMO_PORTFOLIO, logo_url: null })
    .returning({ id: portfolios.id });

  // Buildings, in the order of their demo ids.
  const buildingIds = new Map<BuildingKey, number>();
  for (const plan of BUILDING_PLANS) {
    const b = DEMO_BUILDINGS[plan.key];
    const [row] = await tx
      .insert(buildings)
      .values({
        portfolio_id: portfolio.id,
        name: b.name,
        address: b.address,
        address_number: Number(b.address.match(/^\d+/)![0]),
        time_zone: b.time_zone,
      })
      .returning({ id: buildings.id });
    buildingIds.set(plan.key, row.id);
  }
  await tx.insert(buildingSettings).values(
    BUILDING_PLANS.map((plan) => ({
      building_id: buildingIds.get(plan.key)!,
      settings: BuildingSettingsGroups.parse(plan.settings),
    })),
  );
  /** Demo building ids (1..4 in a fresh database) to actual ids. */
  const byDemoId = new Map(BUILDING_PLANS.map((p) => [DEMO_BUILDINGS[p.key].id as number, buildingIds.get(p.key)!]));

  // Staff accounts and their employee rows.
  const dayStartUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const staffIds = await insertChunked(DEMO_ACCOUNTS, (chunk) =>
    tx
      .insert(users)
      .values(
        chunk.map((a) => ({
          username: a.username,
          email: `${a.username}@portico.example`,
          first_name: a.first_name,
          last_name: a.last_name,
          phone_number: a.phone_number,
          role: a.role,
          password_hash: passwordHash,
          is_active: a.is_active,
          is_staff: isStaff(a.role),
          last_login:
            a.last_login_hours_ago === null ? null : new Date(dayStartUtc - a.last_login_hours_ago * 3600_000),
        })),
      )
      .returning({ id: users.id }),
  );
  await tx.insert(employees).values(
    DEMO_ACCOUNTS.map((a, i) => ({
      user_id: staffIds[i],
      title: a.title,
      department: a.department,
      employment_start_date: a.employment_start_date,
      emergency_contact_info: `${["Alex", "Jordan", "Sam", "Chris", "Pat"][i % 5]} ${a.last_name} (family), (917) 555-01${String(40 + i).padStart(2, "0")}`,
      notes: a.is_active ? "" : "Left the company; account kept for history.",
    })),
  );
  const directoryRoles: Role[] = ["MG", "FD", "MT", "PT"];
  await tx.insert(userBuildings).values(
    DEMO_ACCOUNTS.flatMap((a, i) =>
      a.buildings.map((b) => ({
        user_id: staffIds[i],
        building_id: byDemoId.get(b)!,
        is_include_in_directory: directoryRoles.includes(a.role),
        is_include_in_tenant_portal_contacts: a.role === "MG",
      })),
    ),
  );

  // Apartments, leases and residents, building by building.
  let apartmentCount = 0;
  let occupancyCount = 0;
  let residentCount = 0;
  const usernames = new Set(DEMO_ACCOUNTS.map((a) => a.username));
  usernames.add(DEMO_TENANT.username);
  const emails = new Set<string>();
  const unique = (set: Set<string>, base: string, suffix = (k: number) => String(k)) => {
    let v = base;
    for (let k = 2; set.has(v); k++) v = `${base}${suffix(k)}`;
    set.add(v);
    return v;
  };
  for (const plan of BUILDING_PLANS) {
    const demo = DEMO_BUILDINGS[plan.key];
    const buildingId = buildingIds.get(plan.key)!;
    const rng = new Rng(0x5eed0000 + demo.id * 7919);
    const apts = apartmentsOf(plan, rng);
    const states = unitStates(plan, apts, rng);
    const today = todayIn(demo.time_zone, now);
    const leases = occupanciesOf(plan, apts, states, today, rng);

    const aptIds = await insertChunked(apts, (chunk) =>
      tx
        .insert(apartments)
        .values(chunk.map((a) => ({ ...a, building_id: buildingId })))
        .returning({ id: apartments.id }),
    );
    const aptId = new Map(apts.map((a, i) => [a.apartment_number, aptIds[i]]));
    const occIds = await insertChunked(leases, (chunk) =>
      tx
        .insert(occupancies)
        .values(
          chunk.map(({ occupants: _o, apartment_number, ...o }) => ({
            ...o,
            building_id: buildingId,
            apartment_id: aptId.get(apartment_number)!,
          })),
        )
        .returning({ id: occupancies.id }),
    );

    // Residents: one user (role TN, no password) per occupant; the demo tenant signs in.
    const people = leases.flatMap((l, li) => l.occupants.map((o) => ({ o, l, occupancyId: occIds[li] })));
    const userRows = people.map(({ o, l }) => {
      if (o.demoTenant) {
        return {
          username: DEMO_TENANT.username,
          email: DEMO_TENANT.email,
          first_name: o.first_name,
          last_name: o.last_name,
          phone_number: DEMO_TENANT.phone_number,
          role: "TN",
          password_hash: passwordHash,
          is_active: true,
          is_staff: false,
          last_login: new Date(dayStartUtc - 6 * 3600_000),
        };
      }
      const username = unique(
        usernames,
        `${slug(o.first_name)[0]}${slug(o.last_name)}${slug(l.apartment_number)}b${demo.id}`,
        (k) => `_${k}`,
      );
      const email = o.email
        ? unique(emails, `${slug(o.first_name)}.${slug(o.last_name)}`, (k) => String(k)) +
          `@${EMAIL_DOMAINS[(username.length + o.first_name.length) % EMAIL_DOMAINS.length]}`
        : "";
      const digits = String(
        1000 + ((username.length * 37 + o.last_name.charCodeAt(0) * 13 + o.first_name.charCodeAt(0)) % 9000),
      ).slice(-4);
      return {
        username,
        email,
        first_name: o.first_name,
        last_name: o.last_name,
        phone_number: o.phone ? `(${plan.areaCode}) 555-${digits}` : "",
        role: "TN",
        password_hash: null,
        is_active: o.is_active,
        is_staff: false,
        last_login: null,
      };
    });
    const userIds = await insertChunked(userRows, (chunk) =>
      tx.insert(users).values(chunk).returning({ id: users.id }),
    );
    const occupantRows = people.map(({ o, occupancyId }, i) => ({
      occupancy_id: occupancyId,
      user_id: userIds[i],
      type: o.type,
      is_active: o.is_active,
      pronouns: o.pronouns,
      is_text_maintenance_activity: o.text_maintenance,
      is_text_package_activity: o.text_packages,
    }));
    await insertChunked(occupantRows, (chunk) => tx.insert(occupants).values(chunk).returning({ id: occupants.id }));
    apartmentCount += apts.length;
    occupancyCount += leases.length;
    residentCount += people.length;
  }
  const { notes: shiftLogNotes } = await seedShiftLogs(tx, { now });
  const { packages: packageCount } = await seedPackages(tx, { now });
  const { instructions: instructionCount } = await seedInstructions(tx, { now, files });
  await seedAccessKeys(tx, { now, files });
  const lockoutsAndContractors = await seedLockoutsAndContractors(tx, { now });
  const { maintenance_requests } = await seedMaintenance(tx, { now, files });
  const recurringAndVendors = await seedRecurringAndVendors(tx, { now });
  await seedClubs(tx, { now });
  await seedAmenityReservations(tx, { now });
  await seedElevatorReservations(tx, { now });
  await seedDashboard(tx, { now });
  await seedManagementNotes(tx, { now });
  await seedEmailLibrary(tx, { files });
  await seedMemos(tx, { now, files });
  return {
    shift_log_notes: shiftLogNotes,
    packages: packageCount,
    instructions: instructionCount,
    ...lockoutsAndContractors,
    maintenance_requests,
    ...recurringAndVendors,
    buildings: BUILDING_PLANS.length,
    apartments: apartmentCount,
    occupancies: occupancyCount,
    residents: residentCount,
    staff: DEMO_ACCOUNTS.length,
  };
}
