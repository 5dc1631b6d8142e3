/**
 * Writes the change feed's triggers, generated from lib/caches.ts, as a migration:
 * `npm run feed:generate -w apps/api`. Nothing happens while the newest change-feed migration
 * already holds them; otherwise a new migration is added (and registered in meta/_journal.json).
 * A test (lib/caches.test.ts) fails while they differ, so a declaration never ships without them.
 */
import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR } from "../client.ts";
import { feedMigrationSql } from "../../lib/caches.ts";

export const FEED_MIGRATION_MARK = "-- GENERATED from apps/api/src/lib/caches.ts";

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const journalPath = () => path.join(MIGRATIONS_DIR, "meta", "_journal.json");
export const readJournal = (): Journal => JSON.parse(fs.readFileSync(journalPath(), "utf8")) as Journal;

/** The newest migration holding generated feed triggers (its tag and text), if any. */
export function newestFeedMigration(): { tag: string; sql: string } | null {
  const entries = readJournal().entries;
  for (let i = entries.length - 1; i >= 0; i--) {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, `${entries[i].tag}.sql`), "utf8");
    if (sql.startsWith(FEED_MIGRATION_MARK)) return { tag: entries[i].tag, sql };
  }
  return null;
}

export function generate(): string | null {
  const sql = feedMigrationSql();
  if (newestFeedMigration()?.sql === sql) return null;
  const journal = readJournal();
  const last = journal.entries[journal.entries.length - 1];
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, "0")}_change_feed_generated`;
  fs.writeFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), sql);
  journal.entries.push({ idx, version: last.version, when: Math.max(Date.now(), last.when + 1), tag, breakpoints: true });
  fs.writeFileSync(journalPath(), JSON.stringify(journal, null, 2));
  return tag;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? "")) {
  const tag = generate();
  console.log(tag ? `wrote ${tag}.sql` : "the change feed migration is up to date");
}
