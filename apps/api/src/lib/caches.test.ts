import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, eventually, type TestApp } from "../test/app.ts";
import { users } from "../db/schema/index.ts";
import { newestFeedMigration } from "../db/feed/generate.ts";
import {
  CACHES,
  type CacheDeclaration,
  declaredTopics,
  FEED_TRIGGER,
  FEED_TRUNCATE_TRIGGER,
  feedMigrationSql,
  readTables,
  SUBSCRIBERS,
  tablesOf,
  topicNamesOf,
  TOPICS,
} from "./caches.ts";
import { ChangeFeed, topics } from "./change-feed.ts";

const SRC = path.resolve(import.meta.dirname, "..");

describe("cache declarations", () => {
  it("the newest change-feed migration is what the declarations generate (npm run feed:generate -w apps/api)", () => {
    const committed = newestFeedMigration();
    expect(committed, "no generated change-feed migration").not.toBeNull();
    expect(committed!.sql).toBe(feedMigrationSql());
  });

  it("every declared cache reads declared topics, and none skips the check", () => {
    for (const [name, d] of Object.entries(CACHES) as [string, CacheDeclaration][]) {
      expect(d.anyTopic, name).toBeUndefined();
      expect(d.reads.length, name).toBeGreaterThan(0);
      for (const t of topicNamesOf(d)) expect(TOPICS[t], `${name} reads ${t}`).toBeDefined();
    }
  });

  it("every topic a writer touches by hand is also sent by a generated trigger (other instances hear it)", () => {
    const prefixOf = (t: string | ((x: never) => string)) =>
      (typeof t === "string" ? t : (t as (x: number) => string)(1)).split(":")[0];
    const files = fs.readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((f) => /(?<!\.test)\.ts$/.test(f));
    const touched = new Set<string>();
    for (const f of files) {
      const text = fs.readFileSync(path.join(SRC, f), "utf8");
      for (const call of text.matchAll(/changes\.touch\(([^;]*?)\);/gs))
        for (const m of call[1].matchAll(/topics\.(\w+)/g)) touched.add(`${f}: ${m[1]}`);
    }
    expect(touched.size).toBeGreaterThan(5);
    const unsent = [...touched].filter((entry) => {
      const name = entry.split(": ")[1] as keyof typeof topics;
      return !topics[name] || !(prefixOf(topics[name]) in TOPICS);
    });
    expect(unsent).toEqual([]);
  });

  it("a value's topics are the declared ones: missing ones added, undeclared ones refused", () => {
    expect(declaredTopics("package-grid", CACHES["package-grid"], ["packages:3"]).sort()).toEqual([
      "package_types:all",
      "packages:3",
      "units:3",
    ]);
    expect(() => declaredTopics("quick-search", CACHES["quick-search"], ["packages:3"])).toThrow(
      /quick-search.*packages:3/,
    );
    expect(() => declaredTopics("building-lists", CACHES["building-lists"], [])).toThrow(/per user/);
    expect(declaredTopics("building-lists", CACHES["building-lists"], ["user:4"]).sort()).toEqual([
      "buildings:all",
      "user:4",
    ]);
  });

  it("the feed hands out declared caches only, and drops a value on a declared topic it was not named with", async () => {
    const feed = new ChangeFeed();
    feed.setListening(true);
    // @ts-expect-error: an undeclared cache name does not typecheck
    expect(() => feed.cache("no-such-cache")).toThrow(/no cache "no-such-cache"/);
    const grid = feed.cache<string>("package-grid");
    let n = 0;
    const load = async () => `v${++n}`;
    expect(await grid.get("3", ["packages:3"], load)).toBe("v1");
    expect(await grid.get("3", ["packages:3"], load)).toBe("v1");
    feed.touch("units:3"); // declared, not named by the caller
    expect(await grid.get("3", ["packages:3"], load)).toBe("v2");
    feed.touch("package_types:all");
    expect(await grid.get("3", ["packages:3"], load)).toBe("v3");
    feed.touch("units:4");
    expect(await grid.get("3", ["packages:3"], load)).toBe("v3");
    expect(() => grid.get("3", ["shift_logs:3"], load)).toThrow(/not declared/);
  });
});

describe("generated triggers in the migrated database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const installed = async () => {
    const { rows } = await t.database.query(
      `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and t.tgenabled <> 'D'`,
    );
    return new Set(rows.map((r) => `${String(r.table)}.${String(r.name)}`));
  };

  it("every table a declared cache or subscriber reads carries the row and TRUNCATE triggers", async () => {
    const have = await installed();
    const readers: [string, string[]][] = [
      ...(Object.entries(CACHES) as [string, CacheDeclaration][]).map(
        ([n, d]) => [`cache ${n}`, tablesOf(topicNamesOf(d))] as [string, string[]],
      ),
      ...Object.entries(SUBSCRIBERS).map(([n, s]) => [`subscriber ${n}`, tablesOf(s)] as [string, string[]]),
    ];
    const missing: string[] = [];
    for (const [reader, tables] of readers)
      for (const table of tables)
        for (const trigger of [FEED_TRIGGER(table), FEED_TRUNCATE_TRIGGER(table)])
          if (!have.has(`${table}.${trigger}`)) missing.push(`${reader} reads ${table}: no trigger ${trigger}`);
    expect(missing).toEqual([]);
    expect(readTables().length).toBeGreaterThan(10);
  });

  it("every feed trigger runs the one shared function, told by its arguments what the rows stand for", async () => {
    const { rows } = await t.database.query(
      `select distinct p.proname as fn from pg_trigger t join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and t.tgname like 'portico\\_feed\\_%'`,
    );
    expect(rows.map((r) => r.fn)).toEqual(["portico_feed"]);
  });

  it("no hand-written feed trigger is left beside the generated ones", async () => {
    const stray = [...(await installed())].filter((n) => n.includes("change_feed"));
    expect(stray).toEqual([]);
  });

  it("a role change drops every per-user value of that user (the permission leak)", async () => {
    const me = await t.as("manager").get("/api/v1/core/buildings/");
    expect(me.statusCode).toBe(200);
    await t.as("manager").get("/api/v1/core/employees/?building=1");
    const lists = t.app.changes.cache("building-lists");
    const employees = t.app.changes.cache("employee-pages");
    expect(lists.size).toBe(1);
    const [manager] = await t.db.select().from(users).where(eq(users.username, "manager"));
    await t.db.update(users).set({ role: "FD" }).where(eq(users.id, manager.id));
    try {
      await eventually(async () => lists.size === 0 && employees.size === 0);
    } finally {
      await t.db.update(users).set({ role: manager.role }).where(eq(users.id, manager.id));
    }
  });
});
