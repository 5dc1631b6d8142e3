/**
 * Generates a portfolio straight into PostgreSQL for the benchmarks (bench/run.ts).
 *
 *   npx tsx bench/generate.ts [--small] [--database-url URL] [--now ISO] [--seed N] [--drop-on-error]
 *
 * The database (default portico_bench on 127.0.0.1:5432) is dropped and created again, migrated
 * with the app's own migrations, given the global types, then filled with COPY FROM STDIN
 * (rows generated in streaming batches, secondary indexes built after the load, foreign keys
 * not re-checked row by row), analysed and vacuumed. The same seed and `now` give the same rows.
 *
 * Large (default): 300 buildings, ~90,000 units with leases and residents, 1,000,000 shift log
 * notes and 3,000,000 packages over three years; building 1 has 1,500 units; about one building
 * in ten is five times busier. --small: 5 buildings, ~1,000 units, 20,000 notes, 50,000 packages.
 */
import pg from "pg";
import {
  apartmentSortKey,
  BuildingSettingsGroups,
  PACKAGE_ENTITY,
  PACKAGE_EVENT_DISPLAY,
  SHIFT_END_CODE,
} from "@portico/contract";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { ensureMaintenanceRequestTypes } from "../apps/api/src/db/seed/maintenance.ts";
import { ensurePackageTypes } from "../apps/api/src/db/seed/packages.ts";
import { ensureShiftLogTypes } from "../apps/api/src/db/seed/shift-logs.ts";
import { DEMO_RESERVATION_TYPES } from "../apps/api/src/db/seed/elevator-reservations.ts";
import { hashPassword } from "../apps/api/src/lib/passwords.ts";
import {
  argNumber,
  argString,
  copyLines,
  DEFAULT_DATABASE_URL,
  dropDatabase,
  line,
  parseArgs,
  recreateDatabase,
  Rng,
  seconds,
} from "./lib/common.ts";
import {
  CLOSE_COMMENTS,
  carrier,
  FIRST_NAMES,
  HANDOVERS,
  LAST_NAMES,
  NOTE_TEMPLATES,
  noteBody,
  OPEN_COMMENTS,
  ordinal,
  PACKAGE_MIX,
  STREETS,
  TIME_ZONES,
  type TypeKey,
} from "./lib/text.ts";

/** Accounts the benchmark signs in as (password BENCH_PASSWORD). */
export const BENCH_USERS = {
  frontDesk: "bench.frontdesk",
  office: "bench.office",
  manager: "bench.manager",
} as const;
export const BENCH_PASSWORD = "Portico!bench1";

interface Size {
  buildings: number;
  apartments: number;
  largest: number;
  notes: number;
  packages: number;
  days: number;
  /** Active front-desk users (the buildings' own desk staff, then relief desk staff). */
  frontDesk: number;
}
const LARGE: Size = {
  buildings: 300,
  apartments: 90_000,
  largest: 1_500,
  notes: 1_000_000,
  packages: 3_000_000,
  days: 3 * 365,
  frontDesk: 1_216,
};
const SMALL: Size = {
  buildings: 5,
  apartments: 1_000,
  largest: 400,
  notes: 20_000,
  packages: 50_000,
  days: 3 * 365,
  frontDesk: 20,
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TZ_OFFSET: Record<string, number> = {
  "America/New_York": -5,
  "America/Chicago": -6,
  "America/Denver": -7,
  "America/Los_Angeles": -8,
};

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

interface Building {
  id: number;
  name: string;
  address: string;
  addressNumber: number;
  timeZone: string;
  units: number;
  busy: number;
  endOfShift: boolean;
  locations: boolean;
  staff: number[];
  desk: number[];
  /** Index range in `apts`. */
  aptFrom: number;
  aptTo: number;
  /** Indices (into apts) of the units that get half the parcels. */
  busyApts: number[];
}

interface Apt {
  id: number;
  building: number;
  number: string;
  floorLabel: string;
  current: number;
  past: number;
  isManagement: boolean;
}

interface Occ {
  id: number;
  apt: number;
  start: number;
  end: number;
  active: boolean;
  firstOccupant: number;
}

const sizeOf = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(n);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const size = args.has("small") ? SMALL : LARGE;
  const url = argString(args, "database-url", process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL);
  const seed = argNumber(args, "seed", 20250101);
  const nowArg = args.get("now");
  const now = typeof nowArg === "string" ? new Date(nowArg).getTime() : Math.floor(Date.now() / HOUR) * HOUR;
  if (!Number.isFinite(now)) throw new Error("--now: not a date");
  const t0 = Date.now();
  const timings: { step: string; rows: number; ms: number }[] = [];
  const step = async (name: string, fn: () => Promise<number>): Promise<number> => {
    const s = Date.now();
    const rows = await fn();
    const ms = Date.now() - s;
    timings.push({ step: name, rows, ms });
    console.log(`  ${name.padEnd(34)} ${sizeOf(rows).padStart(7)} rows  ${seconds(ms).padStart(8)}`);
    return rows;
  };
  console.log(
    `Generating the ${args.has("small") ? "small" : "large"} portfolio into ${url.replace(/\/\/[^@]*@/, "//")} (now ${iso(now)}, seed ${seed})`,
  );

  // Schema: the app's own migrations and global types.
  await step("database + migrations", async () => {
    await recreateDatabase(url);
    const database = await openDatabase({ url });
    try {
      await database.migrate();
      await ensureShiftLogTypes(database.db);
      await ensurePackageTypes(database.db);
      await ensureMaintenanceRequestTypes(database.db);
    } finally {
      await database.close();
    }
    return 0;
  });

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Generated rows are consistent by construction: skip the per-row triggers (foreign keys, and
  // the change feed's notifications: no API instance is running on a database being generated).
  await client.query("SET session_replication_role = replica");
  await client.query("SET synchronous_commit = off");

  const BIG_TABLES = [
    "users",
    "user_buildings",
    "employees",
    "apartments",
    "occupancies",
    "occupants",
    "shift_log_notes",
    "shift_log_note_apartments",
    "packages",
    "elevator_reservations",
    "amenity_reservations",
  ];
  const indexes = (
    await client.query<{ name: string; def: string; table: string; pages: number }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def, c.relname as table
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = any($1)
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [BIG_TABLES],
    )
  ).rows;
  for (const ix of indexes) await client.query(`DROP INDEX ${ix.name}`);

  const types = (
    await client.query<{ id: number; name: string; code: string | null }>("select id, name, code from shift_log_types")
  ).rows;
  const typeId = new Map(types.map((t) => [t.name, t.id]));
  const shiftEndId = types.find((t) => t.code === SHIFT_END_CODE)!.id;
  const pkgTypes = (
    await client.query<{ id: number; name: string; group: string }>(
      'select id, name, "group" from package_types where is_active',
    )
  ).rows;
  const pkgByName = new Map(pkgTypes.map((t) => [t.name, t]));
  const mix = PACKAGE_MIX.filter(([n]) => pkgByName.has(n));
  const mixCum: number[] = [];
  mix.reduce((s, [, w]) => (mixCum.push(s + w), s + w), 0);

  const rng = new Rng(seed);

  // Buildings ------------------------------------------------------------------------------------
  const buildings: Building[] = [];
  {
    const raw: number[] = [];
    for (let i = 1; i < size.buildings; i++) {
      // Log-normal sizes: most buildings 150-450 units, a few small ones and a few towers.
      const u1 = Math.max(rng.float(), 1e-9);
      const u2 = rng.float();
      raw.push(Math.exp(0.55 * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)));
    }
    const rest = size.apartments - size.largest;
    const sum = raw.reduce((s, x) => s + x, 0);
    const units = [
      size.largest,
      ...raw.map((x) => Math.max(24, Math.min(size.largest - 100, Math.round((x / sum) * rest)))),
    ];
    const usedNames = new Set<string>();
    units.forEach((u, i) => {
      const draw = () => {
        const n = rng.int(1, 60) * (rng.chance(0.5) ? 1 : 10) + rng.int(0, 9);
        return { number: n, name: `${n} ${rng.pick(STREETS)}` };
      };
      let { number, name } = draw();
      while (usedNames.has(name)) ({ number, name } = draw());
      usedNames.add(name);
      buildings.push({
        id: i + 1,
        name,
        address: `${name}, ${rng.pick(["New York, NY", "Brooklyn, NY", "Chicago, IL", "San Francisco, CA", "Denver, CO"])}`,
        addressNumber: number,
        timeZone: rng.pick(TIME_ZONES),
        units: u,
        // Building 1 (the largest) and about one in ten others are five times busier.
        busy: i === 0 || rng.chance(0.1) ? 5 : 1,
        endOfShift: i === 0 || rng.chance(0.4),
        locations: i === 0 || rng.chance(0.3),
        staff: [],
        desk: [],
        aptFrom: 0,
        aptTo: 0,
        busyApts: [],
      });
    });
  }

  await step("portfolios, buildings, settings", async () => {
    await copyLines(
      client,
      "portfolios",
      ["id", "name", "employee_portal_name", "tenant_site_url"],
      [line([1, "Portico Bench Residential", "Portico", "https://residents.bench.example"])],
    );
    await copyLines(
      client,
      "buildings",
      ["id", "portfolio_id", "name", "address", "address_number", "time_zone", "is_active", "date_created"],
      buildings.map((b) =>
        line([b.id, 1, b.name, b.address, b.addressNumber, b.timeZone, true, iso(now - 4000 * DAY)]),
      ),
    );
    await copyLines(
      client,
      "building_settings",
      ["building_id", "settings"],
      buildings.map((b) =>
        line([
          b.id,
          JSON.stringify(
            BuildingSettingsGroups.parse({
              shiftlogsettings: {
                is_enable_end_of_shift_logging: b.endOfShift,
                is_recordable_by_location: b.locations,
              },
              lockoutsettings: { has_lockouts: true },
              reservationsettings: { has_reservations: true },
              amenitysettings: { has_amenities: true, is_viewable_by_all_employees: true },
              coresettings: { enable_occupancy_notes: b.id % 2 === 1 },
              idcardsettings: { has_id_cards: b.id % 3 === 1 },
              front_desk_number: `(212) 555-${String(1000 + b.id).slice(-4)}`,
            }),
          ),
        ]),
      ),
    );
    return buildings.length;
  });

  // Staff ------------------------------------------------------------------------------------------
  const benchHash = await hashPassword(BENCH_PASSWORD, { fast: true });
  let userId = 0;
  const userLines: string[] = [];
  const employeeLines: string[] = [];
  const grantLines: string[] = [];
  const person = (r = rng) => ({ first: r.pick(FIRST_NAMES), last: r.pick(LAST_NAMES) });
  const phone = (r = rng) =>
    `(${r.pick(["212", "646", "718", "312", "415", "303"])}) 555-${String(r.int(0, 9999)).padStart(4, "0")}`;
  const TITLES: Record<string, [string, string]> = {
    MG: ["Building Manager", "Management"],
    FD: ["Front Desk Associate", "Front Desk"],
    MT: ["Superintendent", "Maintenance"],
    PT: ["Porter", "Maintenance"],
    OF: ["Portfolio Administrator", "Operations"],
  };
  const addStaff = (
    username: string,
    role: string,
    hash: string | null,
    who = person(),
    active = rng.chance(0.97),
    r = rng,
  ) => {
    const id = ++userId;
    const [title, dept] = TITLES[role];
    userLines.push(
      line([
        id,
        username,
        `${username}@staff.bench.example`,
        who.first,
        who.last,
        phone(r),
        role,
        hash,
        active,
        true,
        r.chance(0.8) ? iso(now - r.int(1, 24 * 60) * HOUR) : null,
        iso(now - r.int(30, 3000) * DAY),
      ]),
    );
    employeeLines.push(line([id, id, title, dept, day(now - r.int(30, 5000) * DAY)]));
    return id;
  };
  let activeDesk = 0;
  const grant = (user: number, building: number, role: string) =>
    grantLines.push(line([user, building, ["MG", "FD", "MT", "PT"].includes(role), role === "MG"]));

  for (const b of buildings) {
    const plan: [string, number][] = [
      ["MG", 1],
      ["FD", 3 + Math.floor(b.units / 250)],
      ["MT", 1 + Math.floor(b.units / 400)],
      ["PT", 1 + Math.floor(b.units / 300)],
    ];
    for (const [role, n] of plan) {
      for (let k = 1; k <= n; k++) {
        // (Drawn in the order addStaff's defaults draw them.)
        const who = person();
        const active = rng.chance(0.97);
        if (role === "FD" && active) activeDesk++;
        const id = addStaff(`${role.toLowerCase()}${k}.b${b.id}`, role, null, who, active);
        grant(id, b.id, role);
        b.staff.push(id);
        if (role === "FD") b.desk.push(id);
        // Some staff cover a neighbouring building too.
        if (rng.chance(0.1) && b.id < buildings.length) grant(id, b.id + 1, role);
      }
    }
  }
  const officeIds: number[] = [];
  for (let k = 1; k <= 12; k++) officeIds.push(addStaff(`office${k}`, "OF", null));
  const bench = {
    frontDesk: addStaff(BENCH_USERS.frontDesk, "FD", benchHash, { first: "Bench", last: "Frontdesk" }, true),
    office: addStaff(BENCH_USERS.office, "OF", benchHash, { first: "Bench", last: "Office" }, true),
    manager: addStaff(BENCH_USERS.manager, "MG", benchHash, { first: "Bench", last: "Manager" }, true),
  };
  officeIds.push(bench.office);
  for (const id of officeIds) for (const b of buildings) grant(id, b.id, "OF");
  // The bench front desk works the largest building, the next two, and a building of median size.
  const median = [...buildings].sort((x, y) => x.units - y.units)[Math.floor(buildings.length / 2)];
  for (const b of new Set([...buildings.slice(0, 3), median])) {
    grant(bench.frontDesk, b.id, "FD");
    grant(bench.manager, b.id, "MG");
    b.desk.push(bench.frontDesk);
    b.staff.push(bench.frontDesk);
  }
  activeDesk++; // bench.frontdesk
  const staffUsers = userId;

  // Units, leases and residents ----------------------------------------------------------------------
  const apts: Apt[] = [];
  const occs: Occ[] = [];
  const aptLines: string[] = [];
  const occLines: string[] = [];
  const occupantLines: string[] = [];
  const BEDROOMS = ["2BR", "1BR", "STD", "1BR", "2BR", "3BR", "1BR", "2BR", "1BR", "2BR", "3BR", "1BR"];
  const BATHS: Record<string, string[]> = {
    STD: ["1.0"],
    "1BR": ["1.0", "1.5"],
    "2BR": ["1.5", "2.0"],
    "3BR": ["2.0", "2.5", "3.0"],
    "4BR": ["3.0"],
  };
  let occupantId = 0;

  const addOccupancy = (
    b: Building,
    aptIdx: number,
    start: number,
    end: number,
    active: boolean,
    extra: { moveOut?: number | null; dnd?: boolean } = {},
  ) => {
    const id = occs.length + 1;
    const n = rng.float();
    const count = n < 0.3 ? 1 : n < 0.7 ? 2 : n < 0.9 ? 3 : 4;
    const family = rng.chance(0.6);
    const lastName = rng.pick(LAST_NAMES);
    let first = 0;
    for (let k = 0; k < count; k++) {
      const who = family ? { first: rng.pick(FIRST_NAMES), last: lastName } : person();
      const uid = ++userId;
      const oid = ++occupantId;
      if (k === 0) first = oid;
      const type = k === 0 ? "TN" : family ? (k === 1 ? "OC" : "CH") : rng.chance(0.5) ? "OC" : "TN";
      const email =
        type !== "CH" && rng.chance(0.9)
          ? `${who.first}.${who.last}.${uid}@example.com`.toLowerCase().replace(/[^a-z0-9.@-]/g, "")
          : "";
      userLines.push(
        line([
          uid,
          `${who.first[0]}${who.last}.${uid}`.toLowerCase().replace(/[^a-z0-9.]/g, ""),
          email,
          who.first,
          who.last,
          type !== "CH" && rng.chance(0.85) ? phone() : "",
          "TN",
          null,
          active,
          false,
          null,
          iso(start),
        ]),
      );
      occupantLines.push(
        line([
          oid,
          id,
          uid,
          type,
          active,
          rng.chance(0.1) ? rng.pick(["she/her", "he/him", "they/them"]) : "",
          rng.chance(0.4),
          true,
          iso(start),
        ]),
      );
    }
    occs.push({ id, apt: aptIdx, start, end, active, firstOccupant: first });
    occLines.push(
      line([
        id,
        b.id,
        apts[aptIdx].id,
        day(start),
        day(end),
        day(start + rng.int(0, 3) * DAY),
        extra.moveOut ? day(extra.moveOut) : null,
        active,
        extra.dnd ?? false,
        `B${b.id}-${apts[aptIdx].number}-${String(id).padStart(6, "0")}`,
        iso(Math.min(start, now) - rng.int(5, 60) * DAY),
        iso(Math.min(start, now)),
      ]),
    );
    return occs.length - 1;
  };

  for (const b of buildings) {
    b.aptFrom = apts.length;
    const perFloor = Math.max(4, Math.min(30, Math.round(Math.sqrt(b.units) * 0.8)));
    const floors = Math.ceil(b.units / perFloor);
    let made = 0;
    for (let f = 2; f < 2 + floors && made < b.units; f++) {
      for (let u = 1; u <= perFloor && made < b.units; u++) {
        made++;
        const top = b.units > 100 && made > b.units - 2;
        const number = top ? `PH${made - (b.units - 2)}` : `${f}${String(u).padStart(2, "0")}`;
        const bedrooms = top ? "4BR" : BEDROOMS[(u - 1) % BEDROOMS.length];
        apts.push({
          id: apts.length + 1,
          building: b.id,
          number,
          floorLabel: top ? "PH" : String(f),
          current: -1,
          past: -1,
          isManagement: false,
        });
        aptLines.push(
          line([
            apts.length,
            b.id,
            number,
            apartmentSortKey(number),
            bedrooms,
            rng.pick(BATHS[bedrooms]),
            top ? "PH" : String(f),
            top ? String(made - (b.units - 2)) : String(u).padStart(2, "0"),
            f >= 8 && (u === 1 || u === 5),
            false,
            iso(now - 4000 * DAY),
          ]),
        );
      }
    }
    apts.push({
      id: apts.length + 1,
      building: b.id,
      number: "Mgmt",
      floorLabel: "1",
      current: -1,
      past: -1,
      isManagement: true,
    });
    aptLines.push(
      line([
        apts.length,
        b.id,
        "Mgmt",
        apartmentSortKey("Mgmt"),
        "STD",
        "1.0",
        null,
        null,
        false,
        true,
        iso(now - 4000 * DAY),
      ]),
    );
    b.aptTo = apts.length;

    for (let i = b.aptFrom; i < b.aptTo; i++) {
      const a = apts[i];
      if (a.isManagement) continue;
      const r = rng.float();
      if (r < 0.05) {
        // Vacant; half of them had a lease before.
        if (rng.chance(0.5)) {
          const end = now - rng.int(20, 400) * DAY;
          a.past = addOccupancy(b, i, end - rng.pick([12, 24]) * 30 * DAY, end, false, { moveOut: end });
        }
      } else if (r < 0.07) {
        const start = now + rng.int(5, 60) * DAY;
        addOccupancy(b, i, start, start + 365 * DAY, true);
      } else {
        const start = now - rng.int(20, 6 * 365) * DAY;
        const term = rng.pick([365, 365, 730]);
        let end = start + term * DAY;
        while (end < now + 14 * DAY) end += term * DAY;
        const expired = rng.chance(0.02);
        const moving = !expired && rng.chance(0.03);
        if (expired) end = now - rng.int(3, 120) * DAY;
        if (moving) end = now + rng.int(3, 40) * DAY;
        if (rng.chance(0.35)) {
          const pend = start - rng.int(1, 25) * DAY;
          a.past = addOccupancy(b, i, pend - rng.pick([365, 730]) * DAY, pend, false, { moveOut: pend });
        }
        a.current = addOccupancy(b, i, start, end, true, {
          dnd: rng.chance(0.01),
          moveOut: moving && rng.chance(0.5) ? end : null,
        });
        if (moving) addOccupancy(b, i, end + DAY, end + 366 * DAY, true);
      }
    }
    for (let i = b.aptFrom; i < b.aptTo; i++) if (!apts[i].isManagement && rng.chance(0.25)) b.busyApts.push(i);
  }

  // Relief front desk: the desk staff beyond the buildings' own, up to size.frontDesk active desk
  // users, each on a building (busy and large ones more often) and often its neighbour too.
  // Their own random sequence: the rest of the portfolio is the same with or without them.
  let reliefDesk = 0;
  {
    const r = new Rng(seed ^ 0x5eed);
    const weights: number[] = [];
    buildings.reduce((sum, b) => (weights.push(sum + b.units * b.busy), sum + b.units * b.busy), 0);
    for (let k = 1; activeDesk < size.frontDesk; k++) {
      const b = buildings[r.weighted(weights)];
      const id = addStaff(`fdr${k}.b${b.id}`, "FD", null, person(r), true, r);
      grant(id, b.id, "FD");
      if (b.id < buildings.length && r.chance(0.5)) grant(id, b.id + 1, "FD");
      activeDesk++;
      reliefDesk++;
    }
  }

  await step("users (staff + residents)", () =>
    copyLines(
      client,
      "users",
      [
        "id",
        "username",
        "email",
        "first_name",
        "last_name",
        "phone_number",
        "role",
        "password_hash",
        "is_active",
        "is_staff",
        "last_login",
        "date_joined",
      ],
      userLines,
    ),
  );
  await step("employees", () =>
    copyLines(client, "employees", ["id", "user_id", "title", "department", "employment_start_date"], employeeLines),
  );
  await step("user_buildings", () =>
    copyLines(
      client,
      "user_buildings",
      ["user_id", "building_id", "is_include_in_directory", "is_include_in_tenant_portal_contacts"],
      grantLines,
    ),
  );
  await step("apartments", () =>
    copyLines(
      client,
      "apartments",
      [
        "id",
        "building_id",
        "apartment_number",
        "sort_key",
        "bedrooms",
        "bathrooms",
        "floor",
        "line",
        "is_balcony_apt",
        "is_management",
        "date_created",
      ],
      aptLines,
    ),
  );
  await step("occupancies", () =>
    copyLines(
      client,
      "occupancies",
      [
        "id",
        "building_id",
        "apartment_id",
        "lease_start_date",
        "lease_end_date",
        "move_in_date",
        "move_out_date",
        "is_active",
        "is_do_not_disturb",
        "external_lease_id",
        "date_created",
        "last_modified",
      ],
      occLines,
    ),
  );
  await step("occupants", () =>
    copyLines(
      client,
      "occupants",
      [
        "id",
        "occupancy_id",
        "user_id",
        "type",
        "is_active",
        "pronouns",
        "is_text_package_activity",
        "is_email_package_activity",
        "date_created",
      ],
      occupantLines,
    ),
  );
  aptLines.length = 0;
  occLines.length = 0;
  occupantLines.length = 0;
  userLines.length = 0;

  /** The lease of a unit at an instant (the past one before the current started), or -1. */
  const occupancyAt = (a: Apt, t: number): number => {
    if (a.current >= 0 && t >= occs[a.current].start) return a.current;
    if (a.past >= 0 && t <= occs[a.past].end + 30 * DAY) return a.past;
    return a.current;
  };
  const weightTotal = buildings.reduce((s, b) => s + b.units * b.busy, 0);
  const start = now - size.days * DAY;
  /**
   * Rows in time order across the portfolio, a day at a time: for building `bi` about
   * `perDay[bi]` a day (0.6 to 1.4 times), each at `at(dayStart, bi)`. A day is drawn only once
   * the previous one has been written (the random draws keep their order).
   */
  function* days(perDay: readonly number[], at: (dayStart: number, bi: number) => number) {
    const batch: { t: number; b: number }[] = [];
    for (let d = 0; d < size.days; d++) {
      batch.length = 0;
      const dayStart = start + d * DAY;
      for (let bi = 0; bi < perDay.length; bi++) {
        const n = Math.floor(perDay[bi] * (0.6 + 0.8 * rng.float()) + rng.float());
        for (let k = 0; k < n; k++) batch.push({ t: at(dayStart, bi), b: bi });
      }
      batch.sort((x, y) => x.t - y.t);
      yield batch;
    }
  }

  // Shift log notes, in time order across the portfolio ----------------------------------------------
  const linkLines: string[] = [];
  await step("shift_log_notes", () => {
    const perDay = buildings.map((b) => (size.notes * b.units * b.busy) / weightTotal / size.days);
    let id = 0;
    function* rows() {
      for (const batch of days(perDay, (dayStart) => dayStart + Math.floor(rng.float() * DAY))) {
        for (const { t, b: bi } of batch) {
          if (t >= now) continue;
          const b = buildings[bi];
          const owner = rng.chance(0.75) ? rng.pick(b.desk) : rng.pick(b.staff);
          if (b.endOfShift && rng.chance(0.12)) {
            id++;
            yield line([id, b.id, owner, rng.pick(HANDOVERS), shiftEndId, false, null, iso(t), iso(t)]);
            continue;
          }
          const tpl = rng.pick(NOTE_TEMPLATES);
          const units: Apt[] = [];
          if (tpl.text.includes("{unit}")) {
            const want = tpl.text.includes("{u2}") || rng.chance(0.1) ? 2 : 1;
            for (let k = 0; k < want * 3 && units.length < want; k++) {
              const a = apts[b.aptFrom + Math.floor(rng.float() * (b.aptTo - b.aptFrom))];
              if (!a.isManagement && !units.includes(a) && (a.current >= 0 || a.past >= 0)) units.push(a);
            }
          }
          const floor =
            units[0] && /^\d+$/.test(units[0].floorLabel)
              ? ordinal(Number(units[0].floorLabel))
              : ordinal(rng.int(2, 20));
          const body = noteBody(
            rng,
            tpl.text,
            units.map((u) => u.number),
            floor,
          );
          const edited = rng.chance(0.06) ? t + rng.int(5, 120) * 60_000 : t;
          id++;
          yield line([
            id,
            b.id,
            owner,
            edited !== t && edited < now ? `${body} Updated.` : body,
            typeId.get(tpl.type as TypeKey) ?? null,
            rng.chance((tpl.high ?? 0.04) * 0.5),
            b.locations ? (tpl.location ?? null) : null,
            iso(t),
            iso(edited < now ? edited : t),
          ]);
          for (const a of units) {
            const o = occupancyAt(a, t);
            linkLines.push(line([id, a.id, o >= 0 ? occs[o].id : null]));
          }
        }
      }
    }
    return copyLines(
      client,
      "shift_log_notes",
      [
        "id",
        "building_id",
        "owner_id",
        "body",
        "shift_log_type_id",
        "is_high_priority",
        "location",
        "date_created",
        "last_modified",
      ],
      rows(),
    );
  });
  await step("shift_log_note_apartments", () =>
    copyLines(client, "shift_log_note_apartments", ["note_id", "apartment_id", "occupancy_id"], linkLines),
  );
  linkLines.length = 0;

  // Packages, in time order across the portfolio ----------------------------------------------------
  const eventLines: string[] = [];
  let openCount = 0;
  await step("packages", () => {
    const perDay = buildings.map((b) => (size.packages * b.units * b.busy) / weightTotal / size.days);
    let id = 0;
    const typeName = new Map(pkgTypes.map((t) => [t.id, t.name]));
    // Deliveries arrive between 7:00 and 21:00 local time, most around midday.
    const delivered = (dayStart: number, bi: number) => {
      const offset = -(TZ_OFFSET[buildings[bi].timeZone] ?? -5) * HOUR;
      const local = 7 * HOUR + ((rng.float() + rng.float()) / 2) * 14 * HOUR;
      return dayStart + ((local + offset) % DAY);
    };
    function* rows() {
      for (const batch of days(perDay, delivered)) {
        for (const { t, b: bi } of batch) {
          if (t >= now) continue;
          const b = buildings[bi];
          let a: Apt | null = null;
          for (let k = 0; k < 4 && !a; k++) {
            const idx =
              b.busyApts.length && rng.chance(0.5)
                ? rng.pick(b.busyApts)
                : b.aptFrom + Math.floor(rng.float() * (b.aptTo - b.aptFrom));
            const c = apts[idx];
            if (!c.isManagement && (c.current >= 0 || c.past >= 0)) a = c;
          }
          if (!a) continue;
          const oi = occupancyAt(a, t);
          if (oi < 0) continue;
          const o = occs[oi];
          const type = pkgByName.get(mix[rng.weighted(mixCum)][0])!;
          const age = now - t;
          const stays =
            age <= DAY ? 0.7 : age <= 3 * DAY ? 0.35 : age <= 7 * DAY ? 0.12 : age <= 30 * DAY ? 0.02 : 0.0015;
          let closed: number | null = null;
          if (!o.active || !rng.chance(stays)) {
            closed = t + (1 + rng.float() * 70) * HOUR;
            if (closed >= now) closed = o.active ? null : now - 60_000;
          }
          id++;
          if (closed === null) openCount++;
          const opener = rng.pick(b.desk);
          const closer = closed === null ? null : rng.pick(b.staff);
          const comment = rng.pick(OPEN_COMMENTS[type.name] ?? [""]).replace("{carrier}", carrier(rng));
          const closing = closed === null ? "" : rng.pick(CLOSE_COMMENTS);
          yield line([
            id,
            b.id,
            o.id,
            apts[o.apt].id,
            type.id,
            closed === null ? "OPEN" : "CLOSED",
            comment,
            closing,
            iso(t),
            closed === null ? null : iso(closed),
            iso(t),
            iso(closed ?? t),
            opener,
            closer,
            type.group !== "KEYS" && o.firstOccupant && rng.chance(0.8) ? `{${o.firstOccupant}}` : "{}",
          ]);
          // The events of the past two days (the package activity view reads them).
          if (now - t <= 2 * DAY)
            eventLines.push(
              line([
                b.id,
                PACKAGE_ENTITY,
                id,
                "PACKAGE_OPENED",
                PACKAGE_EVENT_DISPLAY.PACKAGE_OPENED,
                `Package opened: ${typeName.get(type.id)}${comment ? ` – ${comment}` : ""}`,
                opener,
                iso(t),
              ]),
            );
          if (closed !== null && now - closed <= 2 * DAY)
            eventLines.push(
              line([
                b.id,
                PACKAGE_ENTITY,
                id,
                "PACKAGE_CLOSED",
                PACKAGE_EVENT_DISPLAY.PACKAGE_CLOSED,
                closing ? `Package closed: ${closing}` : "Package closed",
                closer,
                iso(closed),
              ]),
            );
        }
      }
    }
    return copyLines(
      client,
      "packages",
      [
        "id",
        "building_id",
        "occupancy_id",
        "apartment_id",
        "package_type_id",
        "status",
        "opening_comment",
        "closing_comment",
        "date_opened",
        "date_closed",
        "date_created",
        "last_modified",
        "opened_by_id",
        "closed_by_id",
        "send_notification_occupants",
      ],
      rows(),
    );
  });
  await step("events (package activity, 2 days)", () =>
    copyLines(
      client,
      "events",
      ["building_id", "entity_type", "entity_id", "type", "type_display", "note", "performed_by_id", "date_created"],
      eventLines,
    ),
  );
  // Maintenance requests: four per lease over three years (the recent ones open or on hold), half
  // of them with a comment. Made in SQL from the leases, deterministic (no random()).
  const MAINTENANCE_WORDS = [
    "Kitchen sink leak",
    "No heat in the bedroom",
    "Dishwasher leak",
    "Outlet not working",
    "Front door lock sticks",
    "Ants near the window",
    "Toilet runs",
    "Water leak under the bathroom vanity",
  ];
  await step("maintenance_requests", async () => {
    const r = await client.query(
      `insert into maintenance_requests (building_id, apartment_id, occupancy_id, maintenance_request_type_id,
         description, is_high_priority, is_permission_to_enter, status, date_opened, date_created, last_modified,
         date_closed, date_on_hold_until)
       select building_id, apartment_id, occupancy_id, type_id, description, k % 11 = 0, k % 3 = 0, status,
         opened, opened, opened, case when status = 'CLOSED' then opened + interval '2 days' end,
         case when status = 'ON_HOLD' then (opened + interval '7 days')::date end
       from (
         select o.building_id, o.apartment_id, o.id as occupancy_id, k,
           (select id from maintenance_request_types order by id offset (k % 8) limit 1) as type_id,
           ($2::text[])[1 + k % array_length($2::text[], 1)] || ' (' || k || ')' as description,
           opened,
           case when opened > $1::timestamptz - interval '30 days' and k % 4 <> 0 then 'OPEN'
                when opened > $1::timestamptz - interval '90 days' and k % 5 = 0 then 'ON_HOLD' else 'CLOSED' end as status
         from occupancies o cross join generate_series(1, 4) g,
           lateral (select (o.id * 7919 + g * 104729) as k) kk,
           lateral (select $1::timestamptz - make_interval(hours => (k % (3 * 365 * 24))::int) as opened) oo
         where o.is_active
       ) x`,
      [iso(now), MAINTENANCE_WORDS],
    );
    await client.query(
      `insert into maintenance_request_comments (maintenance_request_id, comment, is_private, date_created)
       select id, 'Checked, parts ordered.', id % 4 = 0, date_opened + interval '3 hours'
       from maintenance_requests where id % 2 = 0`,
    );
    return r.rowCount ?? 0;
  });
  // Service elevator reservations: the three types in every building; two per active lease over
  // the last year and the next two months, on 30-minute steps from 8:00 building time. Future
  // ones mostly requested, past ones approved, denied or cancelled. Deterministic (from the ids).
  await step("elevator_reservations", async () => {
    await client.query(
      `insert into reservation_types (name, short_name, display_order, is_immutable, instructions_text,
         new_reservation_email_text, email_recipients)
       select name, short_name, display_order, is_immutable, instructions_text, new_reservation_email_text, email_recipients
       from jsonb_to_recordset($1::jsonb) as t(name text, short_name text, display_order float8, is_immutable boolean,
         instructions_text text, new_reservation_email_text text, email_recipients text)`,
      [JSON.stringify(DEMO_RESERVATION_TYPES)],
    );
    await client.query(
      `insert into reservation_type_buildings (reservation_type_id, building_id)
       select t.id, b.id from reservation_types t cross join buildings b`,
    );
    const typeIds = (
      await client.query<{ id: number }>(`select id from reservation_types order by display_order, id`)
    ).rows.map((t) => t.id);
    const r = await client.query(
      `insert into elevator_reservations (building_id, apartment_id, occupancy_id, occupant_id, reservation_type_id,
         status, start_time, end_time, details_text, deny_reason, status_changed_at, date_created, last_modified)
       select building_id, apartment_id, occupancy_id, occupant_id, type_id, status, st, st + make_interval(hours => 1 + (k % 3)::int),
         details, case when status = 'DENIED' then 'The elevator is already booked at that time.' else '' end,
         case when status <> 'REQUESTED' then least(created + interval '1 day', $1::timestamptz) end,
         created, created
       from (
         select o.building_id, o.apartment_id, o.id as occupancy_id, oc.occupant_id, k, st,
           (array[$2::int, $3::int, $4::int])[1 + k % 3] as type_id,
           (array['Two movers, about 20 boxes.', 'Sofa and a dining table.', 'Appliance delivery (washer).'])[1 + k % 3] as details,
           case when st > $1::timestamptz then (case when k % 5 = 0 then 'APPROVED' else 'REQUESTED' end)
                when k % 10 < 6 then 'APPROVED' when k % 10 < 8 then 'DENIED' else 'CANCELLED' end as status,
           least(st - make_interval(days => (2 + k % 12)::int), $1::timestamptz) as created
         from occupancies o
           join buildings b on b.id = o.building_id
           left join (select occupancy_id, min(id) as occupant_id from occupants where is_active group by 1) oc
             on oc.occupancy_id = o.id
           cross join generate_series(1, 2) g,
           lateral (select (o.id * 7919 + g * 104729) as k) kk,
           lateral (select ((($1::timestamptz at time zone b.time_zone)::date - 365 + (k % 425)::int)
             + time '08:00' + make_interval(mins => (30 * (k % 20))::int)) at time zone b.time_zone as st) ss
         where o.is_active
       ) x`,
      [iso(now), ...typeIds],
    );
    return r.rowCount ?? 0;
  });
  // Amenities: a club per building with a Party Room (approval and payment required, 10:00–23:00
  // every day, two rooms) and a Gym (always open, check-in, three slots); three reservations per
  // active lease over the last year and the next month: residents' mostly, some entered by the
  // staff, a few unavailable blocks; some cancelled, past gym visits sometimes checked in.
  await step("amenity_reservations", async () => {
    await client.query(
      `insert into clubs (building_id, name, description, date_created, last_modified)
       select id, 'Residents Club', 'The party room and the gym.', date_created, date_created from buildings`,
    );
    await client.query(
      `insert into amenity_types (club_id, building_id, name, label, description, rules, location_label,
         max_reservation_length, max_persons_permitted_display, is_allow_guests, max_number_guests,
         reservation_window_days, has_checkin, is_approval_required_for_reservation,
         is_payment_required_for_reservation, date_created, last_modified)
       select c.id, c.building_id, t.name, t.label, t.description, t.rules, t.location, t.max_len, t.persons,
         t.guests > 0, t.guests, t.window_days, t.checkin, t.paid, t.paid, c.date_created, c.date_created
       from clubs c cross join (values
         ('Party Room', 'Party Room', 'Seats 40, with a kitchen.', 'Music off by 22:30.', 'Lobby level', 300, 40, 10, 90, false, true),
         ('Gym', 'Gym', 'Cardio and weights.', '', '2nd floor', 120, 0, 0, 0, true, false)
       ) as t(name, label, description, rules, location, max_len, persons, guests, window_days, checkin, paid)`,
    );
    await client.query(
      `insert into amenities (amenity_type_id, label, date_created, last_modified)
       select t.id, l.label, t.date_created, t.date_created
       from amenity_types t
         join (values ('Party Room', 1, 'Party Room A'), ('Party Room', 2, 'Party Room B'),
           ('Gym', 1, 'Cardio'), ('Gym', 2, 'Weights'), ('Gym', 3, 'Studio')) as l(type_name, n, label)
           on l.type_name = t.name
       order by t.id, l.n`,
    );
    await client.query(
      `insert into amenity_schedules (amenity_type_id, day_of_week, is_open, open_time, close_time)
       select t.id, d, true, time '10:00', time '23:00'
       from amenity_types t cross join generate_series(0, 6) d where t.name = 'Party Room'`,
    );
    const r = await client.query(
      `insert into amenity_reservations (building_id, amenity_id, amenity_type_id, occupancy_id, occupant_id, apartment_id,
         type, start_time, end_time, approval_status, payment_status, is_checked_in, is_cancelled, reason, guests,
         date_created, last_modified)
       select x.building_id, x.slots[1 + (k / 7) % array_length(x.slots, 1)], x.type_id,
         case when kind <> 'CR' then x.occupancy_id end, case when kind <> 'CR' then x.occupant_id end,
         case when kind <> 'CR' then x.apartment_id end,
         kind, st, st + make_interval(hours => case when x.paid then 3 else 1 end),
         case when kind = 'CR' or not x.paid then null
              when cancelled then 'CANCELLED'
              when st > $1::timestamptz then (case when k % 3 = 0 then 'APPROVED' else 'PENDING' end)
              when k % 10 = 9 then 'DENIED' else 'APPROVED' end,
         case when kind = 'CR' or not x.paid then null
              when st > $1::timestamptz then (case when k % 3 = 0 then 'RENTAL_FEE_PAID' else 'NOT_PAID' end)
              when k % 10 = 9 and not cancelled then 'NOT_PAID' else 'RENTAL_AND_DEPOSIT_PAID' end,
         kind <> 'CR' and x.checkin and not cancelled and st < $1::timestamptz and k % 3 = 0,
         cancelled,
         case when kind = 'CR' then 'Closed for cleaning' else '' end,
         case when kind <> 'CR' and x.paid then (k % 6)::int else 0 end,
         created, created
       from (
         select o.building_id, o.apartment_id, o.id as occupancy_id, oc.occupant_id, k, st, t.id as type_id,
           t.slots, t.paid, t.checkin,
           case when k % 20 < 17 then 'TR' when k % 20 < 19 then 'ER' else 'CR' end as kind,
           k % 20 < 19 and k % 17 = 0 as cancelled,
           least(st - make_interval(days => (1 + k % 14)::int), $1::timestamptz) as created
         from occupancies o
           join buildings b on b.id = o.building_id
           join (select occupancy_id, min(id) as occupant_id from occupants where is_active group by 1) oc
             on oc.occupancy_id = o.id
           cross join generate_series(1, 3) g
           cross join lateral (select (o.id * 7919 + g * 104729) as k) kk
           join (select ty.building_id, ty.id, ty.name, ty.is_payment_required_for_reservation as paid,
                   ty.has_checkin as checkin, array_agg(a.id order by a.id) as slots
                 from amenity_types ty join amenities a on a.amenity_type_id = ty.id group by ty.id) t
             on t.building_id = o.building_id and t.name = case when (k / 1009) % 4 = 0 then 'Party Room' else 'Gym' end
           cross join lateral (select ((($1::timestamptz at time zone b.time_zone)::date - 365 + (k % 395)::int)
             + case when t.paid then time '10:00' + make_interval(mins => (30 * (k % 17))::int)
                    else time '08:00' + make_interval(mins => (30 * (k % 28))::int) end) at time zone b.time_zone as st) ss
         where o.is_active
       ) x`,
      [iso(now)],
    );
    return r.rowCount ?? 0;
  });
  // Communication: four notes from management per building (the newest to acknowledge, one
  // expired), and twenty memos and letters per building over the last year, each to the
  // residents of one unit in five, their delivery states spread as a provider reports them.
  await step("communication", async () => {
    await client.query(
      `insert into management_notes (building_id, body, is_require_acknowledgement, is_active, entered_by_id,
         date_created, last_modified)
       select b.id, (array['Ask every resident for photo ID before releasing a package.',
           'The garage door contractor comes Thursday between 9 and 11.',
           'Visitors sign the guest book at the desk.', 'Holiday schedule posted in the office.'])[g],
         g = 1, g < 4, (select min(ub.user_id) from user_buildings ub where ub.building_id = b.id),
         $1::timestamptz - make_interval(days => g * 3), $1::timestamptz - make_interval(days => g * 3)
       from buildings b cross join generate_series(1, 4) g`,
      [iso(now)],
    );
    const r = await client.query(
      `with recs as (
         insert into email_records (building_id, type, subject, body_html, body_text, sender_name, sender_email,
           recipient_count, date_created)
         select b.id, case when g % 10 = 0 then 'LETTER' else 'MEMO' end,
           (array['Water shut-off on Tuesday', 'Elevator modernization schedule', 'Holiday package room hours',
             'Fire alarm testing'])[1 + g % 4],
           '<p>Dear residents,</p><p>Please read this notice about the building.</p>',
           'Dear residents, please read this notice about the building.', 'Building Manager', 'manager@example.com', 0,
           $1::timestamptz - make_interval(days => g * 18)
         from buildings b cross join generate_series(1, 20) g
         returning id, building_id, date_created
       ), rcp as (
         insert into email_recipients (record_id, occupant_id, occupancy_id, apartment_id, apartment_number, name,
           email, state, opens, state_changed_at, date_created)
         select r.id, oc.id, o.id, a.id, a.apartment_number, u.first_name || ' ' || u.last_name, u.email,
           (array['delivered', 'delivered', 'delivered', 'delivered', 'sent', 'deferred', 'soft-bounced', 'bounced',
             'rejected', 'spam'])[1 + (oc.id + r.id) % 10],
           (oc.id + r.id) % 3, r.date_created + interval '5 minutes', r.date_created
         from recs r
           join occupancies o on o.building_id = r.building_id and o.is_active and (o.id + r.id) % 5 = 0
           join apartments a on a.id = o.apartment_id
           join occupants oc on oc.occupancy_id = o.id and oc.is_active
           join users u on u.id = oc.user_id
         returning record_id
       )
       select count(*)::int as n from rcp`,
      [iso(now)],
    );
    await client.query(
      `update email_records e set recipient_count = c.n
       from (select record_id, count(*)::int as n from email_recipients group by 1) c where c.record_id = e.id`,
    );
    return Number(r.rows[0].n);
  });
  // The rows went in without triggers: the lists' counts (and the packages' unit profile flags)
  // are computed from them, as the migration does for an existing database.
  await step("list counts", async () => {
    await client.query("SELECT portico_rebuild_list_counts()");
    return 0;
  });
  await client.query("SET session_replication_role = DEFAULT");

  // Indexes (two at a time, largest tables first), sequences, statistics ------------------------------
  await step("indexes", async () => {
    const order = [
      "packages",
      "shift_log_notes",
      "users",
      "shift_log_note_apartments",
      "occupants",
      "occupancies",
      "apartments",
      "employees",
      "user_buildings",
      "amenity_reservations",
      "elevator_reservations",
    ];
    const queue = [...indexes].sort((x, y) => order.indexOf(x.table) - order.indexOf(y.table));
    const worker = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query("SET maintenance_work_mem = '1GB'");
      await c.query("SET max_parallel_maintenance_workers = 0");
      try {
        for (let ix = queue.shift(); ix; ix = queue.shift()) await c.query(ix.def);
      } finally {
        await c.end();
      }
    };
    await Promise.all([worker(), worker()]);
    return indexes.length;
  });
  await step("sequences", async () => {
    const seqs = (
      await client.query<{ table: string; column: string }>(
        `select table_name as table, column_name as column from information_schema.columns
         where table_schema = 'public' and column_default like 'nextval(%'`,
      )
    ).rows;
    for (const s of seqs)
      await client.query(
        `select setval(pg_get_serial_sequence('"${s.table}"', '${s.column}'), coalesce((select max("${s.column}") from "${s.table}"), 0) + 1, false)`,
      );
    return seqs.length;
  });
  await step("vacuum analyze", async () => {
    // Vacuum sets the visibility map (index-only scans), as autovacuum does on a live database.
    for (const t of [
      ...BIG_TABLES,
      "events",
      "buildings",
      "building_settings",
      "package_counts",
      "shift_log_note_counts",
      "maintenance_requests",
      "maintenance_request_comments",
      "reservation_types",
      "reservation_type_buildings",
      "clubs",
      "amenity_types",
      "amenities",
      "amenity_schedules",
    ])
      await client.query(`VACUUM (ANALYZE) ${t}`);
    return 0;
  });
  await client.end();

  const largest = buildings[0];
  const total = Date.now() - t0;
  console.log(
    `Done in ${seconds(total)}: ${buildings.length} buildings, ${apts.length} units, ${occs.length} leases, ` +
      `${occupantId} residents, ${staffUsers + reliefDesk} staff (${activeDesk} active front desk), ${sizeOf(timings.find((t) => t.step === "shift_log_notes")!.rows)} notes, ` +
      `${sizeOf(timings.find((t) => t.step === "packages")!.rows)} packages (${openCount} open).`,
  );
  console.log(
    `Largest building: #${largest.id} ${largest.name} (${largest.units} units, ${largest.busy}x busy). ` +
      `Bench accounts: ${Object.values(BENCH_USERS).join(", ")} (password ${BENCH_PASSWORD}).`,
  );
}

main().catch(async (err) => {
  console.error(err);
  // CI smoke runs leave nothing behind, even when they fail.
  const args = parseArgs(process.argv.slice(2));
  if (args.has("drop-on-error"))
    await dropDatabase(argString(args, "database-url", process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL)).catch(
      () => undefined,
    );
  process.exit(1);
});
