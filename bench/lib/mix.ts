/**
 * The front-desk mix: many desk users over many buildings, each request from a random user on
 * one of that user's buildings, with the calls (paths, query parameters, bodies) the web app
 * makes. Pure request logic (no I/O): lib/load.ts turns it into autocannon requests, in this
 * process or in each generator process (the plan is plain data, sent to them).
 */
import { Rng } from "./common.ts";
import { CLOSE_COMMENTS, DETAIL_WORDS, RARE_WORDS } from "./text.ts";

export interface MixUnit {
  apartment: number;
  occupancy: number;
  occupant: number | null;
  number: string;
}

export interface MixBuilding {
  id: number;
  /** Rows of the lists (for the offsets a user can page to). */
  notes: number;
  open: number;
  closed: number;
  /** The building records a location on notes (the form then sends `location`). */
  locations: boolean;
  /** Units with a current lease (writes are about them). */
  units: MixUnit[];
  /** Open packages that may be closed (each closed once; split among the generator processes). */
  closable: number[];
}

export interface MixPlan {
  users: { token: string; buildings: number[] }[];
  buildings: MixBuilding[];
  noteTypes: number[];
  packageTypes: number[];
  seed: number;
}

/** What each request is; the mix's shares in percent of all requests. */
export const MIX = {
  /** The shift log drawer, first page. */
  "notes: first page": 35 * 0.92,
  /** The drawer scrolled, or the search page paged: a random page. */
  "notes: random page": 15 * 0.92,
  /** A word search from the dashboard (a common or a rare word of the generator). */
  "notes: search": 10 * 0.92,
  /** The package list (default filter: open), first page or another page. */
  "packages: open": 25 * 0.92,
  /** The package list filtered on closed packages, a random page. */
  "packages: closed page": 15 * 0.92,
  "write: log a note": 3,
  "write: log a package": 3,
  "write: close a package": 2,
} as const;
export type MixKind = keyof typeof MIX;
export const MIX_KINDS = Object.keys(MIX) as MixKind[];

/** Pages a user goes to at most (page 101: offset 3,000). */
const MAX_PAGES = 100;
const PAGE = 30;

export interface MixRequest {
  kind: MixKind;
  building: number;
  token: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The package being closed. */
  packageId?: number;
}

const q = (params: Record<string, string | number | boolean>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join("&");

/**
 * The requests of one generator process (`part` of `parts`): its own random sequence, and its
 * own share of the closable packages (plus those it logs itself), so no package is closed twice.
 */
export class MixSource {
  private rng: Rng;
  private byId = new Map<number, MixBuilding>();
  private pool = new Map<number, number[]>();
  private cumulative: number[] = [];
  /** Packages this source sent a close for (whatever the answer). */
  readonly closing: number[] = [];

  constructor(
    private plan: MixPlan,
    part = 0,
    parts = 1,
  ) {
    this.rng = new Rng(plan.seed * 31 + part * 7919 + 1);
    for (const b of plan.buildings) {
      this.byId.set(b.id, b);
      this.pool.set(
        b.id,
        b.closable.filter((_id, i) => i % parts === part),
      );
    }
    // BENCH_MIX_KINDS (a pattern) keeps only the matching kinds, to see what each one costs.
    const only = process.env.BENCH_MIX_KINDS ? new RegExp(process.env.BENCH_MIX_KINDS, "i") : null;
    let sum = 0;
    for (const k of MIX_KINDS) this.cumulative.push((sum += only && !only.test(k) ? 0 : MIX[k]));
  }

  /** A random page offset below `rows` (from page `from`, at most page MAX_PAGES). */
  private offset(rows: number, from: number): number {
    const pages = Math.min(MAX_PAGES, Math.ceil(rows / PAGE));
    if (pages <= from) return 0;
    return this.rng.int(from, pages - 1) * PAGE;
  }

  next(): MixRequest {
    const rng = this.rng;
    const user = rng.pick(this.plan.users);
    const b = this.byId.get(rng.pick(user.buildings))!;
    let kind = MIX_KINDS[rng.weighted(this.cumulative)];
    const pool = this.pool.get(b.id)!;
    // Nothing left to close here: log one instead (it can be closed later).
    if (kind === "write: close a package" && !pool.length) kind = "write: log a package";
    if (kind.startsWith("write:") && !b.units.length) kind = "notes: first page";
    const base = { kind, building: b.id, token: user.token };
    const notes = (offset: number) =>
      `/api/v1/shift-logs/notes/?${q({ building: b.id, limit: PAGE, offset, ordering: "-date_created", include_end_of_shift_notes: true })}`;
    const packages = (offset: number, status: string) =>
      `/api/v1/packages/list/?${q({ building: b.id, limit: PAGE, offset, ordering: "-date_opened", package_status: status })}`;
    switch (kind) {
      case "notes: first page":
        return { ...base, method: "GET", path: notes(0) };
      case "notes: random page":
        return { ...base, method: "GET", path: notes(this.offset(b.notes, 1)) };
      case "notes: search": {
        const word = rng.chance(0.6) ? rng.pick(DETAIL_WORDS) : rng.pick(RARE_WORDS);
        // The search page's parameters, in the order its URL state gives them.
        const params = {
          building: b.id,
          include_end_of_shift_notes: true,
          offset: 0,
          limit: PAGE,
          ordering: "-date_created",
          search: word,
        };
        return { ...base, method: "GET", path: `/api/v1/shift-logs/notes/?${q(params)}` };
      }
      case "packages: open":
        return { ...base, method: "GET", path: packages(rng.chance(2 / 3) ? 0 : this.offset(b.open, 1), "OPEN") };
      case "packages: closed page":
        return { ...base, method: "GET", path: packages(this.offset(b.closed, 0), "CLOSED") };
      case "write: log a note":
        return { ...base, ...noteWrite(rng, b, this.plan.noteTypes) };
      case "write: log a package":
        return {
          ...base,
          ...packageWrite(rng, b, this.plan.packageTypes),
          // The answer is read (the new package's id, to close it later): uncompressed.
          headers: { "accept-encoding": "identity" },
        };
      case "write: close a package": {
        const id = pool.splice(rng.int(0, pool.length - 1), 1)[0];
        this.closing.push(id);
        const { body, contentType } = multipart([
          ["packages[]", String(id)],
          ["closing_comment", rng.pick(CLOSE_COMMENTS)],
        ]);
        return {
          ...base,
          method: "POST",
          path: `/api/v1/packages/bulk/close/?building=${b.id}`,
          body,
          headers: { "content-type": contentType },
          packageId: id,
        };
      }
    }
  }

  /** An answer: a logged package joins the building's pool of packages to close. */
  answered(r: MixRequest, status: number, body: string): void {
    if (r.kind !== "write: log a package" || status !== 201) return;
    try {
      const parsed = JSON.parse(body) as { results?: { id: number }[] };
      for (const p of parsed.results ?? []) this.pool.get(r.building)!.push(p.id);
    } catch {
      // not JSON: nothing to add
    }
  }

  /** Packages this source may still close, per building. */
  closable(building: number): number {
    return this.pool.get(building)?.length ?? 0;
  }
}

/** POST /shift-logs/notes/ as the note form sends it (a note about one unit). */
export function noteWrite(rng: Rng, b: MixBuilding, noteTypes: number[]) {
  const u = rng.pick(b.units);
  const body: Record<string, unknown> = {
    body: `Checked on ${u.number}: ${rng.pick(DETAIL_WORDS)} ${rng.pick(DETAIL_WORDS)}, ${rng.pick(DETAIL_WORDS)} noted.`,
    apartment_ids: [u.apartment],
    is_high_priority: false,
    shift_log_type_id: rng.pick(noteTypes),
    building_id: b.id,
  };
  if (b.locations) body.location = null;
  return { method: "POST" as const, path: "/api/v1/shift-logs/notes/", body: JSON.stringify(body) };
}

/** POST /packages/bulk/?building as the log form sends it (one package, the unit's resident notified). */
export function packageWrite(rng: Rng, b: MixBuilding, packageTypes: number[]) {
  const u = rng.pick(b.units);
  const row: Record<string, unknown> = {
    occupancy: u.occupancy,
    package_type: rng.pick(packageTypes),
    opening_comment: "",
  };
  if (u.occupant) row.send_notification_occupants = [u.occupant];
  return { method: "POST" as const, path: `/api/v1/packages/bulk/?building=${b.id}`, body: JSON.stringify([row]) };
}

/** A multipart/form-data body of text fields, as a browser's FormData sends it. */
export function multipart(fields: [string, string][]): { body: string; contentType: string } {
  const boundary = "----PorticoBenchBoundary7MA4YWxkTrZu0gW";
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}
