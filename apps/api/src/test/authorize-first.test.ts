import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Action,
  type BuildingContext,
  type BuildingSettings,
  can,
  canPackages,
  MESSAGES,
  type PackageAction,
  type Subject,
} from "@portico/contract";
import { createTestApp, type TestApp } from "./app.ts";
import { loadCurrentUser } from "../lib/current-user.ts";

/**
 * Authorize before validating, for every operation of the OpenAPI document: a caller whose role
 * may not do what a route does (in any of their buildings) gets 403 with the permission message,
 * never a 400 listing the fields of an invalid request. Demo roles × operations, generated.
 */
const ROLE_ACCOUNTS = [
  "office",
  "manager",
  "frontdesk",
  "maintenance",
  "porter",
  "clubadmin",
  "owner",
  "amenity",
  "tenant",
];
const WRITES = ["post", "patch", "put", "delete"];

interface Op {
  method: string;
  path: string;
  action: string | undefined;
  /** Public (the document's `security: []`): no user, the caller's signature authenticates it. */
  isPublic: boolean;
}

let t: TestApp;
let ops: Op[];
const subjects = new Map<string, Subject>();
const contexts = new Map<number, BuildingContext>();

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.as(null).get("/api/v1/openapi.json")).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method,
      path,
      action: t.app.routePermissions.get(`${method.toUpperCase()} ${path}`),
      isPublic: Array.isArray(op.security) && op.security.length === 0,
    })),
  );
  for (const username of ROLE_ACCOUNTS) {
    const u = await loadCurrentUser(t.db, { username });
    subjects.set(username, u!);
  }
  for (const b of [1, 2, 3, 4]) {
    const s = (await t.as("office").get(`/api/v1/core/building-settings/${b}/`)).json() as BuildingSettings;
    contexts.set(b, { id: b, settings: s });
  }
}, 120_000);
afterAll(() => t?.close());

const isPackageAction = (a: string): a is PackageAction => a.startsWith("packages.") || a.startsWith("package_types.");
/** The contract's answer: may this user do it without a building, or in one of their buildings? */
function mayAnywhere(username: string, action: string): boolean {
  const user = subjects.get(username)!;
  const rule = (b?: BuildingContext) =>
    isPackageAction(action) ? canPackages(user, action, b) : can(user, action as Action, b);
  if (rule()) return true;
  if (user.role === "TN") return false;
  const ids = user.role === "OF" ? [...contexts.keys()] : user.buildings;
  return ids.some((id) => contexts.has(id) && rule(contexts.get(id)));
}

/** Every path parameter is malformed, the body is of the wrong shape, the query has a bad limit. */
function invalidRequest(op: Op) {
  const url = `${op.path.replace(/\{[^}]+\}/g, "not-an-id")}?limit=not-a-number&building=not-an-id`;
  return { url, payload: ["not", "a", "valid", "body"] };
}

async function send(username: string, op: Op) {
  const { url, payload } = invalidRequest(op);
  const r = t.as(username);
  switch (op.method) {
    case "get":
      return r.get(url);
    case "delete":
      return r.delete(url, { payload: JSON.stringify(payload), headers: { "content-type": "application/json" } });
    default:
      return (r[op.method as "post" | "patch" | "put"] as typeof r.post)(url, payload);
  }
}

describe("authorize before validating", () => {
  it("every write operation of the API declares its permission", () => {
    const writes = ops.filter((o) => WRITES.includes(o.method) && !o.isPublic);
    expect(writes.length).toBeGreaterThan(30);
    expect(writes.filter((o) => !o.action).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it("front desk creating a package type gets 403, not field errors", async () => {
    const res = await t.as("frontdesk").post("/api/v1/packages/package-types/", { name: "" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: MESSAGES.permissionDenied });
  });

  for (const username of ROLE_ACCOUNTS) {
    it(`${username}: every write with an invalid request answers 403 when the role may not, else judges the request`, async () => {
      const writes = ops.filter((o) => WRITES.includes(o.method) && !o.isPublic);
      const wrong: string[] = [];
      let refused = 0;
      for (const op of writes) {
        const res = await send(username, op);
        const may = mayAnywhere(username, op.action!);
        if (!may) refused++;
        // Allowed: the request is judged (a path id that is not an id is a URL that names nothing).
        const judged = op.path.includes("{") ? [400, 404] : [400];
        const ok = may
          ? judged.includes(res.statusCode)
          : res.statusCode === 403 && res.json().detail === MESSAGES.permissionDenied;
        if (!ok)
          wrong.push(
            `${op.method.toUpperCase()} ${op.path} (${op.action}) → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
      expect(wrong).toEqual([]);
      // Office may do every write; everyone else is refused at least one.
      if (username === "office") expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(0);
    });

    it(`${username}: every read the role may not make answers 403 before its query is judged`, async () => {
      const reads = ops.filter((o) => o.method === "get" && o.action && !mayAnywhere(username, o.action));
      const wrong: string[] = [];
      for (const op of reads) {
        const res = await send(username, op);
        if (res.statusCode !== 403) wrong.push(`GET ${op.path} (${op.action}) → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
