import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { userBuildings, users } from "../../db/schema/index.ts";
import { createTestApp, secondInstance, type TestApp } from "../../test/app.ts";
import { COALESCE_MS } from "./service.ts";

const onPostgres = inject("dbKind") === "postgres";

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** One event stream read over a real connection. */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event so far (comments and `retry` left out). */
  events: SseEvent[];
  raw: string;
  closed: Promise<void>;
  /** Waits for the first event after `from` matching `pick` (fails after `ms`). */
  next: (pick: (e: SseEvent) => boolean, ms?: number, from?: number) => Promise<SseEvent>;
  close: () => void;
}

function openStream(port: number, token: string | null, query: string, lastEventId?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (lastEventId) headers["last-event-id"] = lastEventId;
    const req = http.get({ host: "127.0.0.1", port, path: `/api/v1/live/${query}`, headers }, (res) => {
      const s: Stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        raw: "",
        closed: new Promise((r) => res.once("close", () => r())),
        next: async (pick, ms = 1000, from = 0) => {
          const until = Date.now() + ms;
          for (;;) {
            const found = s.events.slice(from).find(pick);
            if (found) return found;
            if (Date.now() > until) throw new Error(`no such event within ${ms} ms; got ${JSON.stringify(s.events)}`);
            await new Promise((r) => setTimeout(r, 5));
          }
        },
        close: () => req.destroy(),
      };
      let buf = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        s.raw += chunk;
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const e: SseEvent = { event: "message", data: "" };
          let any = false;
          for (const line of block.split("\n")) {
            const m = /^(\w+): ?(.*)$/.exec(line);
            if (!m) continue;
            if (m[1] === "id") e.id = m[2];
            else if (m[1] === "event") e.event = m[2];
            else if (m[1] === "data") e.data = m[2];
            else continue;
            if (m[1] !== "id") any = true;
          }
          if (any) s.events.push(e);
        }
      });
      res.on("error", () => undefined);
      resolve(s);
    });
    req.on("error", reject);
  });
}

const isChange = (topic: string, building: number) => (e: SseEvent) =>
  e.event === "change" && e.data === JSON.stringify({ topic, building });

const note = (t: TestApp, username: string, building: number, body = "Water on the lobby floor") =>
  t.as(username).post("/api/v1/shift-logs/notes/", { building_id: building, body, no_apartment: true });

describe("live changes of a building (Server-Sent Events)", () => {
  let t: TestApp;
  let port: number;
  const open: Stream[] = [];
  const stream = async (username: string | null, query: string, lastEventId?: string) => {
    const s = await openStream(port, username ? await t.token(username) : null, query, lastEventId);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  // Streams still open end with the app (else closing the server would wait for them).
  afterAll(async () => {
    await t?.close();
    await Promise.all(open.map((s) => s.closed));
  });

  it("refuses without a token, for a building the user may not reach, and a malformed building", async () => {
    const anon = await stream(null, "?building=1");
    expect(anon.status).toBe(401);
    const other = await stream("frontdesk", "?building=3");
    expect(other.status).toBe(403);
    const none = await stream("office", "?building=999999");
    expect(none.status).toBe(404);
    for (const q of ["", "?building=abc", "?building=-1", "?building=0"]) {
      const bad = await stream("frontdesk", q);
      expect(bad.status, q).toBe(400);
    }
  });

  it("starts with retry and ready, then sends a note written by another user within a second", async () => {
    const s = await stream("frontdesk", "?building=1");
    expect(s.status).toBe(200);
    expect(s.headers["content-type"]).toMatch(/^text\/event-stream/);
    const ready = await s.next((e) => e.event === "ready");
    expect(s.events[0]).toBe(ready);
    expect(ready.data).toBe("{}");
    expect(ready.id).toMatch(/\.\d+$/);
    expect(s.raw.startsWith("retry: 2000\n")).toBe(true);

    const res = await note(t, "manager", 1);
    expect(res.statusCode).toBe(201);
    // Within a second of the write's answer (the write itself is not the stream's time).
    const started = Date.now();
    const change = await s.next(isChange("shift_logs", 1), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(change.id).toMatch(/\.\d+$/);
    expect(change.id).not.toBe(ready.id);
  });

  it("coalesces a burst into one event per topic and never sends another building's changes", async () => {
    const s = await stream("frontdesk", "?building=1");
    await s.next((e) => e.event === "ready");
    const other = await stream("manager", "?building=3");
    await other.next((e) => e.event === "ready");
    expect((await note(t, "manager", 3, "Harbor note")).statusCode).toBe(201);
    await other.next(isChange("shift_logs", 3));
    // A burst of changes (touched here and notified by the database) within one window.
    const from = other.events.length;
    for (let i = 0; i < 5; i++) t.app.changes.touch("shift_logs:3", "packages:3");
    await other.next(isChange("packages", 3), 1000, from);
    expect((await note(t, "manager", 1, "Riverside note")).statusCode).toBe(201);
    await s.next(isChange("shift_logs", 1));
    await new Promise((r) => setTimeout(r, COALESCE_MS * 3));
    expect(other.events.slice(from).map((e) => JSON.parse(e.data))).toEqual([
      { topic: "shift_logs", building: 3 },
      { topic: "packages", building: 3 },
    ]);
    expect(s.events.filter((e) => e.event === "change").every((e) => JSON.parse(e.data).building === 1)).toBe(true);
    expect(other.events.filter((e) => e.event === "change" && JSON.parse(e.data).building !== 3)).toEqual([]);
  });

  it("sends lockouts and contractors to their building, and a contractor company change to every building", async () => {
    const s1 = await stream("frontdesk", "?building=1");
    await s1.next((e) => e.event === "ready");
    const s3 = await stream("manager", "?building=3");
    await s3.next((e) => e.event === "ready");
    const occ = await t.database.query(
      "select o.id from occupancies o join occupants oc on oc.occupancy_id = o.id and oc.is_active where o.building_id = 1 and o.is_active order by o.id limit 1",
    );
    const lockout = await t.as("frontdesk").post(`/api/v1/core/occupancies/${occ.rows[0].id}/lockouts/`, {});
    expect(lockout.statusCode, lockout.body).toBe(201);
    await s1.next(isChange("lockouts", 1), 1000);
    const company = await t.as("manager").post("/api/v1/contractors/types/", { company_name: "Live Wire Electric" });
    expect(company.statusCode).toBe(201);
    await s1.next(isChange("contractor_types", 1), 1000);
    await s3.next(isChange("contractor_types", 3), 1000);
    const from = s1.events.length;
    const note = await t.as("manager").post("/api/v1/contractors/notes/", {
      text: "Live note",
      contractor_visit_id: Number(
        (await t.database.query("select id from contractor_visits where building_id = 3 order by id limit 1")).rows[0]
          .id,
      ),
    });
    expect(note.statusCode, note.body).toBe(201);
    await s3.next(isChange("contractors", 3), 1000);
    expect(s1.events.slice(from).filter((e) => e.event === "change")).toEqual([]);
  });

  it("resumes from Last-Event-ID with what was missed, and resets for an unknown id", async () => {
    const first = await stream("frontdesk", "?building=1");
    const ready = await first.next((e) => e.event === "ready");
    first.close();
    await first.closed;
    expect((await note(t, "manager", 1, "While you were away")).statusCode).toBe(201);
    expect((await note(t, "manager", 2, "Another building")).statusCode).toBe(201);
    // The event is out (on its own, for nobody listening) once the window has passed.
    await new Promise((r) => setTimeout(r, COALESCE_MS * 3));

    const again = await stream("frontdesk", "?building=1", ready.id);
    expect(again.status).toBe(200);
    const missed = await again.next(isChange("shift_logs", 1));
    expect(again.events[0].event).toBe("ready");
    expect(again.events[0].id).toBeUndefined();
    expect(again.events.some((e) => e.event === "reset")).toBe(false);
    expect(again.events.filter((e) => e.event === "change")).toEqual([missed]);

    // Up to date: nothing to replay.
    const current = await stream("frontdesk", "?building=1", missed.id);
    await current.next((e) => e.event === "ready");
    await new Promise((r) => setTimeout(r, 50));
    expect(current.events.map((e) => e.event)).toEqual(["ready"]);

    for (const unknown of ["otherinstance.3", "garbage", `${missed.id!.split(".")[0]}.999999999`]) {
      const s = await stream("frontdesk", "?building=1", unknown);
      await s.next((e) => e.event === "reset");
      expect(s.events.map((e) => e.event)).toEqual(["ready", "reset"]);
    }
  });

  it("closes the streams of a user whose buildings change, and then refuses the lost building", async () => {
    const [porter] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, "porter"));
    const s = await stream("porter", "?building=2");
    await s.next((e) => e.event === "ready");
    // Straight in the database: the trigger's notification is what closes the stream.
    await t.db
      .delete(userBuildings)
      .where(sql`${userBuildings.user_id} = ${porter.id} and ${userBuildings.building_id} = 2`);
    await Promise.race([
      s.closed,
      new Promise((_, rej) => setTimeout(() => rej(new Error("stream still open")), 1000)),
    ]);
    const again = await stream("porter", "?building=2");
    expect(again.status).toBe(403);
  });

  it("closes the stream when the access token expires", async () => {
    const user = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, "frontdesk")))[0];
    const { signAccessToken } = await import("../../lib/signing-keys.ts");
    const token = await signAccessToken(t.db, t.config, user.id, { expiresInSeconds: 2 });
    const s = await openStream(port, token, "?building=1");
    open.push(s);
    expect(s.status).toBe(200);
    const at = Date.now();
    await s.closed;
    expect(Date.now() - at).toBeLessThan(3000);
  });

  it("bounds the streams of one user", async () => {
    const mine: Stream[] = [];
    for (let i = 0; i < 10; i++) mine.push(await stream("maintenance", "?building=1"));
    expect(mine.every((s) => s.status === 200)).toBe(true);
    const eleventh = await stream("maintenance", "?building=1");
    expect(eleventh.status).toBe(429);
    mine[0].close();
    await mine[0].closed;
    await new Promise((r) => setTimeout(r, 20));
    expect((await stream("maintenance", "?building=2")).status).toBe(200);
  });

  it("answers an injected call at once when it asks for the payload as a stream, and forgets it on abort", async () => {
    const call = async (url: string) => {
      const ac = new AbortController();
      const res = await t.app.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${await t.token("porter")}` },
        payloadAsStream: true,
        signal: ac.signal,
      });
      const first = await new Promise<string>((r) => res.stream().once("data", (c: Buffer) => r(c.toString())));
      res.stream().on("error", () => undefined);
      ac.abort();
      return { status: res.statusCode, first };
    };
    // More than one user may hold at once: each aborted call is gone.
    for (let i = 0; i < 12; i++) {
      const { status, first } = await call("/api/v1/live/?building=1");
      expect(status).toBe(200);
      expect(first).toContain("event: ready");
    }
    expect((await call("/api/v1/live/?building=x")).status).toBe(400);
    expect((await call("/api/v1/live/?building=3")).status).toBe(403);
  });

  it("refuses property owners and tenants, who have no live screens, before anything else", async () => {
    for (const who of ["owner", "tenant"]) {
      const res = await t.as(who).get("/api/v1/live/?building=1");
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toHaveProperty("detail");
    }
    // Refused before the query is read: no field errors for a bad building either.
    expect((await t.as("owner").get("/api/v1/live/?building=x")).statusCode).toBe(403);
  });

  it("is in the OpenAPI document with its event format", async () => {
    const doc = (await t.as(null).get("/api/v1/openapi.json")).json();
    const op = doc.paths["/api/v1/live/"].get;
    expect(op.description).toContain("event: change");
    expect(Object.keys(op.responses[200].content)).toEqual(["text/event-stream"]);
  });

  if (onPostgres)
    it("sends a write made through another instance", async () => {
      const b = await secondInstance(t);
      try {
        const s = await stream("frontdesk", "?building=1");
        await s.next((e) => e.event === "ready");
        const res = await b.as("manager").post("/api/v1/shift-logs/notes/", {
          building_id: 1,
          body: "Written elsewhere",
          no_apartment: true,
        });
        expect(res.statusCode).toBe(201);
        const started = Date.now();
        await s.next(isChange("shift_logs", 1), 1000);
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        await b.close();
      }
    });
});
