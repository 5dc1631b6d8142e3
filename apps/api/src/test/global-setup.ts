import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPglite, openDatabase } from "../db/client.ts";
import { seedDemo } from "../db/seed/demo.ts";

declare module "vitest" {
  export interface ProvidedContext {
    dbKind: "pglite" | "postgres";
    pgliteTemplate: string;
    pgTemplateDb: string;
    pgAdminUrl: string;
  }
}

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Builds one migrated database holding the demo portfolio, once per run; every test file
 * then starts from its own fresh copy of it (PGlite: a data-dir dump; PostgreSQL: a template).
 */
export default async function setup(project: TestProject) {
  const kind: "pglite" | "postgres" = project.name.endsWith("postgres") ? "postgres" : "pglite";
  project.provide("dbKind", kind);
  if (kind === "pglite") {
    const lite = createPglite();
    const database = await openDatabase({ pglite: lite });
    await database.migrate();
    await seedDemo(database.db, { fast: true });
    const dump = await lite.dumpDataDir("gzip");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portico-test-")), "template.tar.gz");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide("pgliteTemplate", file);
    project.provide("pgTemplateDb", "");
    project.provide("pgAdminUrl", "");
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const name = `portico_test_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await seedDemo(database.db, { fast: true });
  await database.close();
  project.provide("pgliteTemplate", "");
  project.provide("pgTemplateDb", name);
  project.provide("pgAdminUrl", PG_ADMIN_URL);
  return async () => {
    const rows = await admin.query(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
      name,
      `${name}_%`,
    ]);
    for (const r of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    await admin.end();
  };
}
