import crypto from "node:crypto";
import pg from "pg";

/**
 * The PostgreSQL client of the pool: every statement with parameters runs as a named prepared
 * statement on its connection, so PostgreSQL parses it once per connection and, once its plan
 * is known to be as good as a fresh one (`plan_cache_mode = auto`: after five executions), stops
 * planning it again. The list queries cost more to plan than to run (a page is an index range),
 * so this roughly halves the database's work per request.
 *
 * Bounded: a connection prepares at most MAX_PREPARED statements (later new ones run unnamed),
 * and the pool retires connections after CONNECTION_LIFETIME_S, which drops what they prepared.
 * Statements without parameters (migrations, BEGIN/COMMIT, DDL) are never prepared.
 *
 * Searches are never prepared either: how many rows a LIKE pattern, a trigram or a full-text
 * query matches is in its value, which a generic plan cannot see. Once PostgreSQL settles on a
 * generic plan for them it walks the wrong index (measured: a two-word shift log search went
 * from 22 ms to over a second under load). A statement whose plan must follow its values for
 * another reason carries the comment CUSTOM_PLAN; a search that needs no such plan (every pattern
 * resolved beforehand) carries GENERIC_PLAN.
 *
 * Plan choice per statement: `plan_cache_mode = auto` never settles on the generic plan of a
 * list page — with `LIMIT $n OFFSET $m` its estimate assumes a tenth of the rows are wanted, so
 * it always looks dearer than a custom plan for 30 rows (measured on the large bench portfolio:
 * custom 12 times of 12, planning 1.2–1.8 ms against 0.03–0.07 ms executing the cached plan, for
 * pages that run in 0.5–2 ms; PostgreSQL's CPU per page of the largest building went from 2.7 to
 * 1.4 ms for notes, 3.1 to 1.7 ms for open packages). Their generic plan is the same index range. So
 * a connection runs its prepared statements with `force_generic_plan` and its unnamed ones (the
 * searches, CUSTOM_PLAN) with `auto`, where an unnamed statement is always planned for its
 * values; the setting is switched (one `SET`) only when the kind of statement changes.
 */
export const MAX_PREPARED = 200;
/**
 * A statement with a list of more values than this (`in ($1, … $300)`: the buildings of a
 * portfolio-wide list) runs unnamed, planned for its values: the list's length varies (each
 * length another text to prepare) and a kept plan cannot see how many rows it selects
 * (measured: the unit list of 300 buildings, 47 ms with a kept plan against 2 ms planned for its
 * values). A row of many values (an insert) is no list: it stays prepared.
 */
export const MAX_PREPARED_LIST = 20;
const LONG_LIST = new RegExp(`\\bin\\s*\\(\\s*(?:\\$\\d+\\s*,\\s*){${MAX_PREPARED_LIST}}\\$\\d+`, "i");
export const CONNECTION_LIFETIME_S = 600;

type QueryConfig = pg.QueryConfig & { name?: string };

/** Put in a statement's text, it runs unnamed: planned for its values every time. */
export const CUSTOM_PLAN = "/* custom plan */";
/**
 * Put in a search's text, it runs prepared like any other statement: its author resolved
 * beforehand every pattern whose selectivity is in its value, and reads the rest through an
 * index no value makes the wrong one (e.g. shift-logs/repository.ts prepareSearch).
 */
export const GENERIC_PLAN = "/* generic plan */";
/**
 * Statements planned for their values: a LIKE or ILIKE with a parameter as its pattern, full text
 * (`@@`), trigrams (`%>`, similarity), and the marked. A LIKE on a constant pattern is no search.
 */
const PLAN_FOR_VALUES = /\bi?like\s+\$\d|@@|%>|\bsimilarity\s*\(|\/\* custom plan \*\//i;

/** Would this text run as a named prepared statement (given parameters)? */
export const preparable = (text: string): boolean =>
  text.includes(GENERIC_PLAN) ? !text.includes(CUSTOM_PLAN) : !PLAN_FOR_VALUES.test(text);

const names = new Map<string, string>();
/** A stable statement name for a text (memoised: a few hundred distinct texts at most). */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p${crypto.createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
    if (names.size > 5000) names.clear();
    names.set(text, name);
  }
  return name;
}

/** `plan_cache_mode` of each kind of statement (see above). */
export const PLAN_MODES = { prepared: "force_generic_plan", values: "auto" } as const;
type PlanKind = keyof typeof PLAN_MODES;

const textOf = (config: unknown): string | null =>
  typeof config === "string"
    ? config
    : config && typeof config === "object" && typeof (config as QueryConfig).text === "string"
      ? (config as QueryConfig).text
      : null;
const hasValues = (config: unknown, values: unknown): boolean => {
  const v = config && typeof config === "object" ? ((config as QueryConfig).values ?? values) : values;
  return Array.isArray(v) && v.length > 0;
};
/** A rollback undoes a SET made in its transaction: the connection's setting is then unknown. */
const ROLLBACK = /^\s*(rollback|abort)\b/i;

export class PreparingClient extends pg.Client {
  private prepared = new Set<string>();
  /** The connection's plan_cache_mode as last set (null: not known). */
  private planKind: PlanKind | null = null;

  // pg's overloads are many; this one only adds a name to parameterised object or text queries.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const withName = this.named(config, values);
    if (withName) {
      this.planFor("prepared");
      return super.query(withName, typeof values === "function" ? values : callback);
    }
    const text = textOf(config);
    if (text !== null && ROLLBACK.test(text)) this.planKind = null;
    else if (text !== null && hasValues(config, values)) this.planFor("values");
    return super.query(config, values, callback);
  }

  /** Queues a SET before the next statement when the connection's plan_cache_mode is not `kind`'s. */
  private planFor(kind: PlanKind): void {
    if (this.planKind === kind) return;
    this.planKind = kind;
    super.query(`SET plan_cache_mode = ${PLAN_MODES[kind]}`).catch(() => {
      if (this.planKind === kind) this.planKind = null;
    });
  }

  private named(config: unknown, values: unknown): QueryConfig | null {
    let q: QueryConfig;
    if (typeof config === "string") {
      if (!Array.isArray(values) || values.length === 0) return null;
      q = { text: config, values };
    } else if (config && typeof config === "object" && typeof (config as QueryConfig).text === "string") {
      q = config as QueryConfig;
      if (q.name || typeof (q as { submit?: unknown }).submit === "function") return null;
      const v = q.values ?? (Array.isArray(values) ? values : undefined);
      if (!v || v.length === 0) return null;
      q = { ...q, values: v };
    } else {
      return null;
    }
    if (!preparable(q.text) || LONG_LIST.test(q.text)) return null;
    const name = nameOf(q.text);
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= MAX_PREPARED) return null;
      this.prepared.add(name);
    }
    return { ...q, name };
  }
}
