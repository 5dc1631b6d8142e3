/**
 * Generated cross-instance stale-read test. Three instances on one database: A writes, B serves
 * from its caches, C has every cache off (the truth). The cached GETs are found, not listed: every
 * GET of the OpenAPI document is read twice on B, and those answered from a declared cache (a hit
 * on the second read) are the cached views. Then for every write of the document (POST, PUT,
 * PATCH, DELETE) on the same building, with a request made from its schema and the demo data's
 * ids: the cached views are warmed on B, the write is made on A, and within a second every view
 * on B must answer what C answers. B hears of A's writes only through the database's triggers.
 *
 * A request body comes from the route's own `examples` when its schema declares one, otherwise
 * from the schema: required fields, ids of the building's objects by field name, enums' first
 * value, dates of today; an upload sends a small PNG. Every write must be exercised: one that is
 * refused (4xx) or cannot be made fails the test, so a new route is covered or its gap is seen.
 */
import ExcelJS from "exceljs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestApp } from "./app.ts";
import {
  GLOBAL_OBJECT,
  loadOperations,
  OBJECT_OF_BUILDING,
  objectsOf,
  type Operation,
  SECOND_OBJECT,
} from "./openapi-operations.ts";
import { CACHES, type CacheName, FEED_TRIGGER, readTables } from "../lib/caches.ts";

const BUILDING = 1;
const READER = "manager";
const WRITERS = ["manager", "office"];
/** Caches every call goes through (the signed-in user, the building's settings): not views. */
const INFRASTRUCTURE = new Set<CacheName>(["current-user", "building-scope"]);

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  examples?: unknown[];
  example?: unknown;
  const?: unknown;
  default?: unknown;
};

interface Doc {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

let A: TestApp;
let B: TestApp;
let C: TestApp;
let doc: Doc;
let ops: Operation[];
/** Ids of the building's objects, by the name of a field that holds one. */
const ids: Record<string, number> = {};

/** A lease of building $1 that may be invited to book its move-out now (not ready, not invited lately, mailable). */
const INVITABLE_OCCUPANCY =
  "select o.id from occupancies o where o.building_id = $1 and o.is_active " +
  "and (o.move_out_invite_sent_time is null or o.move_out_invite_sent_time < now() - interval '3 days') " +
  "and not exists (select 1 from elevator_reservations r join reservation_types t on t.id = r.reservation_type_id " +
  "where r.occupancy_id = o.id and t.short_name = 'MO' and r.status not in ('CANCELLED', 'DENIED')) " +
  "and exists (select 1 from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = o.id " +
  "and oc.is_active and oc.type <> 'CH' and u.email <> '')";

/** How each id is looked up (over building $1). */
const ID_LOOKUPS: Record<string, string> = {
  building: "select $1::int as id",
  apartment: "select id from apartments where building_id = $1",
  occupancy: "select id from occupancies where building_id = $1",
  package_type: "select id from package_types where $1::int > 0",
  contractor_type: "select id from contractor_types where is_active and $1::int > 0",
  contractor_visit: "select id from contractor_visits where building_id = $1 order by id desc",
  shift_log_type: "select id from shift_log_types where $1::int > 0",
  type: "select id from shift_log_types where $1::int > 0",
  instruction_type: "select id from instruction_types where is_active and not is_end_date_required and $1::int > 0",
  user: "select user_id as id from user_buildings where building_id = $1",
  access_key: "select id from access_keys where building_id = $1 and is_active",
  location: "select id from key_locations where building_id = $1 and is_active",
  occupant: "select o.id from occupants o join occupancies c on c.id = o.occupancy_id where c.building_id = $1",
  maintenance_request: "select id from maintenance_requests where building_id = $1",
  maintenance_request_type: "select id from maintenance_request_types where is_active and $1::int > 0",
  club: "select id from clubs where building_id = $1",
  amenity_type: "select id from amenity_types where building_id = $1",
  amenity:
    "select a.id from amenities a join amenity_types t on t.id = a.amenity_type_id " +
    "where t.building_id = $1 and a.is_active and t.is_active and t.has_checkin",
  reservation_type:
    "select t.id from reservation_types t join reservation_type_buildings b on b.reservation_type_id = t.id " +
    "where b.building_id = $1 and t.is_active",
  reservation: "select id from elevator_reservations where building_id = $1 and status = 'REQUESTED' order by id",
  package:
    "select p.id from packages p join package_types t on t.id = p.package_type_id " +
    "where p.building_id = $1 and p.status = 'OPEN' and t.\"group\" = 'INCOMING_DELIVERY'",
  // The move-out invitations' body (notReadyOccupancyIds): a lease that may be invited now.
  notReadyOccupancyId: INVITABLE_OCCUPANCY,
};

/** Looks the ids up again (before each write: the writes before it may have closed a package). */
async function refreshIds() {
  for (const [name, sql] of Object.entries(ID_LOOKUPS)) {
    const id = await firstId(sql);
    if (id !== undefined) ids[name] = id;
  }
}
/** A resident's username (of another building). */
let existingUsername: string | undefined;
/** A small image, for writes whose body is a photo. */
let png: Buffer;
/** Files an upload takes instead of the image, by the form field's name. */
const UPLOADS: Record<string, { filename: string; contentType: string; data: Buffer }> = {};

/** The first id `sql` (over building $1) answers: in id order, unless it orders its rows itself. */
const firstId = async (sql: string): Promise<number | undefined> => {
  const { rows } = await A.database.query(/ order by /.test(sql) ? `${sql} limit 1` : `${sql} order by 1 limit 1`, [
    BUILDING,
  ]);
  return rows.length ? Number(rows[0].id) : undefined;
};

beforeAll(async () => {
  A = await createTestApp();
  B = await secondInstance(A);
  C = await secondInstance(A, { caches: false });
  doc = (await A.as(null).get("/api/v1/openapi.json")).json() as Doc;
  ops = await loadOperations(A.app);
  await refreshIds();
  // A resident who lives elsewhere: the username an "add an existing resident" write names.
  const { rows } = await A.database.query(
    "select u.username from users u join occupants o on o.user_id = u.id join occupancies c on c.id = o.occupancy_id " +
      "where c.building_id <> $1 and u.role = 'TN' order by u.id limit 1",
    [BUILDING],
  );
  existingUsername = rows.length ? String(rows[0].username) : undefined;
  png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 90, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  // The building's vendors again (they keep their ids) and a new one.
  const named = await A.database.query("select name from vendors where building_id = $1 order by id", [BUILDING]);
  const vendors = new ExcelJS.Workbook();
  vendors
    .addWorksheet("Vendors")
    .addRows([["name"], ...named.rows.map((r) => [String(r.name)]), ["Stale Read Plumbing"]]);
  UPLOADS.vendors_file = {
    filename: "vendors.xlsx",
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    data: Buffer.from(await vendors.xlsx.writeBuffer()),
  };
}, 120_000);

afterAll(async () => {
  await C?.close();
  await B?.close();
  await A?.close();
});

const resolve = (s: Schema | undefined): Schema | undefined => {
  if (!s?.$ref) return s;
  return resolve(doc.components?.schemas?.[s.$ref.split("/").pop()!]);
};

const today = new Date().toISOString().slice(0, 10);
let serial = 0;
/** Optional fields are filled for a POST (a new object) only: a PATCH changes what it names. */
let fillOptional = true;

/** The id a field of this name holds (`apartment`, `apartment_id`, `notify_package_ids`…), if known. */
function idFor(field: string): number | undefined {
  const base = field.replace(/_ids?$/, "").replace(/s$/, "");
  const known = base in ids ? base : Object.keys(ids).find((k) => base.endsWith(`_${k}`));
  return known === undefined ? undefined : ids[known];
}

/** Optional fields filled too: ids of the building's objects, and a person's names. */
const worthFilling = (name: string) => idFor(name) !== undefined || /(^|_)(name|email|username)$/.test(name);

/**
 * A valid value of `schema` as far as a schema tells (see the file's comment). `existing`: the
 * value names someone who exists (a field `…by_username`, a write adding an existing resident).
 */
function valueOf(schemaIn: Schema | undefined, field: string, existingIn = false): unknown {
  const existing = existingIn || /by_username|existing/.test(field);
  const s = resolve(schemaIn);
  if (!s) return undefined;
  // Ids of this building's objects rather than the documentation's examples (which name others).
  const idOfField = idFor(field);
  if (idOfField !== undefined) {
    const shape = (s.anyOf ?? s.oneOf)?.map(resolve).find((o) => o && o.type !== "null") ?? s;
    const item = resolve(shape.items);
    const itemShape = (item?.anyOf ?? item?.oneOf)?.map(resolve).find((o) => o && o.type !== "null") ?? item;
    if (shape.type === "array" && (itemShape?.type === "integer" || itemShape?.type === "number")) return [idOfField];
    if (shape.type === "integer" || shape.type === "number") return idOfField;
  }
  // A documented example names objects of the demo data; a form with id fields is made here instead.
  const namesIds = Object.keys(s.properties ?? {}).some((k) => idFor(k) !== undefined);
  if (s.examples?.length && !namesIds) return s.examples[0];
  if (s.example !== undefined && !namesIds) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.allOf?.length) return valueOf(Object.assign({}, ...s.allOf.map(resolve)) as Schema, field, existing);
  const alt = s.anyOf ?? s.oneOf;
  if (alt) {
    const options = alt.map(resolve).filter((o): o is Schema => !!o && o.type !== "null");
    return options.length ? valueOf(options[0], field, existing) : null;
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "integer":
    case "number":
      return idFor(field) ?? Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1, 1));
    case "boolean":
      return false;
    case "array": {
      const item = valueOf(s.items, field, existing);
      return item === undefined ? [] : [item];
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const name of Object.keys(s.properties ?? {}))
        if (s.required?.includes(name) || (fillOptional && worthFilling(name)))
          out[name] = valueOf(s.properties?.[name], name, existing);
      return out;
    }
    case "string": {
      if (s.format === "date") return today;
      if (s.format === "date-time") return new Date().toISOString();
      if (s.format === "email" || /email/.test(field)) return `stale.read${++serial}@example.com`;
      if (/username/.test(field)) return (existing && existingUsername) || `stale.read${++serial}`;
      const id = idFor(field);
      if (id !== undefined && /id$|^(building|apartment|occupancy)$/.test(field)) return String(id);
      const text = `Stale read check ${++serial}`;
      return s.maxLength ? text.slice(0, s.maxLength) : text.padEnd(s.minLength ?? 0, "x");
    }
    default:
      return undefined;
  }
}

/**
 * Path objects the shared lookup (openapi-operations.ts) does not know, by the path's segment or,
 * where two areas share a segment name, by its last two segments ("clubs/reservations").
 */
const MORE_OBJECTS: Record<string, string> = {
  "package-types": "select id from package_types where $1::int > 0",
  "shift-log-types": "select id from shift_log_types where $1::int > 0",
  "instruction-types": "select id from instruction_types where not is_immutable and $1::int > 0",
  types: "select id from contractor_types where not is_immutable and $1::int > 0",
  "maintenance-request-types": "select id from maintenance_request_types where not is_immutable and $1::int > 0",
  "occupancy-flags":
    "select f.id from occupancy_flags f join occupancies c on c.id = f.occupancy_id where c.building_id = $1",
  itemId: "select id from package_queue where building_id = $1",
  noteId: "select id from occupancy_notes where occupancy_id in (select id from occupancies where building_id = $1)",
  // Asked again before each write: a cancel or a check-in before it leaves the next one another booking.
  "clubs/reservations":
    "select r.id from amenity_reservations r join amenity_types t on t.id = r.amenity_type_id where r.building_id = $1 " +
    "and t.has_checkin and r.type <> 'CR' and not r.is_cancelled and not r.is_checked_in",
  "reservation-types": "select id from reservation_types where not is_immutable and $1::int > 0",
  // Documents have files: the test's database has none until a POST adds one.
  "emails/documents": "select id from documents where building_id = $1",
  // A service elevator reservation still to decide, clashing with no approved one (each decision takes the next).
  "reservations/reservations":
    "select r.id from elevator_reservations r where r.building_id = $1 and r.status = 'REQUESTED' and r.start_time > now() " +
    "and not exists (select 1 from elevator_reservations x where x.building_id = r.building_id and x.status = 'APPROVED' " +
    "and x.start_time < r.end_time and x.end_time > r.start_time)",
  // A lease to invite to book its move-out (each invitation takes the next).
  occupancyId: INVITABLE_OCCUPANCY,
};

/** Objects made when none is left (a batch logged empties the queue before its items' writes). */
const MAKE_OBJECTS: Record<string, string> = {
  itemId:
    "insert into package_queue (building_id, occupancy_id, package_type_id) select $1, " +
    "(select id from occupancies where building_id = $1 order by id limit 1), (select id from package_types order by id limit 1) " +
    "returning id",
};

/**
 * The objects a write's path names. A DELETE takes the newest object of its kind (what the POSTs
 * made), so the objects the other writes use (and what hangs from them) stay.
 */
async function objectsFor(op: Operation): Promise<Record<string, number>> {
  const newest = op.method === "DELETE";
  const objects = newest ? {} : await objectsOf(A.database, op, BUILDING);
  const prefix = op.path.slice(0, op.path.indexOf("{"));
  for (const [i, p] of op.pathParams.entries()) {
    if (objects[p] !== undefined) continue;
    const parts = op.path.split("/");
    const at = parts.indexOf(`{${p}}`);
    const segment = parts.at(at - 1) ?? "";
    const more = MORE_OBJECTS[`${parts.at(at - 2)}/${segment}`] ?? MORE_OBJECTS[segment];
    const sql =
      i === 0
        ? ((newest ? (OBJECT_OF_BUILDING[prefix] ?? GLOBAL_OBJECT[prefix]) : undefined) ?? more)
        : ((newest ? SECOND_OBJECT[p] : undefined) ?? MORE_OBJECTS[p]);
    let id = sql ? await firstId(newest ? `select * from (${sql}) o order by 1 desc` : sql) : undefined;
    if (id === undefined && MAKE_OBJECTS[p]) {
      const { rows } = await A.database.query(MAKE_OBJECTS[p], [BUILDING]);
      id = Number(rows[0].id);
    }
    if (id !== undefined) objects[p] = id;
  }
  return objects;
}

function urlOf(op: Operation, objects: Record<string, number>): string | null {
  let path = op.path;
  for (const p of op.pathParams) {
    if (objects[p] === undefined) return null;
    path = path.replace(`{${p}}`, String(objects[p]));
  }
  const q = op.queryParams.includes("building") ? `?building=${BUILDING}` : "";
  return path + q;
}

const cacheUse = (t: TestApp) =>
  (Object.keys(CACHES) as CacheName[])
    .filter((n) => !INFRASTRUCTURE.has(n))
    .reduce((sum, n) => sum + t.app.changes.cache(n).stats.hits, 0);

const read = async (t: TestApp, url: string) => {
  const res = await t.as(READER).get(url);
  return `${res.statusCode} ${res.body}`;
};

const IMAGE_TYPES = ["image/png", "application/octet-stream"];

/**
 * The body of a write: JSON from its schema; a multipart form (its fields from the schema, the
 * photo under a `photo_url` or binary field); or a photo as the raw body. Null: nothing to send.
 */
function requestOf(op: Operation): { body: unknown; opts?: { headers: Record<string, string> } } | null {
  fillOptional = op.method === "POST";
  const existing = /existing/.test(op.path);
  const content = doc.paths[op.path]?.[op.method.toLowerCase()]?.requestBody?.content ?? {};
  if (!op.hasBody) return { body: undefined };
  if (op.contentTypes.includes("application/json"))
    return { body: valueOf(content["application/json"]?.schema, "", existing) ?? {} };
  if (op.contentTypes.includes("multipart/form-data")) {
    const schema = resolve(content["multipart/form-data"]?.schema);
    const fields: Record<string, string> = {};
    let fileField = "photo_url";
    for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
      if (resolve(prop)?.format === "binary") {
        fileField = name;
        continue;
      }
      const v = valueOf(prop, name, existing);
      if ((schema?.required?.includes(name) || (fillOptional && worthFilling(name))) && v !== undefined && v !== null)
        fields[name] = typeof v === "object" ? JSON.stringify(v) : String(v);
    }
    return multipartOf(fileField, fields);
  }
  const image = IMAGE_TYPES.find((t) => op.contentTypes.includes(t));
  return image ? { body: png, opts: { headers: { "content-type": image } } } : null;
}

function multipartOf(fileField: string, fields: Record<string, string>) {
  const boundary = `----stale${++serial}`;
  const file = UPLOADS[fileField] ?? { filename: "photo.png", contentType: "image/png", data: png };
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: Buffer.concat(parts),
    opts: { headers: { "content-type": `multipart/form-data; boundary=${boundary}` } },
  };
}

/**
 * Each write made on A with every cached GET warmed on B before; a write that succeeded must not
 * leave B answering otherwise than C after a second. Stops after `enough` stale writes.
 */
async function exercise(writes: Operation[], cached: string[], enough = Infinity) {
  const stale: string[] = [];
  const exercised: string[] = [];
  const skipped: string[] = [];
  for (const op of writes) {
    if (stale.length >= enough) break;
    const name = `${op.method} ${op.path}`;
    await refreshIds();
    const url = urlOf(op, await objectsFor(op));
    const request = url ? requestOf(op) : null;
    if (!url || !request) {
      skipped.push(`${name} (no request)`);
      continue;
    }
    const { body, opts } = request;
    for (const u of cached) await read(B, u); // warm
    let status = 0;
    let answer = "";
    for (const who of WRITERS) {
      const res = await A.as(who)[op.method.toLowerCase() as "post"](url, body, opts);
      status = res.statusCode;
      answer = res.body.slice(0, 160);
      if (status !== 403) break;
    }
    if (status < 200 || status >= 300) {
      skipped.push(`${name} (${status} ${Buffer.isBuffer(body) ? "(upload)" : JSON.stringify(body)} → ${answer})`);
      continue;
    }
    exercised.push(name);
    for (const u of cached) {
      const deadline = Date.now() + 1000;
      let same = false;
      while (!same && Date.now() <= deadline) {
        const [got, want] = await Promise.all([read(B, u), read(C, u)]);
        same = got === want;
        if (!same) await new Promise((r) => setTimeout(r, 20));
      }
      if (!same) stale.push(`${name} left ${u} stale on the other instance`);
    }
  }
  return { stale, exercised, skipped };
}

describe("a write on one instance is seen by the caches of another within a second", () => {
  it("every write × every cached GET of the building", async () => {
    // The cached GETs: answered from a declared cache the second time.
    const cached: string[] = [];
    for (const op of ops.filter((o) => o.method === "GET" && !o.path.includes("/live/"))) {
      const url = urlOf(op, await objectsFor(op));
      if (!url) continue;
      if ((await B.as(READER).get(url)).statusCode !== 200) continue;
      const before = cacheUse(B);
      await B.as(READER).get(url);
      if (cacheUse(B) > before) cached.push(url);
    }
    expect(cached.length).toBeGreaterThanOrEqual(5);

    const order = { POST: 0, PUT: 1, PATCH: 2, DELETE: 3 } as Record<string, number>;
    // Public writes (provider webhooks) are signed by the caller, not made by a user: their module tests cover them.
    const isPublic = (o: Operation) => o.security !== undefined && o.security.length === 0;
    const writes = ops
      .filter((o) => o.method in order && !o.path.includes("/oidc/") && !isPublic(o))
      .sort((a, b) => order[a.method] - order[b.method] || a.path.localeCompare(b.path));
    const run = await exercise(writes, cached);
    console.log(
      `stale-read: ${run.exercised.length} of ${writes.length} writes exercised against ${cached.length} cached GETs ` +
        `(${cached.join(", ")})\nexercised: ${run.exercised.join(", ")}\nnot exercised: ${run.skipped.join(", ")}`,
    );
    // Every write is exercised: one this test cannot make (no objects, a refused request) is a gap
    // to close here or in the route's schema (`examples`), not to pass over.
    expect(run.skipped).toEqual([]);
    expect(run.stale).toEqual([]);

    // The check sees staleness: with the feed's triggers off, the same writes leave B stale.
    const tables = readTables();
    const toggle = (on: boolean) =>
      Promise.all(
        tables.map((t) => A.database.query(`ALTER TABLE ${t} ${on ? "ENABLE" : "DISABLE"} TRIGGER ${FEED_TRIGGER(t)}`)),
      );
    await toggle(false);
    try {
      const blind = await exercise(
        writes.filter((o) => o.method === "POST"),
        cached,
        1,
      );
      expect(blind.stale.length, "a write with the triggers off must leave the other instance stale").toBeGreaterThan(
        0,
      );
    } finally {
      await toggle(true);
    }
  }, 600_000);
});
