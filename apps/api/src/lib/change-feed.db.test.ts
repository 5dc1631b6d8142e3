import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { createTestApp, secondInstance, type TestApp } from "../test/app.ts";
import { loadConfig } from "../config.ts";
import { CHANGE_CHANNEL, LISTENER_APPLICATION_NAME } from "../db/client.ts";
import { buildingSettings, userBuildings, users } from "../db/schema/index.ts";
import { DEMO_TENANT } from "../db/seed/demo-accounts.ts";
import { ensurePackageTypes } from "../db/seed/packages.ts";

let t: TestApp;
const isPg = () => t.database.kind === "postgres";
const rows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
const one = async <T>(q: ReturnType<typeof sql>): Promise<T> => rows<T>(await t.db.execute(q))[0];

async function until(ok: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Everything sent on the change channel, read as another instance would. */
let collector: { got: string[]; close: () => Promise<void> };
let marks = 0;

/** A marker sent after every write so far: where they end in the collector. */
async function barrier(): Promise<number> {
  const mark = `mark:${++marks}`;
  await t.database.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, mark]);
  await until(() => collector.got.includes(mark));
  return collector.got.indexOf(mark);
}

/** The payloads the writes of `fn` sent (repeats folded), between two markers. */
async function sent(fn: () => Promise<unknown>): Promise<string[]> {
  const from = (await barrier()) + 1;
  await fn();
  const to = await barrier();
  return [...new Set(collector.got.slice(from, to))].sort();
}

let tenant: { id: number; email: string };
let occupancyId: number;
let apartmentId: number;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  const got: string[] = [];
  if (isPg()) {
    const c = new pg.Client({ connectionString: t.database.pool!.options.connectionString });
    await c.connect();
    c.on("notification", (m) => got.push(m.payload ?? ""));
    await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    collector = { got, close: () => c.end() };
  } else {
    const l = await t.database.listen(
      CHANGE_CHANNEL,
      (p) => got.push(p),
      () => undefined,
    );
    collector = { got, close: l.close };
  }
  tenant = await one<{ id: number; email: string }>(
    sql`select id, email from users where username = ${DEMO_TENANT.username}`,
  );
  ({ occupancy_id: occupancyId, apartment_id: apartmentId } = await one<{
    occupancy_id: number;
    apartment_id: number;
  }>(sql`
    select o.id as occupancy_id, o.apartment_id from occupants oc join occupancies o on o.id = oc.occupancy_id
    where oc.user_id = ${tenant.id} and o.building_id = 1 limit 1`));
  await ensurePackageTypes(t.db);
  ({ id: typeId } = await one<{ id: number }>(sql`select id from package_types order by id limit 1`));
});
afterAll(async () => {
  await collector?.close();
  await t?.close();
});

describe("change feed triggers", () => {
  it("send user: for what the signed-in user is made of, and nothing for a later sign-in or a new password", async () => {
    // A resident's first sign-in gives them an account in the residents list (units:); later
    // ones send nothing, nor does a new password or an unchanged role.
    await t.db
      .update(users)
      .set({ last_login: sql`now()` })
      .where(eq(users.id, tenant.id));
    expect(
      await sent(() =>
        t.db
          .update(users)
          .set({ last_login: sql`now() + interval '1 minute'` })
          .where(eq(users.id, tenant.id)),
      ),
    ).toEqual([]);
    expect(await sent(() => t.db.update(users).set({ password_hash: "x" }).where(eq(users.id, tenant.id)))).toEqual([]);
    expect(await sent(() => t.db.update(users).set({ role: "TN" }).where(eq(users.id, tenant.id)))).toEqual([]);
    expect(await sent(() => t.db.update(users).set({ is_active: false }).where(eq(users.id, tenant.id)))).toEqual([
      "units:1",
      `user:${tenant.id}`,
    ]);
    expect(await sent(() => t.db.update(users).set({ is_active: true }).where(eq(users.id, tenant.id)))).toEqual([
      "units:1",
      `user:${tenant.id}`,
    ]);
  });

  it("send employees:all for an employee, a staff account as the lists show it, or a grant", async () => {
    const staff = await one<{ id: number; user_id: number }>(
      sql`select e.id, e.user_id from employees e join users u on u.id = e.user_id where u.username = 'frontdesk'`,
    );
    expect(
      await sent(() => t.db.execute(sql`update employees set title = 'Concierge' where id = ${staff.id}`)),
    ).toEqual(["employees:all"]);
    expect(
      await sent(() =>
        t.db
          .update(users)
          .set({ last_login: sql`now()` })
          .where(eq(users.id, staff.user_id)),
      ),
    ).toEqual(["employees:all"]);
    expect(await sent(() => t.db.update(users).set({ password_hash: "y" }).where(eq(users.id, staff.user_id)))).toEqual(
      [],
    );
    expect(
      await sent(() =>
        t.db.execute(sql`update user_buildings set is_include_in_directory = not is_include_in_directory
          where user_id = ${staff.user_id} and building_id = 1`),
      ),
    ).toEqual(["employees:all"]);
  });

  it("send a resident's rename to the units of the buildings they live in", async () => {
    expect(
      await sent(() => t.db.update(users).set({ last_name: "Morgan-Lee" }).where(eq(users.id, tenant.id))),
    ).toEqual(["units:1", `user:${tenant.id}`, "user_names:all"]);
    await t.db.update(users).set({ last_name: DEMO_TENANT.last_name }).where(eq(users.id, tenant.id));
  });

  it("send login: for the names external sign-in matches", async () => {
    // A resident's e-mail address is also in the unit list of the buildings they live in.
    const homes = (
      await t.db.execute(sql`select distinct oc.building_id from occupants o
        join occupancies oc on oc.id = o.occupancy_id where o.user_id = ${tenant.id}`)
    ).rows.map((r) => `units:${(r as { building_id: number }).building_id}`);
    expect(homes.length).toBeGreaterThan(0);
    expect(
      await sent(() => t.db.update(users).set({ email: "Taylor.New@Example.com" }).where(eq(users.id, tenant.id))),
    ).toEqual([`login:${tenant.email}`, "login:taylor.new@example.com", ...homes, `user:${tenant.id}`].sort());
    await t.db.update(users).set({ email: tenant.email }).where(eq(users.id, tenant.id));
    const [u] = await sent(async () => {
      await t.db.insert(users).values({ username: "Feed.Check", email: "feed@example.com", role: "FD" });
    }).then((p) => [p]);
    const id = (await one<{ id: number }>(sql`select id from users where username = 'Feed.Check'`)).id;
    // A new account has a name too (user_names:all).
    expect(u).toEqual(["login:feed.check", "login:feed@example.com", `user:${id}`, "user_names:all"]);
    expect(await sent(() => t.db.insert(userBuildings).values({ user_id: id, building_id: 2 }))).toEqual([
      "employees:all",
      `user:${id}`,
    ]);
    // Its grants go with it (employees:all).
    expect(await sent(() => t.db.delete(users).where(eq(users.id, id)))).toEqual(
      ["employees:all", "login:feed.check", "login:feed@example.com", `user:${id}`, "user_names:all"].sort(),
    );
  });

  it("send building: for a building or its settings, nothing for a no-op update", async () => {
    expect(await sent(() => t.db.execute(sql`update buildings set name = name where id = 2`))).toEqual([]);
    expect(await sent(() => t.db.execute(sql`update buildings set name = name || '' where id = 2`))).toEqual([]);
    expect(
      await sent(() =>
        t.db
          .update(buildingSettings)
          .set({ settings: sql`settings || '{"front_desk_number": "(212) 555-0000"}'::jsonb` })
          .where(eq(buildingSettings.building_id, 2)),
      ),
    ).toEqual(["building:2"]);
  });

  it("send units: for apartments, leases and residents", async () => {
    expect(await sent(() => t.db.execute(sql`update apartments set floor = floor where id = ${apartmentId}`))).toEqual(
      [],
    );
    expect(
      await sent(() =>
        t.db.execute(sql`update occupancies set is_do_not_disturb = not is_do_not_disturb where id = ${occupancyId}`),
      ),
    ).toEqual(["units:1"]);
    await t.db.execute(sql`update occupancies set is_do_not_disturb = not is_do_not_disturb where id = ${occupancyId}`);
    expect(
      await sent(() => t.db.execute(sql`update occupants set pronouns = 'they' where user_id = ${tenant.id}`)),
    ).toEqual(["units:1"]);
    expect(await sent(() => t.db.execute(sql`update apartments set line = line || '' where building_id = 1`))).toEqual(
      [],
    );
  });

  it("send packages: for every change of a package, its notification bookkeeping too, and nothing for a no-op update", async () => {
    let id = 0;
    expect(
      await sent(async () => {
        ({ id } = await one<{
          id: number;
        }>(sql`insert into packages (building_id, occupancy_id, apartment_id, package_type_id)
          values (1, ${occupancyId}, ${apartmentId}, ${typeId}) returning id`));
      }),
    ).toEqual(["packages:1"]);
    expect(
      await sent(() =>
        t.db.execute(
          sql`update packages set send_notification_to = 'a@example.com', last_modified = now() where id = ${id}`,
        ),
      ),
    ).toEqual(["packages:1"]);
    expect(await sent(() => t.db.execute(sql`update packages set status = status where id = ${id}`))).toEqual([]);
    expect(await sent(() => t.db.execute(sql`update packages set status = 'CLOSED' where id = ${id}`))).toEqual([
      "packages:1",
    ]);
    expect(await sent(() => t.db.execute(sql`delete from packages where id = ${id}`))).toEqual(["packages:1"]);
    expect(
      await sent(() =>
        t.db.execute(sql`update package_types set display_order = display_order + 1 where id = ${typeId}`),
      ),
    ).toEqual(["package_types:all"]);
    await t.db.execute(sql`update package_types set display_order = display_order - 1 where id = ${typeId}`);
  });

  it("fire nothing in replica mode (bulk loads)", async () => {
    expect(
      await sent(() =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(sql`update users set first_name = first_name || 'x' where id = ${tenant.id}`);
          await tx.execute(sql`update users set first_name = ${DEMO_TENANT.first_name} where id = ${tenant.id}`);
        }),
      ),
    ).toEqual([]);
  });

  it("reset every cache on a TRUNCATE", async () => {
    await t.as("frontdesk").get("/api/v1/core/building-settings/1/");
    const scopes = t.app.changes.cache({ name: "building-scope" });
    expect(scopes.size).toBeGreaterThan(0);
    // Nothing references packages: a truncate of the (test) packages.
    expect(await sent(() => t.db.execute(sql`truncate packages`))).toEqual(["reset:packages"]);
    expect(scopes.size).toBe(0);
  });
});

describe("request context caches", () => {
  const buildingsOf = async (username: string) =>
    (await t.as(username).get("/api/v1/core/buildings/")).json().results.map((b: { id: number }) => b.id);

  it("serve the signed-in user from memory until their account changes, refusing a disabled one at once", async () => {
    const current = t.app.changes.cache({ name: "current-user" });
    expect((await t.as("porter").get("/api/v1/me/")).statusCode).toBe(200);
    const before = { ...current.stats };
    expect((await t.as("porter").get("/api/v1/me/")).statusCode).toBe(200);
    expect(current.stats.hits).toBe(before.hits + 1);
    expect(current.stats.misses).toBe(before.misses);

    await t.db.update(users).set({ is_active: false }).where(eq(users.username, "porter"));
    expect((await t.as("porter").get("/api/v1/me/")).statusCode).toBe(401);
    await t.db.update(users).set({ is_active: true }).where(eq(users.username, "porter"));
    expect((await t.as("porter").get("/api/v1/me/")).statusCode).toBe(200);
  });

  it("take a building grant away at once", async () => {
    const fd = await one<{ id: number }>(sql`select id from users where username = 'frontdesk'`);
    expect(await buildingsOf("frontdesk")).toEqual([1, 2]);
    await t.db.execute(sql`delete from user_buildings where user_id = ${fd.id} and building_id = 2`);
    expect((await t.as("frontdesk").get("/api/v1/core/building-settings/2/")).statusCode).toBe(403);
    expect(await buildingsOf("frontdesk")).toEqual([1]);
    await t.db.insert(userBuildings).values({ user_id: fd.id, building_id: 2 });
    expect(await buildingsOf("frontdesk")).toEqual([1, 2]);
  });

  it("serve a building's settings from memory until they change (through the API or not)", async () => {
    const scopes = t.app.changes.cache({ name: "building-scope" });
    const get = async () => (await t.as("manager").get("/api/v1/core/building-settings/2/")).json();
    await get();
    const before = { ...scopes.stats };
    const first = await get();
    expect(scopes.stats.hits).toBe(before.hits + 1);
    const flipped = !first.packagesettings.is_require_comments_for_building;
    const res = await t
      .as("manager")
      .patch("/api/v1/core/building-settings/2/", { packagesettings: { is_require_comments_for_building: flipped } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get()).packagesettings.is_require_comments_for_building).toBe(flipped);
    await t.db.execute(
      sql`update building_settings set settings = jsonb_set(settings, '{front_desk_number}', '"(212) 555-4321"') where building_id = 2`,
    );
    expect((await get()).front_desk_number).toBe("(212) 555-4321");
  });
});

describe("with caches off (CACHES=0)", () => {
  it("never listens, so every read loads from the database", async () => {
    expect(loadConfig({ CACHES: "0" } as NodeJS.ProcessEnv).caches).toBe(false);
    expect(loadConfig({} as NodeJS.ProcessEnv).caches).toBe(true);
    const off = await createTestApp({ caches: false });
    try {
      expect(off.app.changes.listening).toBe(false);
      const grid = off.app.changes.cache({ name: "package-grid" });
      const get = () => off.as("frontdesk").get("/api/v1/core/buildings/1/package-grid/");
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      expect(grid.size).toBe(0);
      expect(grid.stats.hits).toBe(0);
      expect(grid.stats.bypassed).toBeGreaterThanOrEqual(2);
    } finally {
      await off.close();
    }
  });
});

if (process.env.DB_KIND === "postgres")
  describe("the PostgreSQL listener", () => {
    const listenerPids = async (database = t.database) =>
      rows<{ pid: number }>(
        await database.query(
          "select pid from pg_stat_activity where datname = current_database() and application_name = $1",
          [LISTENER_APPLICATION_NAME],
        ),
      ).map((r) => r.pid);

    it("drops the caches when it goes down, reconnects, and caches again", async () => {
      const feed = t.app.changes;
      const grid = feed.cache({ name: "package-grid" });
      const url = "/api/v1/core/buildings/1/package-grid/";
      await t.as("frontdesk").get(url);
      await t.as("frontdesk").get(url);
      expect(grid.size).toBe(1);

      const states: { on: boolean; size: number }[] = [];
      const setListening = feed.setListening.bind(feed);
      feed.setListening = (on: boolean) => {
        setListening(on);
        states.push({ on, size: grid.size });
      };
      try {
        const [pid] = await listenerPids();
        expect(pid).toBeDefined();
        await t.database.query("select pg_terminate_backend($1)", [pid]);
        await until(() => states.some((s) => s.on));
        expect(states[0]).toEqual({ on: false, size: 0 });
        expect(states.at(-1)).toEqual({ on: true, size: 0 });
        expect(await listenerPids()).not.toContain(pid);
      } finally {
        feed.setListening = setListening;
      }
      expect(feed.listening).toBe(true);
      await t.as("frontdesk").get(url);
      await t.as("frontdesk").get(url);
      expect(grid.size).toBe(1);
    });

    it("lets a second instance see a change made through the first within a short poll", async () => {
      const b = await secondInstance(t);
      try {
        const url = "/api/v1/core/buildings/1/package-grid/";
        const total = async (x: TestApp) => (await x.as("frontdesk").get(url)).json().total_count as number;
        const start = await total(b);
        expect(await total(b)).toBe(start); // cached on the second instance
        expect(b.app.changes.cache({ name: "package-grid" }).size).toBe(1);
        const res = await t
          .as("frontdesk")
          .post("/api/v1/packages/bulk/?building=1", [{ occupancy: occupancyId, package_type: typeId }]);
        expect(res.statusCode, res.body).toBe(201);
        expect(await total(t)).toBe(start + 1);
        await until(async () => (await total(b)) === start + 1, 2000);

        // A settings change and a disabled account reach the other instance the same way.
        const settings = async () =>
          (await b.as("manager").get("/api/v1/core/building-settings/3/")).json().front_desk_number as string;
        await settings();
        await t.as("manager").patch("/api/v1/core/building-settings/3/", { front_desk_number: "(312) 555-0101" });
        await until(async () => (await settings()) === "(312) 555-0101", 2000);
        expect((await b.as("maintenance").get("/api/v1/me/")).statusCode).toBe(200);
        await t.db.update(users).set({ is_active: false }).where(eq(users.username, "maintenance"));
        await until(async () => (await b.as("maintenance").get("/api/v1/me/")).statusCode === 401, 2000);
        await t.db.update(users).set({ is_active: true }).where(eq(users.username, "maintenance"));
      } finally {
        await b.app.close();
        await b.database.close();
      }
    });

    it("is closed with the app", async () => {
      const b = await secondInstance(t);
      expect(b.app.changes.listening).toBe(true);
      expect((await listenerPids()).length).toBe(2);
      await b.app.close();
      expect(b.app.changes.listening).toBe(false);
      await b.database.close();
      await until(async () => (await listenerPids()).length === 1);
    });
  });
