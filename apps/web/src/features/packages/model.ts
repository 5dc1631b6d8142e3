/**
 * The packages screens' rules, kept apart from React so that they are easy to test:
 * the log forms (which rows count, their messages, row limits, "log and add more", the
 * server's row-indexed errors), the closing photo rule and the grid's legend and filters.
 */
import {
  type BuildingSettings,
  compareApartmentNumbers,
  MESSAGES,
  type Occupant,
  PACKAGE_LOG_ROWS,
  PACKAGE_MESSAGES as M,
  type PackageBulkRowInput,
  type PackageGrid,
  type PackageGridRow,
  type PackageGroup,
} from "@portico/contract";
import { ApiError, errorMessage } from "../../lib/api.ts";

// ---------------------------------------------------------------------------------------------
// Log forms

export type LogMode = "single" | "multi";

export interface LogRow {
  /** The unit profile (multi-unit form; the single-unit form has it on the page). */
  occupancy: number | null;
  apartment_number: string;
  /** A package type id as the select holds it ('' = none). */
  package_type: string;
  opening_comment: string;
  /** Residents to notify; null = as their preferences say (see defaultRecipients). */
  recipients: number[] | null;
}

export interface LogFormValues {
  rows: LogRow[];
}

export type LogRowField = "occupancy" | "package_type" | "opening_comment" | "recipients";

export const blankRow = (packageType = ""): LogRow => ({
  occupancy: null,
  apartment_number: "",
  package_type: packageType,
  opening_comment: "",
  recipients: null,
});

/** The rows a form starts with: 10 for one unit, 20 for several. */
export const initialRowCount = (mode: LogMode) =>
  mode === "single" ? PACKAGE_LOG_ROWS.singleUnit : PACKAGE_LOG_ROWS.multiUnit;

export function initialRows(mode: LogMode): LogRow[] {
  return Array.from({ length: initialRowCount(mode) }, () => blankRow());
}

/**
 * After "Log packages and add more": 30 rows, the package type kept. On the multi-unit form
 * every row carries it (a row counts once it has a unit); on the single-unit form the first
 * row carries it (a row there counts once it has a type), ready to log one more of the same.
 */
export function rowsAfterAddMore(mode: LogMode, keptType: string): LogRow[] {
  return Array.from({ length: PACKAGE_LOG_ROWS.afterAddMore }, (_, i) =>
    blankRow(mode === "multi" || i === 0 ? keptType : ""),
  );
}

/** Rows are added one at a time up to 100. */
export const canAddRow = (count: number) => count < PACKAGE_LOG_ROWS.max;

/**
 * Whether a row takes part in the submit. Multi-unit: it has a unit or a comment (a package
 * type alone may be the kept one). Single-unit: it has a package type or a comment.
 */
export function isRowUsed(row: LogRow, mode: LogMode): boolean {
  const comment = row.opening_comment.trim() !== "";
  return mode === "multi" ? row.occupancy !== null || comment : row.package_type !== "" || comment;
}

export interface LogValidation {
  /** Indexes of the rows that are submitted, in order. */
  used: number[];
  /** Messages per form row. */
  rowErrors: Map<number, Partial<Record<LogRowField, string>>>;
  /** 'At lease one package is required' when nothing counts. */
  formError: string | null;
}

/** The spec's log form rules (document 2 section 5), messages word for word. */
export function validateLogRows(rows: readonly LogRow[], mode: LogMode): LogValidation {
  const used: number[] = [];
  const rowErrors = new Map<number, Partial<Record<LogRowField, string>>>();
  rows.forEach((row, i) => {
    if (!isRowUsed(row, mode)) return;
    used.push(i);
    const e: Partial<Record<LogRowField, string>> = {};
    if (mode === "multi" && row.occupancy === null) e.occupancy = M.occupancyRequired;
    if (row.package_type === "") e.package_type = M.packageTypeRequired;
    if (Object.keys(e).length) rowErrors.set(i, e);
  });
  return { used, rowErrors, formError: used.length === 0 ? M.atLeastOnePackage : null };
}

/** The multi-unit submit buttons wait for a unit. */
export const hasChosenUnit = (rows: readonly LogRow[]) => rows.some((r) => r.occupancy !== null);

/** A multi-unit row with a comment but no unit ('An occupancy must be selected' under its unit). */
export const isUnitMissing = (row: Pick<LogRow, "occupancy" | "opening_comment">) =>
  row.occupancy === null && (row.opening_comment ?? "").trim() !== "";

/** The package type "log and add more" keeps: the last submitted row's. */
export function keptPackageType(rows: readonly LogRow[], used: readonly number[]): string {
  for (let k = used.length - 1; k >= 0; k--) {
    const t = rows[used[k]]?.package_type;
    if (t) return t;
  }
  return "";
}

/** Residents notified by default: active ones with package mail or texts on. */
export function defaultRecipients(
  occupants: readonly Pick<Occupant, "id" | "is_active" | "notification_preferences">[],
) {
  return occupants
    .filter(
      (o) =>
        o.is_active &&
        (o.notification_preferences.is_email_package_activity || o.notification_preferences.is_text_package_activity),
    )
    .map((o) => o.id);
}

/**
 * The POST /packages/bulk/ body for the used rows. `occupancyId` (single-unit form) is every
 * row's unit; `recipients` is the single-unit form's chosen residents. A row whose recipients
 * were never touched leaves the choice out when its unit's residents are not known yet (the
 * server then takes the unit's active residents, and sends per their preferences).
 */
export function toBulkRows(
  rows: readonly LogRow[],
  used: readonly number[],
  opts: {
    occupancyId?: number;
    recipients?: number[] | null;
    /** Default recipients per unit, when known. */
    defaults?: (occupancyId: number) => number[] | undefined;
  } = {},
): PackageBulkRowInput[] {
  return used.map((i) => {
    const row = rows[i];
    const occupancy = opts.occupancyId ?? row.occupancy!;
    const chosen = opts.occupancyId !== undefined ? (opts.recipients ?? null) : row.recipients;
    const recipients = chosen ?? opts.defaults?.(occupancy);
    const out: PackageBulkRowInput = {
      occupancy,
      package_type: Number(row.package_type),
      opening_comment: row.opening_comment.trim(),
    };
    if (recipients) out.send_notification_occupants = recipients;
    return out;
  });
}

/** Maps a payload field of the bulk body to the form row's field. */
const ROW_FIELD: Record<string, LogRowField> = {
  occupancy: "occupancy",
  package_type: "package_type",
  opening_comment: "opening_comment",
  send_notification_occupants: "recipients",
};

export interface MappedRowErrors {
  /** [form row index, field, message] */
  rows: [number, LogRowField, string][];
  /** Messages that belong to no row field. */
  other: string[];
}

/**
 * The server's row-indexed errors (`[{}, {"package_type": ["…"]}]`, one object per submitted
 * row) onto the form's rows: submitted row k is form row used[k]. A body that is not a list
 * (e.g. `{"non_field_errors": […]}`) lands in `other`.
 */
export function mapRowErrors(body: unknown, used: readonly number[]): MappedRowErrors {
  const out: MappedRowErrors = { rows: [], other: [] };
  const text = (v: unknown) => (Array.isArray(v) ? v.map(String).join(" ") : String(v));
  if (Array.isArray(body)) {
    body.forEach((item, k) => {
      if (!item || typeof item !== "object") return;
      for (const [field, msgs] of Object.entries(item as Record<string, unknown>)) {
        const target = ROW_FIELD[field];
        const formIndex = used[k];
        if (target && formIndex !== undefined) out.rows.push([formIndex, target, text(msgs)]);
        else out.other.push(text(msgs));
      }
    });
  } else if (body && typeof body === "object") {
    for (const v of Object.values(body as Record<string, unknown>)) out.other.push(text(v));
  } else if (typeof body === "string" && body) out.other.push(body);
  return out;
}

const sameRow = (a: LogRow, b: LogRow | undefined) =>
  !!b &&
  a.occupancy === b.occupancy &&
  a.package_type === b.package_type &&
  a.opening_comment === b.opening_comment &&
  a.recipients === b.recipients;

/**
 * Whether the form holds something not logged yet (for the leave prompt): a row that differs
 * from the one the form was last reset to, or an added row that counts.
 */
export const isLogFormDirty = (rows: readonly LogRow[], baseline: readonly LogRow[], mode: LogMode) =>
  rows.some((r, i) => (i < baseline.length ? !sameRow(r, baseline[i]) : isRowUsed(r, mode)));

/** The message box above the buttons after a refused submit. */
export interface LogErrorBanner {
  title: string;
  lines: string[];
}

/**
 * A refused log or batch: the row-indexed messages go under their fields; what belongs to no
 * row, and any refusal of the single-unit form's unit, goes in the box above the buttons.
 */
export function logErrorsOf(
  err: unknown,
  used: readonly number[],
  mode: LogMode,
): { rows: MappedRowErrors["rows"]; banner: LogErrorBanner | null } {
  const status = err instanceof ApiError ? `${err.status} ${err.statusText}` : "";
  if (err instanceof ApiError && err.status === 400) {
    const mapped = mapRowErrors(err.body, used);
    const occupancyRefused = mapped.rows.some(([, field]) => field === "occupancy");
    if (mode === "single" && (occupancyRefused || mapped.other.length))
      return { rows: mapped.rows, banner: { title: status, lines: [...mapped.other, M.cannotLogForOccupancy] } };
    return {
      rows: mapped.rows,
      banner: mapped.other.length ? { title: MESSAGES.formError, lines: mapped.other } : null,
    };
  }
  if (mode === "single" && err instanceof ApiError)
    return { rows: [], banner: { title: status, lines: [M.cannotLogForOccupancy] } };
  const line = err instanceof ApiError && err.status >= 500 ? err.statusText : errorMessage(err);
  return { rows: [], banner: { title: MESSAGES.formError, lines: [line] } };
}

/** Count per package type name, for the confirmation modal. */
export function summarizeByType(
  rows: readonly LogRow[],
  used: readonly number[],
  typeName: (id: string) => string,
): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const i of used) {
    const name = typeName(rows[i].package_type);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** A selection of ids with `ids` added (on) or taken out. */
export function withIds(selected: ReadonlySet<number>, ids: Iterable<number>, on: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Closing

/**
 * A closing photo is required when the building requires pictures and one of the chosen
 * packages is of a type with is_pic_required (document 2 section 5).
 */
export function closingPhotoRequired(
  settings: Pick<BuildingSettings, "packagesettings"> | undefined,
  types: readonly { is_pic_required: boolean }[],
): boolean {
  return !!settings?.packagesettings.is_require_pictures_for_building && types.some((t) => t.is_pic_required);
}

// ---------------------------------------------------------------------------------------------
// Grid

/** 'i' = inactive tenant or lease ended, 'f' = future tenant or lease not yet started. */
export function legendOf(
  row: Pick<PackageGridRow, "is_active_occupancy" | "is_lease_expired" | "is_future_occupancy">,
) {
  if (!row.is_active_occupancy || row.is_lease_expired) return "i" as const;
  if (row.is_future_occupancy) return "f" as const;
  return null;
}

export interface GridTile {
  row: PackageGridRow;
  /** The cells shown: one per package type the unit has packages of, in column order. */
  cells: { type: PackageGrid["package_types"][number]; count: number }[];
  total: number;
}

/** The grid's tiles for a Group filter ('' = every group): units with packages of those types. */
export function gridTiles(grid: PackageGrid | undefined, group: PackageGroup | ""): GridTile[] {
  if (!grid) return [];
  const types = grid.package_types.filter((t) => !group || t.group === group);
  const tiles: GridTile[] = [];
  for (const row of grid.results) {
    const byType = new Map(row.counts.map((c) => [c.package_type_id, c.count]));
    const cells = types.filter((t) => (byType.get(t.id) ?? 0) > 0).map((t) => ({ type: t, count: byType.get(t.id)! }));
    const total = cells.reduce((n, c) => n + c.count, 0);
    if (total > 0) tiles.push({ row, cells, total });
  }
  return tiles.sort((a, b) => compareApartmentNumbers(a.row.apartment_number, b.row.apartment_number));
}

// ---------------------------------------------------------------------------------------------
// Names

export const personName = (p: { first_name: string; last_name: string } | null | undefined) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : "";

/** 'Morgan, Lee' (active residents' last names). */
export const residentNames = (occupants: readonly { last_name: string; is_active: boolean }[]) =>
  [...new Set(occupants.filter((o) => o.is_active).map((o) => o.last_name))].filter(Boolean).join(", ");
