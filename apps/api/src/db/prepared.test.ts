import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { freshDatabase } from "../test/app.ts";
import type { Database } from "./client.ts";
import {
  CUSTOM_PLAN,
  GENERIC_PLAN,
  MAX_PREPARED,
  MAX_PREPARED_LIST,
  PLAN_MODES,
  preparable,
  PreparingClient,
} from "./prepared.ts";

const onPostgres = inject("dbKind") === "postgres";

if (!onPostgres) {
  describe("prepared statements on PGlite", () => {
    it("are not used: PGlite runs in-process, without a pool", async () => {
      const database = await freshDatabase();
      try {
        expect(database.kind).toBe("pglite");
        expect(database.pool).toBeUndefined();
      } finally {
        await database.close();
      }
    });
  });
}

if (onPostgres)
  describe("prepared statements on PostgreSQL", () => {
    let database: Database;
    beforeAll(async () => {
      database = await freshDatabase();
    });
    afterAll(async () => {
      await database?.close();
    });

    it("runs parameterised statements as named prepared statements, once parsed per connection", async () => {
      const client = await database.pool!.connect();
      try {
        expect(client).toBeInstanceOf(PreparingClient);
        const text = "select id, name from buildings where id = $1";
        const a = await client.query(text, [1]);
        const b = await client.query({ text, values: [2] });
        expect(a.rows[0]).toMatchObject({ id: 1 });
        expect(b.rows[0]).toMatchObject({ id: 2 });
        const prepared = await client.query("select name, statement from pg_prepared_statements");
        const mine = prepared.rows.filter((r: { statement: string }) => r.statement === text);
        expect(mine).toHaveLength(1);
        // Statements without parameters run unnamed.
        expect(
          prepared.rows.some((r: { statement: string }) => String(r.statement).includes("pg_prepared_statements")),
        ).toBe(false);
      } finally {
        client.release();
      }
    });

    it("plans searches for their values every time: LIKE, full text and marked statements run unnamed", async () => {
      expect(preparable("select id from buildings where id = $1")).toBe(true);
      expect(preparable("select id from users where id = $1 and lower(email) like '%@example.org'")).toBe(true);
      for (const text of [
        "select id from users where lower(last_name) like $1",
        "select id from packages where carrier ILIKE $1",
        "select id from shift_log_notes where search_vector @@ to_tsquery('simple', $1)",
        "select id from apartments where apartment_number %> $1",
        `select id from apartments where building_id = $1 ${CUSTOM_PLAN}`,
      ])
        expect(preparable(text), text).toBe(false);
      // A search whose patterns were resolved beforehand says so, and is prepared like the rest.
      expect(preparable(`${GENERIC_PLAN} select id from shift_log_notes where search_vector @@ $1::tsquery`)).toBe(
        true,
      );
      expect(preparable(`${GENERIC_PLAN} select id from users where last_name like $1 ${CUSTOM_PLAN}`)).toBe(false);
      const client = await database.pool!.connect();
      try {
        const text = "select id from users where lower(last_name) like $1 order by id limit 1";
        for (let i = 0; i < 7; i++) await client.query(text, ["%"]);
        const prepared = await client.query("select statement from pg_prepared_statements");
        expect(prepared.rows.some((r: { statement: string }) => r.statement === text)).toBe(false);
        expect((await client.query(text, ["%"])).rows).toHaveLength(1);
      } finally {
        client.release();
      }
    });

    it("serves Drizzle's queries (through the pool) with the same results as before", async () => {
      const run = () =>
        database.db.execute(
          sql`select count(*)::int as n from apartments where building_id = ${1} and sort_key > ${0}`,
        );
      const first = await run();
      for (let i = 0; i < 8; i++) expect((await run()).rows).toEqual(first.rows);
      expect(Number((first.rows[0] as { n: number }).n)).toBeGreaterThan(0);
    });

    it("runs a statement with a list of more than MAX_PREPARED_LIST values (ids) unnamed", async () => {
      const client = await database.pool!.connect();
      try {
        const ids = Array.from({ length: MAX_PREPARED_LIST + 1 }, (_, i) => i + 1);
        const text = `select count(*)::int as n from buildings where id in (${ids.map((_, i) => `$${i + 1}`).join(", ")})`;
        const short = "select count(*)::int as n from buildings where id in ($1, $2)";
        for (let i = 0; i < 3; i++) {
          await client.query(text, ids);
          await client.query(short, [1, 2]);
        }
        const prepared = (await client.query("select statement from pg_prepared_statements")).rows.map(
          (r: { statement: string }) => r.statement,
        );
        expect(prepared).not.toContain(text);
        expect(prepared).toContain(short);
      } finally {
        client.release();
      }
    });

    it("prepares at most MAX_PREPARED statements on a connection, then runs new ones unnamed", async () => {
      const client = await database.pool!.connect();
      try {
        for (let i = 0; i < MAX_PREPARED + 5; i++) {
          const r = await client.query(`select $1::int + ${i} as v`, [1]);
          expect(r.rows[0].v).toBe(1 + i);
        }
        const n = await client.query("select count(*)::int as n from pg_prepared_statements");
        expect(n.rows[0].n).toBeLessThanOrEqual(MAX_PREPARED);
      } finally {
        client.release(true);
      }
    });

    it("reuses the generic plan of a prepared statement, and plans searches for their values", async () => {
      const client = await database.pool!.connect();
      const mode = async () => (await client.query("show plan_cache_mode")).rows[0].plan_cache_mode;
      try {
        // A list page: with `limit $n` PostgreSQL's own choice (auto) would plan it every time.
        const page = "select id from apartments where building_id = $1 order by sort_key, id limit $2 offset $3";
        for (let i = 0; i < 8; i++) await client.query(page, [1, 30, i * 30]);
        expect(await mode()).toBe(PLAN_MODES.prepared);
        const stats = await client.query(
          "select generic_plans, custom_plans from pg_prepared_statements where statement = $1",
          [page],
        );
        expect(Number(stats.rows[0].generic_plans)).toBeGreaterThanOrEqual(7);
        expect(Number(stats.rows[0].custom_plans)).toBe(0);

        const search = "select id from users where lower(last_name) like $1 order by id limit 1";
        await client.query(search, ["a%"]);
        expect(await mode()).toBe(PLAN_MODES.values);
        await client.query(page, [1, 30, 0]);
        expect(await mode()).toBe(PLAN_MODES.prepared);

        // A rollback undoes a SET of its transaction: the next statement sets it again.
        await client.query("begin");
        await client.query(search, ["b%"]);
        expect(await mode()).toBe(PLAN_MODES.values);
        await client.query("rollback");
        expect(await mode()).toBe(PLAN_MODES.prepared);
        await client.query(search, ["c%"]);
        expect(await mode()).toBe(PLAN_MODES.values);
      } finally {
        client.release();
      }
    });

    it("reports a failing statement and keeps the connection usable", async () => {
      const client = await database.pool!.connect();
      try {
        await expect(client.query("select * from no_such_table where id = $1", [1])).rejects.toThrow(/no_such_table/);
        const r = await client.query("select $1::int as v", [7]);
        expect(r.rows[0].v).toBe(7);
      } finally {
        client.release();
      }
    });
  });
