import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";

/** One operation of the API's OpenAPI document, as the generated tests use it. */
export interface Operation {
  method: string;
  /** With `{name}` placeholders, e.g. `/api/v1/core/occupancies/{id}/`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  /** Top-level properties of the JSON body, when the document names them. */
  bodyFields: string[];
  contentTypes: string[];
  /** The operation's own `security` (an empty list: public), when it sets one. */
  security?: unknown[];
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        security?: unknown[];
        requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/** Every operation the app documents, read from its own `/api/v1/openapi.json`. */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json() as OpenApiDoc;
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(byMethod)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
        hasBody: Boolean(op.requestBody),
        bodyFields: Object.keys(content["application/json"]?.schema?.properties ?? {}),
        contentTypes: Object.keys(content),
        security: op.security,
      });
    }
  return ops;
}

/**
 * The API's error bodies: `{"detail": "…"}`, or field errors `{"field": ["message"]}`
 * (`non_field_errors` for the form as a whole; a nested form's errors nest the same way).
 */
export function isApiErrorBody(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if ("detail" in body) return typeof (body as { detail: unknown }).detail === "string";
  return entries.every(([, v]) => isFieldErrorValue(v));
}

function isFieldErrorValue(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0 && v.every((m) => typeof m === "string" || isFieldErrorValue(m));
  if (v && typeof v === "object") return Object.values(v).every(isFieldErrorValue);
  return false;
}

/** Path prefix (up to the first `{`) → an object of building $1 of that kind. */
export const OBJECT_OF_BUILDING: Record<string, string> = {
  "/api/v1/shift-logs/notes/": "select id from shift_log_notes where building_id = $1",
  "/api/v1/packages/list/": "select id from packages where building_id = $1",
  "/api/v1/core/occupancies/": "select id from occupancies where building_id = $1",
  "/api/v1/core/occupants/":
    "select o.id from occupants o join occupancies c on c.id = o.occupancy_id where c.building_id = $1",
  "/api/v1/core/occupant-photos/":
    "select o.id from occupants o join occupancies c on c.id = o.occupancy_id where c.building_id = $1",
  "/api/v1/core/apartments/": "select id from apartments where building_id = $1",
  "/api/v1/core/occupancy-flags/":
    "select f.id from occupancy_flags f join occupancies c on c.id = f.occupancy_id where c.building_id = $1",
  "/api/v1/id-cards/id-cards/": "select id from id_card_jobs where building_id = $1",
  "/api/v1/instructions/instructions/": "select id from instructions where building_id = $1",
  "/api/v1/instructions/detailed-instructions/": "select id from instructions where building_id = $1",
  "/api/v1/instructions/instructions/detailed-instructions/": "select id from instructions where building_id = $1",
  "/api/v1/instructions/instructions-photos/": "select id from instructions where building_id = $1",
  "/api/v1/access-keys/keys/": "select id from access_keys where building_id = $1",
  "/api/v1/access-keys/journeys/": "select id from key_journeys where building_id = $1",
  "/api/v1/access-keys/locations/": "select id from key_locations where building_id = $1",
  "/api/v1/lockouts/lockouts/": "select id from lockouts where building_id = $1 and not is_deleted",
  "/api/v1/contractors/visits/": "select id from contractor_visits where building_id = $1",
  "/api/v1/maintenance-requests/comment-templates/":
    "select id from maintenance_comment_templates where building_id = $1",
  "/api/v1/maintenance-requests/notification-settings/":
    "select id from maintenance_notification_settings where building_id = $1",
  "/api/v1/core/buildings/": "select $1::int as id",
  "/api/v1/core/building-settings/": "select $1::int as id",
  "/api/v1/maintenance-requests/maintenance-requests/": "select id from maintenance_requests where building_id = $1",
  "/api/v1/maintenance-requests/recurring-maintenance-requests/":
    "select id from recurring_maintenance_requests where building_id = $1",
  "/api/v1/vendors/": "select id from vendors where building_id = $1",
  "/api/v1/clubs/clubs/": "select id from clubs where building_id = $1",
  "/api/v1/clubs/amenity-types/": "select id from amenity_types where building_id = $1",
  "/api/v1/clubs/amenities/":
    "select a.id from amenities a join amenity_types t on t.id = a.amenity_type_id where t.building_id = $1",
  "/api/v1/emails/documents/": "select id from documents where building_id = $1",
};
/**
 * Path prefix → an object of a portfolio-wide kind (no building: the template library). Found for
 * every building alike, so the access matrix never counts them as another building's.
 */
export const GLOBAL_OBJECT: Record<string, string> = {
  "/api/v1/emails/categories/": "select id from email_template_categories where $1::int > 0",
  "/api/v1/emails/templates/": "select id from email_templates where $1::int > 0",
};
/** Does the path's first parameter name an object that belongs to one building? */
export const namesBuildingObject = (op: Operation): boolean =>
  op.path.slice(0, op.path.indexOf("{")) in OBJECT_OF_BUILDING;
/** Second path parameters: an object of the same building, under the first one where it applies. */
export const SECOND_OBJECT: Record<string, string> = {
  noteId: "select id from occupancy_notes where occupancy_id in (select id from occupancies where building_id = $1)",
  trackId:
    "select id from occupancy_tracking where occupancy_id in (select id from occupancies where building_id = $1)",
  itemId: "select id from package_queue where building_id = $1",
  managementNoteId: "select id from management_notes where building_id = $1 and is_active",
  groupId: "select id from memo_groups where building_id = $1",
};
const objectCache = new WeakMap<Database, Map<string, number | null>>();

/**
 * Objects of building `building` for the path parameters of `op`, by the kind of object the
 * path names (its prefix up to the first `{`); a parameter of an unknown kind is left out.
 */
export async function objectsOf(database: Database, op: Operation, building: number): Promise<Record<string, number>> {
  let cache = objectCache.get(database);
  if (!cache) objectCache.set(database, (cache = new Map()));
  const out: Record<string, number> = {};
  const prefix = op.path.slice(0, op.path.indexOf("{"));
  for (const [i, name] of op.pathParams.entries()) {
    const sql = i === 0 ? (OBJECT_OF_BUILDING[prefix] ?? GLOBAL_OBJECT[prefix]) : SECOND_OBJECT[name];
    if (!sql) continue;
    const key = `${sql}|${building}`;
    if (!cache.has(key)) {
      const { rows } = await database.query(`${sql} order by 1 limit 1`, [building]);
      cache.set(key, rows.length ? Number(rows[0].id) : null);
    }
    const id = cache.get(key);
    if (id !== null && id !== undefined) out[name] = id;
  }
  return out;
}
