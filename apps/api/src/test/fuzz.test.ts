/**
 * Bad input never makes the API fail: every operation of the OpenAPI document (read from the
 * app, so new routes are covered by themselves) is sent generated bad values — wrong types,
 * out-of-range and non-numeric ids, NUL bytes, lone surrogates, very long strings, null bodies,
 * lists of nulls, malformed or deeply nested JSON, wrong content types, multipart without a
 * boundary — and must answer 4xx (or 2xx), never 5xx, with the API's error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { createTestApp, injectAny, type TestApp } from "./app.ts";
import { isApiErrorBody, loadOperations, objectsOf, type Operation } from "./openapi-operations.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20240611);
/** Generated requests per operation, on top of the fixed cases (FUZZ_SEED and FUZZ_RUNS override). */
const RANDOM_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  operations = await loadOperations(t.app);
});
afterAll(() => t.close());

/** Raw text for a path or query value: already URL-encoded where it must be. */
const BAD_TEXT = [
  "abc",
  "-1",
  "0",
  "1.5",
  "2147483648",
  "9007199254740993",
  "99999999999999999999999",
  "1e400",
  "NaN",
  "Infinity",
  "0x10",
  "%20",
  "a%00b",
  "%00",
  "%ED%A0%80", // a lone surrogate, as UTF-8 would spell it
  "%F0%28%8C%28", // not UTF-8
  "%",
  "%25%",
  "true",
  "null",
  "[]",
  "{}",
  "'%20OR%201=1--",
  "x".repeat(5000),
];

/** JSON values that are wrong somewhere. */
const badJsonValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(
      null,
      "",
      "a\u0000b",
      "\ud800",
      "x\udfffy",
      -1,
      0,
      1.5,
      2147483648,
      1e23,
      -1e23,
      Number.MAX_SAFE_INTEGER + 2,
      true,
      [],
      [null],
      {},
      { a: null },
      "2024-13-45",
      "x".repeat(20_000),
    ),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.array(fc.constantFrom<unknown>(null, "a\u0000", 2147483648, "x", {}), { maxLength: 4 }),
  );

const encodeLoose = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
};

interface Case {
  label: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

function urlFor(op: Operation, path: Record<string, string>, query: Record<string, string>): string {
  let p = op.path;
  for (const name of op.pathParams) p = p.replace(`{${name}}`, path[name] ?? "1");
  const qs = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return qs ? `${p}?${qs}` : p;
}

function deepJson(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** The fixed cases and a seeded sample of generated ones for one operation. */
function casesFor(op: Operation, seed: number, objects: Record<string, number>): Case[] {
  // Real objects of building 1 in the path, so that bad queries and bodies reach the handlers.
  const basePath = Object.fromEntries(op.pathParams.map((n) => [n, String(objects[n] ?? 1)]));
  const baseQuery: Record<string, string> = op.queryParams.includes("building") ? { building: "1" } : {};
  const json = { "content-type": "application/json" };
  const cases: Case[] = [];
  const add = (label: string, c: Partial<Case> & { url: string }) =>
    cases.push({ label, method: op.method, headers: {}, ...c });
  const withBody = op.hasBody || op.method !== "GET";

  // Fixed cases: every path parameter and every query parameter with the worst values.
  for (const name of op.pathParams)
    for (const v of ["abc", "2147483648", "99999999999999999999999", "-1", "0", "a%00b"])
      add(`path ${name}=${v}`, { url: urlFor(op, { ...basePath, [name]: v }, baseQuery) });
  for (const q of op.queryParams)
    for (const v of ["2147483648", "99999999999999999999999", "a%00b"])
      add(`query ${q}=${v}`, { url: urlFor(op, basePath, { ...baseQuery, [q]: v }) });
  if (withBody) {
    const url = urlFor(op, basePath, baseQuery);
    add("malformed JSON", { url, payload: '{"a":', headers: json });
    add("empty JSON", { url, payload: "", headers: json });
    add("null body", { url, payload: "null", headers: json });
    add("list of nulls", { url, payload: "[null]", headers: json });
    add("proto poisoning", { url, payload: '{"__proto__":{"x":1},"a":1}', headers: json });
    add("constructor poisoning", { url, payload: '{"constructor":{"prototype":{"x":1}}}', headers: json });
    add("nested 5000 deep", { url, payload: deepJson(5000), headers: json });
    add("object nested 5000 deep", { url, payload: '{"a":'.repeat(5000) + "1" + "}".repeat(5000), headers: json });
    add("wrong content type", { url, payload: "a=1", headers: { "content-type": "text/csv" } });
    add("multipart without boundary", {
      url,
      payload: "--x\r\n\r\n",
      headers: { "content-type": "multipart/form-data" },
    });
    add("multipart cut short", {
      url,
      payload: '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1',
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    add("NUL in every field", {
      url,
      payload: JSON.stringify(Object.fromEntries(op.bodyFields.map((f) => [f, "a\u0000b"]))),
      headers: json,
    });
    add("lists of nulls in every field", {
      url,
      payload: JSON.stringify(Object.fromEntries(op.bodyFields.map((f) => [f, [null]]))),
      headers: json,
    });
  }

  // Generated cases.
  const textArb = fc.oneof(fc.constantFrom(...BAD_TEXT), fc.string({ maxLength: 30 }).map(encodeLoose));
  const gens: fc.Arbitrary<Case>[] = [];
  if (op.pathParams.length)
    gens.push(
      fc.record({ name: fc.constantFrom(...op.pathParams), v: textArb }).map(({ name, v }) => ({
        label: `path ${name}=${v.slice(0, 60)}`,
        method: op.method,
        url: urlFor(op, { ...basePath, [name]: v }, baseQuery),
        headers: {},
      })),
    );
  if (op.queryParams.length)
    gens.push(
      fc.dictionary(fc.constantFrom(...op.queryParams), textArb, { minKeys: 1, maxKeys: 4 }).map((q) => ({
        label: `query ${Object.keys(q).join(",")}`,
        method: op.method,
        url: urlFor(op, basePath, { ...baseQuery, ...q }),
        headers: {},
      })),
    );
  if (withBody) {
    const url = urlFor(op, basePath, baseQuery);
    const fields = op.bodyFields.length ? op.bodyFields : ["id", "building", "name"];
    gens.push(
      fc.dictionary(fc.constantFrom(...fields), badJsonValue(), { minKeys: 1, maxKeys: 5 }).map((body) => ({
        label: "bad field values",
        method: op.method,
        url,
        payload: JSON.stringify(body),
        headers: json,
      })),
      badJsonValue().map((body) => ({
        label: "bad body",
        method: op.method,
        url,
        payload: JSON.stringify(body) ?? "null",
        headers: json,
      })),
      fc
        .constantFrom(
          "text/plain",
          "application/xml",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=",
        )
        .map((ct) => ({
          label: `content type ${ct}`,
          method: op.method,
          url,
          payload: "a=1&b=%00",
          headers: { "content-type": ct },
        })),
    );
  }
  if (gens.length) cases.push(...fc.sample(fc.oneof(...gens), { seed, numRuns: RANDOM_PER_OPERATION }));
  return cases;
}

describe("fuzzing every operation of the OpenAPI document", () => {
  it("answers bad input with a 4xx in the API's error shape, never a 5xx", { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    const counts = { requests: 0, byStatus: {} as Record<string, number> };
    const send = async (op: Operation, c: Case, user: string) => {
      const headers = { ...c.headers, authorization: `Bearer ${await t.token(user)}` };
      const res: LightMyRequestResponse = await injectAny(t.app, {
        method: c.method as InjectOptions["method"],
        url: c.url,
        headers,
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
      counts.requests++;
      counts.byStatus[res.statusCode] = (counts.byStatus[res.statusCode] ?? 0) + 1;
      const problem =
        res.statusCode >= 500
          ? "5xx"
          : res.statusCode >= 400 && res.headers["content-type"]?.toString().startsWith("application/json")
            ? isApiErrorBody(safeJson(res.body))
              ? null
              : "error body not in the API's shape"
            : null;
      if (problem)
        failures.push(
          `${problem}: ${op.method} ${op.path} [${c.label}] as ${user}\n  request: ${c.method} ${c.url.slice(0, 300)} ` +
            `${JSON.stringify(c.headers)} ${String(c.payload ?? "").slice(0, 200)}\n  reply: ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
    };
    let seed = SEED;
    // Deletions last: a bad body on a DELETE of a real object still deletes it.
    const ordered = [
      ...operations.filter((o) => o.method !== "DELETE"),
      ...operations.filter((o) => o.method === "DELETE"),
    ];
    for (const op of ordered) {
      const cases = casesFor(op, seed++, await objectsOf(t.database, op, 1));
      for (const c of cases) await send(op, c, "office");
      // A few as a low role: the refusals must hold up to bad input too.
      for (const c of cases.slice(0, 3)) await send(op, c, "tenant");
      for (const c of cases.slice(-2)) await send(op, c, "porter");
    }
    console.log(
      `fuzz: seed ${SEED}, ${operations.length} operations, ${counts.requests} requests, by status ${JSON.stringify(counts.byStatus)}, ${failures.length} failures`,
    );
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

describe("the input boundary", () => {
  const json = { "content-type": "application/json" };
  const req = (
    method: InjectOptions["method"],
    url: string,
    payload?: string,
    headers: Record<string, string> = json,
  ) =>
    t.token("office").then((tok) =>
      injectAny(t.app, {
        method,
        url,
        headers: { ...headers, authorization: `Bearer ${tok}` },
        ...(payload !== undefined ? { payload } : {}),
      }),
    );

  it("answers malformed, empty and prototype-poisoned JSON with a 400 field error", async () => {
    for (const body of ['{"a":', "", '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await req("POST", "/api/v1/shift-logs/notes/?building=1", body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toEqual({ non_field_errors: ["JSON parse error."] });
    }
  });

  it("bounds the nesting of JSON at parse time", async () => {
    const res = await req("POST", "/api/v1/shift-logs/notes/?building=1", "[".repeat(5000) + "]".repeat(5000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ["JSON parse error - nested too deeply."] });
  });

  it("refuses NUL bytes and lone surrogates in the path, the query and the body", async () => {
    const search = await req("GET", "/api/v1/core/employees/?search=a%00b");
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ search: ["Null characters are not allowed."] });
    const settings = await req("PATCH", "/api/v1/core/building-settings/1/", '{"front_desk_number":"a\\u0000b"}');
    expect(settings.statusCode).toBe(400);
    expect(settings.json()).toEqual({ front_desk_number: ["Null characters are not allowed."] });
    const surrogate = await req(
      "POST",
      "/api/v1/shift-logs/notes/?building=1",
      '{"body":"x\\ud800","apartment_ids":[]}',
    );
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ body: ["Surrogate characters are not allowed."] });
  });

  it("answers ids beyond the integer range: 404 in the path, 400 in the query and the body", async () => {
    for (const url of [
      "/api/v1/packages/list/2147483648/?building=1",
      "/api/v1/shift-logs/notes/99999999999999999999999/",
    ])
      expect((await req("GET", url)).statusCode, url).toBe(404);
    // A route that judges its own body still refuses a bad path id first.
    const patch = await req("PATCH", "/api/v1/core/occupancies/abc/", '{"is_active":true}');
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ detail: "Not found." });
    const quick = await req("GET", "/api/v1/core/quick-search/?building=2147483648");
    expect(quick.statusCode).toBe(400);
    expect(quick.json()).toEqual({ building: ["Ensure this value is less than or equal to 2147483647."] });
    const types = await req("GET", "/api/v1/packages/list/?building=1&package_type=99999999999999999999999");
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json())).toEqual(["package_type"]);
    const body = await req("POST", "/api/v1/shift-logs/notes/?building=1", '{"body":"x","apartment_ids":[2147483648]}');
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.json())).toEqual(["apartment_ids.0"]);
  });

  it("answers null bodies and null list items with field errors", async () => {
    const nullBody = await req("PATCH", "/api/v1/shift-logs/notes/1/", "null");
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json()).toHaveProperty("non_field_errors");
    const nullRow = await req("POST", "/api/v1/core/occupancies/", '{"apartment_id":18,"new_occupants":[null]}');
    expect(nullRow.statusCode).toBe(400);
    expect(nullRow.json()).toHaveProperty("new_occupants");
  });

  it("answers a multipart body without a boundary with 400 and an unknown content type with 415", async () => {
    const noBoundary = await req("POST", "/api/v1/packages/bulk/close/?building=1", "--x\r\n\r\n", {
      "content-type": "multipart/form-data",
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toHaveProperty("non_field_errors");
    const csv = await req("POST", "/api/v1/shift-logs/notes/?building=1", "a,b", { "content-type": "text/csv" });
    expect(csv.statusCode).toBe(415);
    expect(csv.json()).toEqual({ detail: "Unsupported media type in request." });
  });
});
