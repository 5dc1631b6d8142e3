/**
 * The access matrix, generated from the OpenAPI document (new routes join by themselves):
 * every operation × every demo role and no token.
 *  - no token → 401 (operations the document marks public aside);
 *  - a building the caller lacks — in the `building`/`building_id` query or body parameter, or
 *    an object of that building in the path — is never answered 2xx, nor 5xx;
 *  - what a role reads about its own buildings never carries another building's data.
 * Building-scoped objects in the path are found by the path's prefix (the kind of object its
 * `{id}` names), in the database of the demo portfolio; an unknown prefix is still checked
 * with no token and with a foreign building in the query.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./app.ts";
import { loadOperations, namesBuildingObject, objectsOf, type Operation } from "./openapi-operations.ts";

const ROLES = ["office", "manager", "frontdesk", "maintenance", "porter", "clubadmin", "owner", "amenity", "tenant"];

const BUILDING_FIELDS = ["building", "building_id"];

let t: TestApp;
let operations: Operation[];
let allBuildings: number[];
/** The buildings each role may reach, as its own `/me/` tells. */
const reach = new Map<string, Set<number>>();
beforeAll(async () => {
  t = await createTestApp();
  operations = await loadOperations(t.app);
  allBuildings = (await t.database.query("select id from buildings order by id")).rows.map((r) => Number(r.id));
  for (const role of ROLES) {
    const me = await t.as(role).get("/api/v1/me/");
    expect(me.statusCode, role).toBe(200);
    const ids = (me.json().buildings ?? []).map((b: { id: number }) => b.id);
    reach.set(role, new Set(ids));
  }
});
afterAll(() => t.close());

const isPublic = (op: Operation) => op.security !== undefined && op.security.length === 0;

/** The URL of `op` about building `b`: its objects in the path, `b` in a building query parameter. */
async function urlAbout(op: Operation, b: number): Promise<{ url: string; scoped: boolean }> {
  let url = op.path;
  let scoped = false;
  const ids = await objectsOf(t.database, op, b);
  for (const name of op.pathParams) url = url.replace(`{${name}}`, String(ids[name] ?? 1));
  if (op.pathParams.length && ids[op.pathParams[0]] !== undefined && namesBuildingObject(op)) scoped = true;
  const q = op.queryParams.filter((p) => BUILDING_FIELDS.includes(p));
  if (q.length) scoped = true;
  return { url: q.length ? `${url}?${q.map((p) => `${p}=${b}`).join("&")}` : url, scoped };
}

function send(role: string | null, op: Operation, url: string, body?: Record<string, unknown>) {
  const r = t.as(role);
  switch (op.method) {
    case "GET":
      return r.get(url);
    case "DELETE":
      return r.delete(url);
    case "POST":
      return r.post(url, body ?? {});
    case "PUT":
      return r.put(url, body ?? {});
    default:
      return r.patch(url, body ?? {});
  }
}

/** Building ids named in a reply (`building`, `building_id`, `building: {id}`), anywhere in it. */
function buildingsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) buildingsIn(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if ((k === "building" || k === "building_id") && typeof v === "number") out.add(v);
      else if (k === "building" && v && typeof v === "object" && typeof (v as { id?: unknown }).id === "number")
        out.add((v as { id: number }).id);
      else buildingsIn(v, out);
    }
  return out;
}

describe("access matrix over every operation of the OpenAPI document", () => {
  it("refuses every non-public operation without a token", async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const { url } = await urlAbout(op, 1);
      const res = await send(null, op, url);
      const refused = res.statusCode === 401 && Object.keys(safeJson(res.body) ?? {}).join() === "detail";
      if (isPublic(op) ? res.statusCode >= 500 : !refused)
        wrong.push(`${op.method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.log(`access matrix: ${operations.length} operations checked without a token`);
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  it("never answers 2xx (nor 5xx) about a building the caller lacks, for any role", { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    const validatedFirst: string[] = [];
    let checked = 0;
    for (const role of ROLES) {
      const foreign = allBuildings.find((b) => !reach.get(role)!.has(b));
      if (foreign === undefined) continue; // office reaches every building
      for (const op of operations) {
        if (isPublic(op)) continue;
        const { url, scoped } = await urlAbout(op, foreign);
        const body = op.bodyFields.some((f) => BUILDING_FIELDS.includes(f))
          ? Object.fromEntries(op.bodyFields.filter((f) => BUILDING_FIELDS.includes(f)).map((f) => [f, foreign]))
          : undefined;
        if (!scoped && !body) continue;
        checked++;
        const res = await send(role, op, url, body);
        const line = `${role} ${op.method} ${url} ${body ? JSON.stringify(body) : ""}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode < 300 || res.statusCode >= 500) wrong.push(line);
        else if (res.statusCode === 400) validatedFirst.push(line);
        else if (res.statusCode < 500) {
          const leaked = [...buildingsIn(safeJson(res.body))].filter((b) => !reach.get(role)!.has(b));
          if (leaked.length) wrong.push(`${line} (names building ${leaked.join(", ")})`);
        }
      }
    }
    console.log(`access matrix: ${checked} (role, operation) pairs checked against a foreign building`);
    if (validatedFirst.length)
      console.log(`access matrix: answered 400 before refusing the building:\n  ${validatedFirst.join("\n  ")}`);
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  it("never returns another building's data to a role reading its own buildings", { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const role of ROLES) {
      const own = reach.get(role)!;
      const home = [...own].sort((a, b) => a - b)[0] ?? 1;
      for (const op of operations) {
        if (op.method !== "GET") continue;
        const { url } = await urlAbout(op, home);
        const res = await send(role, op, url);
        checked++;
        if (res.statusCode >= 500) wrong.push(`${role} GET ${url}: ${res.statusCode}`);
        if (res.statusCode !== 200 || !res.headers["content-type"]?.toString().includes("json")) continue;
        const leaked = [...buildingsIn(res.json())].filter((b) => !own.has(b));
        if (leaked.length) wrong.push(`${role} GET ${url}: names building ${leaked.join(", ")}`);
      }
    }
    console.log(
      `access matrix: ${checked} reads (${ROLES.length} roles × GET operations) checked for other buildings' data`,
    );
    expect(wrong, wrong.join("\n")).toEqual([]);
  });
});

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
