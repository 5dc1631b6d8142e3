/**
 * Everything the API keeps in memory, declared in one place.
 *
 * TOPICS: what a change of a row means. Each topic lists the tables whose rows it stands for and
 * how a changed row maps to the topic's id (a column of the row, a join path to the building,
 * 'all', a lower-cased name). The change feed's row triggers are GENERATED from these lists
 * (`feedMigrationSql`, written to a migration by `npm run feed:generate -w apps/api`; a test fails
 * while the newest change-feed migration differs from what these declarations generate).
 *
 * CACHES: every cache of the change feed, with the topics its values read. `app.changes.cache()`
 * accepts only these names; a value's topics are the declared ones (for the building or user it
 * is about): a value stored with a topic its cache does not declare is refused, and the declared
 * topics it leaves out are added. A per-user cache (`perUser`) always also depends on `user:<id>`
 * of its user: a role, access or account change drops everything that user sees.
 *
 * A new feature that keeps something in memory adds its cache here (and, when it reads a table
 * no topic covers yet, that table to a topic), then regenerates the migration. Nothing else.
 */

/** The id a topic takes for one row: `{col}` stands for the row's column (OLD or NEW). */
export type RowId =
  | { column: string }
  | { all: true }
  /** An SQL expression over the row, e.g. `lower({username})`. */
  | { expr: string }
  /** An SQL query over the row returning the ids (a join path), e.g. to the building. */
  | { join: string };

export interface TopicSource {
  table: string;
  id: RowId;
  /** An UPDATE notifies only when one of these changes (SQL over the row's columns); default: any column. */
  columns?: readonly string[];
}

export type TopicParam = "building" | "user" | "login" | "all";

export interface TopicDeclaration {
  /** What the id after the colon is. */
  param: TopicParam;
  sources: readonly TopicSource[];
}

const column = (name: string): RowId => ({ column: name });
const ALL: RowId = { all: true };
/** The building of the occupancy (lease) a row belongs to; none once the occupancy is gone (its own row notified). */
const occupancyBuilding: RowId = { join: "SELECT o.building_id FROM occupancies o WHERE o.id = {occupancy_id}" };
/** The buildings a user lives in (as a resident). */
const residentBuildings: RowId = {
  join: "SELECT oc.building_id FROM occupants o JOIN occupancies oc ON oc.id = o.occupancy_id WHERE o.user_id = {id}",
};

/** The buildings of a club (primary and additional); `club` is SQL over the row naming the club. */
const clubBuildingsOf = (club: string): RowId => ({
  join: `SELECT c.building_id FROM clubs c WHERE c.id = ${club} UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = ${club}`,
});

export const TOPICS = {
  /** What the signed-in user is made of: account, role, active, building grants. */
  user: {
    param: "user",
    sources: [
      {
        table: "users",
        id: column("id"),
        columns: ["username", "email", "first_name", "last_name", "role", "is_active"],
      },
      { table: "user_buildings", id: column("user_id"), columns: ["user_id", "building_id"] },
    ],
  },
  /** A username or e-mail address taken or given up (external sign-in matches users by them). */
  login: {
    param: "login",
    sources: [
      { table: "users", id: { expr: "lower({username})" }, columns: ["username"] },
      { table: "users", id: { expr: "lower({email})" }, columns: ["email"] },
    ],
  },
  /** A building row or its settings. */
  building: {
    param: "building",
    sources: [
      { table: "buildings", id: column("id") },
      { table: "building_settings", id: column("building_id") },
    ],
  },
  /** Units, leases, residents of the building and what the unit views show of them. */
  units: {
    param: "building",
    sources: [
      { table: "apartments", id: column("building_id") },
      { table: "occupancies", id: column("building_id") },
      { table: "occupants", id: occupancyBuilding },
      { table: "occupancy_flags", id: occupancyBuilding },
      { table: "occupancy_tracking", id: occupancyBuilding },
      {
        table: "users",
        id: residentBuildings,
        columns: ["first_name", "last_name", "email", "phone_number", "username", "is_active"].concat([
          "password_hash IS NULL",
          "last_login IS NULL",
        ]),
      },
      /** A resident's address suppressed after a bounce or complaint ('Email bounced'). */
      {
        table: "email_suppressions",
        id: {
          join: "SELECT oc.building_id FROM users u JOIN occupants o ON o.user_id = u.id JOIN occupancies oc ON oc.id = o.occupancy_id WHERE lower(u.email) = {email}",
        },
      },
    ],
  },
  /** A package of the building (every column: the views show to whom it was announced). */
  packages: { param: "building", sources: [{ table: "packages", id: column("building_id") }] },
  package_types: { param: "all", sources: [{ table: "package_types", id: ALL }] },
  /** A shift log note of the building or the units it is about. */
  shift_logs: {
    param: "building",
    sources: [
      { table: "shift_log_notes", id: column("building_id") },
      {
        table: "shift_log_note_apartments",
        id: { join: "SELECT n.building_id FROM shift_log_notes n WHERE n.id = {note_id}" },
      },
    ],
  },
  shift_log_types: { param: "all", sources: [{ table: "shift_log_types", id: ALL }] },
  /** A front-desk instruction of the building. */
  instructions: { param: "building", sources: [{ table: "instructions", id: column("building_id") }] },
  instruction_types: { param: "all", sources: [{ table: "instruction_types", id: ALL }] },
  /** Maintenance request types, and any building's comment templates or notification settings. */
  maintenance_setup: {
    param: "all",
    sources: [
      { table: "maintenance_request_types", id: ALL },
      { table: "maintenance_comment_templates", id: ALL },
      { table: "maintenance_notification_settings", id: ALL },
    ],
  },
  /** An access key, key journey or key-box location of the building. */
  access_keys: {
    param: "building",
    sources: [
      { table: "access_keys", id: column("building_id") },
      { table: "key_journeys", id: column("building_id") },
      { table: "key_locations", id: column("building_id") },
    ],
  },
  /** A lockout of the building. */
  lockouts: { param: "building", sources: [{ table: "lockouts", id: column("building_id") }] },
  /** A contractor visit of the building, or one of its notes. */
  contractors: {
    param: "building",
    sources: [
      { table: "contractor_visits", id: column("building_id") },
      {
        table: "contractor_notes",
        id: { join: "SELECT v.building_id FROM contractor_visits v WHERE v.id = {contractor_visit_id}" },
      },
    ],
  },
  contractor_types: { param: "all", sources: [{ table: "contractor_types", id: ALL }] },
  /** A maintenance request of the building, or one of its comments or photos. */
  maintenance_requests: {
    param: "building",
    sources: [
      { table: "maintenance_requests", id: column("building_id") },
      {
        table: "maintenance_request_comments",
        id: { join: "SELECT r.building_id FROM maintenance_requests r WHERE r.id = {maintenance_request_id}" },
      },
      {
        table: "maintenance_request_photos",
        id: { join: "SELECT r.building_id FROM maintenance_requests r WHERE r.id = {maintenance_request_id}" },
      },
    ],
  },
  /** A recurring maintenance request (schedule) of the building. */
  recurring_requests: {
    param: "building",
    sources: [{ table: "recurring_maintenance_requests", id: column("building_id") }],
  },
  /** A vendor of the building. */
  vendors: { param: "building", sources: [{ table: "vendors", id: column("building_id") }] },
  /** A club of the building or shared with it: the club, its buildings, members, pool check-ins, amenity types, slots, schedules. */
  clubs: {
    param: "building",
    sources: [
      {
        table: "clubs",
        id: { join: "SELECT {building_id} UNION SELECT cb.building_id FROM club_buildings cb WHERE cb.club_id = {id}" },
      },
      {
        table: "club_buildings",
        id: { join: "SELECT {building_id} UNION SELECT c.building_id FROM clubs c WHERE c.id = {club_id}" },
      },
      { table: "club_members", id: clubBuildingsOf("{club_id}") },
      { table: "club_open_checkins", id: clubBuildingsOf("{club_id}") },
      { table: "amenity_types", id: clubBuildingsOf("{club_id}") },
      { table: "amenities", id: clubBuildingsOf("(SELECT t.club_id FROM amenity_types t WHERE t.id = {amenity_type_id})") },
      {
        table: "amenity_schedules",
        id: clubBuildingsOf("(SELECT t.club_id FROM amenity_types t WHERE t.id = {amenity_type_id})"),
      },
    ],
  },
  /** An amenity reservation (booking, admin booking or unavailable block) of the building. */
  amenity_reservations: {
    param: "building",
    sources: [{ table: "amenity_reservations", id: column("building_id") }],
  },
  /** A service elevator reservation of the building. */
  elevator_reservations: {
    param: "building",
    sources: [{ table: "elevator_reservations", id: column("building_id") }],
  },
  /** A note from management of the building, or an acknowledgement of one. */
  management_notes: {
    param: "building",
    sources: [
      { table: "management_notes", id: column("building_id") },
      {
        table: "management_note_acknowledgements",
        id: { join: "SELECT n.building_id FROM management_notes n WHERE n.id = {note_id}" },
      },
    ],
  },
  /** An email record (memo, letter, automatic mail) of the building, or one of its recipients. */
  email_records: {
    param: "building",
    sources: [
      { table: "email_records", id: column("building_id") },
      { table: "email_recipients", id: { join: "SELECT r.building_id FROM email_records r WHERE r.id = {record_id}" } },
    ],
  },
  /** Service elevator reservation types and the buildings they are offered in. */
  reservation_types: {
    param: "all",
    sources: [
      { table: "reservation_types", id: ALL },
      { table: "reservation_type_buildings", id: ALL },
    ],
  },
  /** A memo group of the building and its units. */
  memo_groups: {
    param: "building",
    sources: [
      { table: "memo_groups", id: column("building_id") },
      { table: "memo_group_apartments", id: { join: "SELECT g.building_id FROM memo_groups g WHERE g.id = {memo_group_id}" } },
    ],
  },
  /** A document of the building. */
  documents: { param: "building", sources: [{ table: "documents", id: column("building_id") }] },
  /** The e-mail template library (categories and templates, global). */
  email_templates: {
    param: "all",
    sources: [
      { table: "email_template_categories", id: ALL },
      { table: "email_templates", id: ALL },
    ],
  },
  /** Anyone's name as lists show who wrote, logged or closed something. */
  user_names: {
    param: "all",
    sources: [{ table: "users", id: ALL, columns: ["username", "first_name", "last_name"] }],
  },
  /** Any building (the lists of buildings). */
  buildings: { param: "all", sources: [{ table: "buildings", id: ALL }] },
  /** Employees, staff accounts as the lists show them (last sign-in included), building grants. */
  employees: {
    param: "all",
    sources: [
      { table: "employees", id: ALL },
      { table: "user_buildings", id: ALL },
      {
        table: "users",
        id: { join: "SELECT 'all' FROM employees e WHERE e.user_id = {id} LIMIT 1" },
        columns: ["username", "email", "first_name", "last_name", "phone_number", "role", "is_active", "last_login"],
      },
    ],
  },
} as const satisfies Record<string, TopicDeclaration>;

export type TopicName = keyof typeof TOPICS;

export interface CacheDeclaration {
  /** The topics its values read (for the value's building, user, or 'all'). */
  reads: readonly TopicName[];
  /** Kept per signed-in user: every value also depends on `user:<id>`. */
  perUser?: boolean;
  ttlMs?: number;
  max?: number;
  /** Topics taken as named, unchecked: only for tests of the cache mechanics (a test keeps CACHES free of it). */
  anyTopic?: boolean;
}

/** Views of the biggest buildings are a few hundred KB each. */
export const VIEW_CACHE_MAX = 300;
/** Per-user list pages. */
export const LIST_CACHE = { ttlMs: 30_000, max: 2000 } as const;
/** First pages: a few per building (the default filter, a page size or two). */
const FIRST_PAGES_MAX = 3000;
/** Large list counts (see lib/count-cache.ts). */
const COUNTS_MAX = 5000;

export const CACHES = {
  /** GET /core/buildings/{b}/package-grid/ (ready response bytes per building and local day). */
  "package-grid": { reads: ["packages", "units", "package_types"], max: VIEW_CACHE_MAX },
  /** GET /core/buildings/{b}/apartment-packages/ */
  "apartment-packages": { reads: ["packages", "units", "package_types"], max: VIEW_CACHE_MAX },
  /** GET /core/buildings/{b}/package-summary/ (per building and local day) */
  "package-summary": { reads: ["packages", "units", "package_types"], max: VIEW_CACHE_MAX },
  /** GET /core/quick-search/?building= */
  "quick-search": { reads: ["units"], max: VIEW_CACHE_MAX },
  /** GET /core/buildings/{b}/apartments/dropdown/ */
  "apartment-dropdown": { reads: ["units"], max: VIEW_CACHE_MAX },
  /** GET /core/buildings/{b}/combo-search/ (the building's units and residents, matched in memory) */
  "combo-search-index": { reads: ["units"], max: VIEW_CACHE_MAX },
  /** GET /core/buildings/ per user and URL */
  "building-lists": { reads: ["buildings"], perUser: true, ...LIST_CACHE },
  /** GET /core/employees/ and /core/employees/simple-list/ per user and URL */
  "employee-pages": { reads: ["employees"], perUser: true, ttlMs: LIST_CACHE.ttlMs, max: 100 },
  /** The signed-in user, by id or by login name. */
  "current-user": { reads: ["user", "login"], max: 10_000 },
  /** A building and its settings (every building-scoped call). */
  "building-scope": { reads: ["building"], max: 2000 },
  /** First pages of a building's lists, shared by its desks (lib/count-cache.ts cachedFirstPage). */
  "shift-log-first-pages": {
    reads: ["shift_logs", "units", "shift_log_types", "building", "user_names"],
    max: FIRST_PAGES_MAX,
  },
  "package-first-pages": { reads: ["packages", "units", "package_types", "user_names"], max: FIRST_PAGES_MAX },
  /** Counts of LARGE_COUNT rows or more, per list and filter (lib/count-cache.ts). */
  "shift-log-counts": { reads: ["shift_logs", "units", "shift_log_types"], max: COUNTS_MAX },
  "package-counts": { reads: ["packages", "units", "package_types"], max: COUNTS_MAX },
  "unit-list-counts": { reads: ["units"], max: COUNTS_MAX },
} as const satisfies Record<string, CacheDeclaration>;

export type CacheName = keyof typeof CACHES;

/** Topics heard by other readers of the feed (live screens: modules/live). */
export const SUBSCRIBERS = {
  live: [
    "packages",
    "shift_logs",
    "instructions",
    "maintenance_setup",
    "units",
    "building",
    "user",
    "lockouts",
    "contractors",
    "contractor_types",
    "access_keys",
    "maintenance_requests",
    "recurring_requests",
    "vendors",
    "clubs",
    "amenity_reservations",
    "elevator_reservations",
    "reservation_types",
    "employees",
    "management_notes",
    "memo_groups",
    "documents",
    "email_templates",
    "email_records",
  ],
} as const satisfies Record<string, readonly TopicName[]>;

/** The topics a declaration reads, its own user's included. */
export function topicNamesOf(decl: CacheDeclaration): TopicName[] {
  return decl.perUser && !decl.reads.includes("user") ? [...decl.reads, "user"] : [...decl.reads];
}

/** Every table whose rows a declaration reads (through its topics). */
export function tablesOf(names: readonly TopicName[]): string[] {
  const tables = new Set<string>();
  for (const n of names) for (const s of TOPICS[n].sources) tables.add(s.table);
  return [...tables].sort();
}

/** Every table some cache or subscriber reads: each must carry the generated triggers. */
export function readTables(): string[] {
  const names = new Set<TopicName>();
  for (const d of Object.values(CACHES) as CacheDeclaration[]) for (const n of topicNamesOf(d)) names.add(n);
  for (const s of Object.values(SUBSCRIBERS)) for (const n of s) names.add(n);
  return tablesOf([...names]);
}

const TOPIC_RE = /^([a-z_]+):(.*)$/;

/**
 * The topics a value of `decl` depends on, given the topics its caller named: each named topic
 * must be declared (an Error otherwise: the declaration is incomplete), and the declared ones
 * left out are added for the same buildings ('all' topics as they are).
 */
export function declaredTopics(cache: string, decl: CacheDeclaration, named: readonly string[]): string[] {
  if (decl.anyTopic) return [...named];
  const allowed = new Set<string>(topicNamesOf(decl));
  const buildings = new Set<string>();
  const out = new Set<string>();
  for (const t of named) {
    const m = TOPIC_RE.exec(t);
    if (!m || !allowed.has(m[1]))
      throw new Error(`cache "${cache}" is not declared to read topic "${t}" (lib/caches.ts)`);
    out.add(t);
    if (TOPICS[m[1] as TopicName].param === "building") buildings.add(m[2]);
  }
  if (decl.perUser && !named.some((t) => t.startsWith("user:")))
    throw new Error(`cache "${cache}" is kept per user: its values need their user's topic`);
  for (const n of decl.reads) {
    const p = TOPICS[n].param;
    if (p === "all") out.add(`${n}:all`);
    else if (p === "building") for (const b of buildings) out.add(`${n}:${b}`);
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Trigger generation

const ident = (s: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(s)) throw new Error(`not a plain identifier: ${s}`);
  return s;
};

/** `{col}` → `$1.col`: SQL over the row the shared trigger function hands in as `$1`. */
const overRow = (sql: string) => sql.replace(/\{([a-z_][a-z0-9_]*)\}/g, "$$1.$1");
/** A column list entry: SQL over `{col}`, or a column name, perhaps followed by more SQL (`password_hash IS NULL`). */
const columnOverRow = (c: string) => (c.includes("{") ? overRow(c) : `$1.${c}`);

/** The trigger argument naming a row's ids: 'all', a column, or a query over the row ($1). */
function idArgument(id: RowId): string {
  if ("all" in id) return "all";
  if ("column" in id) return ident(id.column);
  if ("expr" in id) return `SELECT ${overRow(id.expr)}`;
  return overRow(id.join);
}

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** One source as the shared function's three trigger arguments: topic, ids, columns an UPDATE must change ('' = any). */
const sourceArguments = ({ topic, source }: { topic: string; source: TopicSource }) =>
  [topic, idArgument(source.id), (source.columns ?? []).map(columnOverRow).join(", ")].map(literal).join(", ");

export const FEED_TRIGGER = (table: string) => `portico_feed_${table}`;
export const FEED_TRUNCATE_TRIGGER = (table: string) => `portico_feed_${table}_truncate`;

/** What one row (OLD or NEW) stands for under a trigger argument. */
const FEED_IDS_FUNCTION = [
  "-- The ids one row (OLD or NEW) stands for: 'all', the row's column, or a query over the row ($1).",
  "CREATE FUNCTION portico_feed_ids(id text, r anyelement) RETURNS text[] LANGUAGE plpgsql AS $$",
  "DECLARE",
  "  ids text[];",
  "  j jsonb;",
  "BEGIN",
  "  IF id = 'all' THEN",
  "    RETURN ARRAY['all'];",
  "  ELSIF position('$1' IN id) = 0 THEN",
  "    j := to_jsonb(r);",
  "    IF NOT j ? id THEN",
  "      RAISE EXCEPTION 'portico_feed: % has no column %', pg_typeof(r), id;",
  "    END IF;",
  "    RETURN ARRAY[j ->> id];",
  "  END IF;",
  "  EXECUTE format('SELECT ARRAY(SELECT j.x::text FROM (%s) AS j(x))', id) INTO ids USING r;",
  "  RETURN ids;",
  "END $$;",
].join("\n");

/** The one trigger function of the feed (rows and TRUNCATE), told by its arguments what a table's rows stand for. */
const FEED_FUNCTION = [
  "-- Row triggers pass three arguments per topic the table's rows stand for: the topic, the row's ids",
  "-- (see portico_feed_ids) and what an UPDATE must change to notify ('' = any column, or a list of",
  "-- SQL over the row as $1). TRUNCATE resets every cache. A payload past the NOTIFY limit resets",
  "-- every cache rather than failing the write.",
  "CREATE FUNCTION portico_feed() RETURNS trigger LANGUAGE plpgsql AS $$",
  "DECLARE",
  "  i int;",
  "  topic text;",
  "  watched text;",
  "  changed boolean;",
  "  ids text[];",
  "  payload text;",
  "BEGIN",
  "  IF TG_OP = 'TRUNCATE' THEN",
  "    PERFORM pg_notify('portico_changes', 'reset:' || TG_TABLE_NAME);",
  "    RETURN NULL;",
  "  END IF;",
  "  FOR i IN 0 .. TG_NARGS - 1 BY 3 LOOP",
  "    topic := TG_ARGV[i];",
  "    watched := TG_ARGV[i + 2];",
  "    changed := TG_OP <> 'UPDATE';",
  "    IF NOT changed AND watched = '' THEN",
  "      changed := OLD IS DISTINCT FROM NEW;",
  "    ELSIF NOT changed THEN",
  "      EXECUTE format('SELECT (%s) IS DISTINCT FROM (%s)', watched, replace(watched, '$1', '$2')) INTO changed USING OLD, NEW;",
  "    END IF;",
  "    CONTINUE WHEN NOT changed;",
  "    ids := '{}';",
  "    IF TG_OP <> 'INSERT' THEN ids := ids || portico_feed_ids(TG_ARGV[i + 1], OLD); END IF;",
  "    IF TG_OP <> 'DELETE' THEN ids := ids || portico_feed_ids(TG_ARGV[i + 1], NEW); END IF;",
  "    FOR payload IN SELECT DISTINCT topic || ':' || x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP",
  "      IF octet_length(payload) > 7900 THEN",
  "        payload := 'reset:long_payload';",
  "      END IF;",
  "      PERFORM pg_notify('portico_changes', payload);",
  "    END LOOP;",
  "  END LOOP;",
  "  RETURN NULL;",
  "END $$;",
].join("\n");

/**
 * The whole change feed as one migration: every earlier feed trigger and trigger function
 * dropped, then the one shared function and, per table, one row trigger (all its topics as
 * arguments) and one TRUNCATE trigger (every cache dropped).
 */
export function feedMigrationSql(): string {
  const byTable = new Map<string, { topic: string; source: TopicSource }[]>();
  for (const [topic, decl] of Object.entries(TOPICS) as [string, TopicDeclaration][])
    for (const source of decl.sources) {
      const list = byTable.get(ident(source.table)) ?? [];
      list.push({ topic, source });
      byTable.set(source.table, list);
    }
  const tables = [...byTable.keys()].sort();
  const statements = [
    [
      "-- GENERATED from apps/api/src/lib/caches.ts (TOPICS) by `npm run feed:generate -w apps/api`: do not edit.",
      "-- Row triggers send `<topic>:<id>` on channel portico_changes (lib/change-feed.ts).",
      "",
      "-- Every feed trigger and trigger function of earlier migrations (hand-written or generated) goes;",
      "-- trigger functions other triggers still use stay.",
      "DO $$",
      "DECLARE",
      "  r record;",
      "BEGIN",
      "  FOR r IN",
      "    SELECT 1 AS step, format('DROP TRIGGER %I ON %I', t.tgname, c.relname) AS stmt FROM pg_trigger t",
      "    JOIN pg_class c ON c.oid = t.tgrelid",
      "    WHERE NOT t.tgisinternal AND (t.tgname LIKE '%change\\_feed%' OR t.tgname LIKE 'portico\\_feed\\_%')",
      "    UNION ALL",
      "    SELECT 2, format('DROP FUNCTION %s', p.oid::regprocedure) FROM pg_proc p",
      "    WHERE p.proname LIKE 'portico\\_%' AND p.prorettype = 'trigger'::regtype",
      "      -- not the functions of other triggers (the list counts of migration 0016 …)",
      "      AND NOT EXISTS (SELECT 1 FROM pg_trigger o WHERE o.tgfoid = p.oid AND NOT o.tgisinternal",
      "        AND o.tgname NOT LIKE '%change\\_feed%' AND o.tgname NOT LIKE 'portico\\_feed\\_%')",
      "    ORDER BY step",
      "  LOOP",
      "    EXECUTE r.stmt;",
      "  END LOOP;",
      "END $$;",
    ].join("\n"),
    "DROP FUNCTION IF EXISTS portico_notify(text), portico_feed_ids(text, anyelement);",
    FEED_IDS_FUNCTION,
    FEED_FUNCTION,
  ];
  statements.push(
    [
      "-- Per table: its row trigger, with three arguments per topic its rows stand for, and its TRUNCATE trigger.",
      "DO $$",
      "DECLARE",
      "  f record;",
      "BEGIN",
      "  FOR f IN SELECT * FROM (VALUES",
      tables.map((t) => `    ('${t}', ARRAY[${byTable.get(t)!.map(sourceArguments).join(",\n      ")}])`).join(",\n"),
      "  ) AS feed(table_name, args) LOOP",
      "    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION portico_feed(%s)',",
      "      'portico_feed_' || f.table_name, f.table_name, (SELECT string_agg(quote_literal(a), ', ') FROM unnest(f.args) AS a));",
      "    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portico_feed()',",
      "      'portico_feed_' || f.table_name || '_truncate', f.table_name);",
      "  END LOOP;",
      "END $$;",
    ].join("\n"),
  );
  return statements.join("\n--> statement-breakpoint\n") + "\n";
}
