/**
 * The shift log's rules that are not drawing: the note form (schema, payload, drafts), the
 * Edited marker, grouping by day, who may edit, and the search page's URL state.
 */
import { z } from "zod";
import dayjs, { type Dayjs } from "dayjs";
import {
  can,
  type Me,
  SHIFT_LOG_DEFAULT_ORDERING,
  SHIFT_LOG_EDITED_AFTER_MS,
  SHIFT_LOG_MESSAGES,
  SHIFT_LOG_NO_UNIT,
  SHIFT_LOG_SEARCH_DEFAULT_DAYS_BACK,
  SHIFT_LOG_SEARCH_DEFAULT_LIMIT,
  type ShiftLogNote,
  ShiftLogNoteBody,
  ShiftLogNoteLocation,
  type ShiftLogNoteWriteInput,
  dateRangeOrder,
  isDateRangeReversed,
  isValidDateFilter,
} from "@portico/contract";
import type { QueryParams } from "../../lib/api.ts";
import { checkedBy } from "../../lib/forms.ts";
import { dayInZone, inZone } from "../../lib/zonedDates.ts";
import { subjectOf } from "../../lib/session.tsx";
import type { ChangeLine } from "../../components/EventList.tsx";

export const NONE = SHIFT_LOG_NO_UNIT;
/** A units picker value: an apartment id or 'None'. */
export type UnitValue = number | typeof NONE;

// ---------------------------------------------------------------------------------------------
// Edited marker

/** Edited: last_modified more than `afterMs` after creation (1 s; 2 s in the admin list). */
export function isEdited(
  note: Pick<ShiftLogNote, "date_created" | "last_modified">,
  afterMs: number = SHIFT_LOG_EDITED_AFTER_MS,
): boolean {
  const created = Date.parse(note.date_created);
  const modified = Date.parse(note.last_modified);
  return Number.isFinite(created) && Number.isFinite(modified) && modified - created > afterMs;
}

// ---------------------------------------------------------------------------------------------
// Permissions

/** Edit: the owner or manager-level (admins edit any); delete: admins. End-of-shift notes are fixed. */
export function noteAbilities(me: Me, note: ShiftLogNote): { edit: boolean; delete: boolean } {
  const subject = subjectOf(me);
  const where = { id: note.building.id };
  const mayEdit = note.owner.id === me.id || can(subject, "shiftlog.edit_any", where);
  return {
    edit: mayEdit && can(subject, "shiftlog.view", where) && !note.is_end_of_shift,
    delete: can(subject, "shiftlog.delete", where),
  };
}

// ---------------------------------------------------------------------------------------------
// Grouping

export interface NoteDay {
  /** 'YYYY-MM-DD' in the building's time zone. */
  day: string;
  notes: ShiftLogNote[];
}

/** Consecutive notes of the same day (building time zone), in the given order. */
export function groupByDay(notes: readonly ShiftLogNote[], tz?: string | null): NoteDay[] {
  const out: NoteDay[] = [];
  for (const note of notes) {
    const day = inZone(note.date_created, tz).format("YYYY-MM-DD");
    const last = out[out.length - 1];
    if (last && last.day === day) last.notes.push(note);
    else out.push({ day, notes: [note] });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The note form

export type NoteFormMode = "create" | "edit" | "end-of-shift";

export interface NoteFormValues {
  body: string;
  /** '' = no type. */
  shift_log_type_id: string;
  apartment_ids: UnitValue[];
  is_high_priority: boolean;
  location: string;
}

export const emptyNoteValues = (): NoteFormValues => ({
  body: "",
  shift_log_type_id: "",
  apartment_ids: [],
  is_high_priority: false,
  location: "",
});

const unitValue = z.union([z.number().int().positive(), z.literal(NONE)]);

/** The form's rules (document 1 section 5), messages word for word. */
export function noteFormSchema(mode: NoteFormMode) {
  return z
    .object({
      // The server's own rules (required; at most SHIFT_LOG_NOTE_BODY_MAX characters once trimmed).
      body: z.string().superRefine(checkedBy(ShiftLogNoteBody)),
      shift_log_type_id: z.string(),
      apartment_ids: z.array(unitValue),
      is_high_priority: z.boolean(),
      location: z.string().superRefine(checkedBy(ShiftLogNoteLocation)),
    })
    .superRefine((v, ctx) => {
      if (v.apartment_ids.includes(NONE) && v.apartment_ids.length > 1)
        ctx.addIssue({ code: "custom", path: ["apartment_ids"], message: SHIFT_LOG_MESSAGES.noneWithUnits });
      else if (mode !== "end-of-shift" && v.apartment_ids.length === 0)
        ctx.addIssue({ code: "custom", path: ["apartment_ids"], message: SHIFT_LOG_MESSAGES.unitsRequired });
    });
}

/** The write payload (the 'None' choice is `no_apartment: true` with `apartment_ids: []`). */
export function toNotePayload(
  values: NoteFormValues,
  opts: { mode: NoteFormMode; buildingId: number; recordsLocation: boolean },
): ShiftLogNoteWriteInput {
  const none = values.apartment_ids.includes(NONE);
  const ids = values.apartment_ids.filter((v): v is number => typeof v === "number");
  const payload: ShiftLogNoteWriteInput = {
    body: values.body.trim(),
    apartment_ids: none ? [] : ids,
    is_high_priority: values.is_high_priority,
  };
  if (none) payload.no_apartment = true;
  if (opts.mode === "end-of-shift") payload.is_end_of_shift = true;
  else payload.shift_log_type_id = values.shift_log_type_id ? Number(values.shift_log_type_id) : null;
  if (opts.mode !== "edit") payload.building_id = opts.buildingId;
  if (opts.recordsLocation && opts.mode !== "end-of-shift") payload.location = values.location.trim() || null;
  return payload;
}

/** The form's values for an existing note (no units = 'None'). */
export function noteToValues(note: ShiftLogNote): NoteFormValues {
  return {
    body: note.body,
    shift_log_type_id: note.shift_log_type_id ? String(note.shift_log_type_id) : "",
    apartment_ids: note.apartments.length ? note.apartments.map((a) => a.id) : [NONE],
    is_high_priority: note.is_high_priority,
    location: note.location ?? "",
  };
}

// ---------------------------------------------------------------------------------------------
// Drafts (local storage, per building and user)

export const draftKey = (userId: number, buildingId: number, mode: "create" | "end-of-shift" = "create") =>
  `portico.shift-log-draft.${userId}.${buildingId}${mode === "end-of-shift" ? ".end-of-shift" : ""}`;

const DraftSchema = z.object({
  body: z.string().catch(""),
  shift_log_type_id: z.string().catch(""),
  apartment_ids: z.array(unitValue).catch([]),
  is_high_priority: z.boolean().catch(false),
  location: z.string().catch(""),
});

const isEmptyDraft = (v: NoteFormValues) =>
  !v.body.trim() && !v.shift_log_type_id && v.apartment_ids.length === 0 && !v.is_high_priority && !v.location.trim();

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function loadDraft(key: string): NoteFormValues | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = DraftSchema.safeParse(JSON.parse(raw));
    return parsed.success && !isEmptyDraft(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves the values (an empty form removes the draft). */
export function saveDraft(key: string, values: NoteFormValues): void {
  const s = storage();
  if (!s) return;
  try {
    if (isEmptyDraft(values)) s.removeItem(key);
    else s.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the form still works, only the draft is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore
  }
}

// ---------------------------------------------------------------------------------------------
// Search page URL state

/** The query parameters the search page keeps in its URL (document 1 sections 2.2, 7). */
export const SEARCH_PARAMS = [
  "offset",
  "limit",
  "ordering",
  "shift_log_type_id",
  "min_date_created",
  "max_date_created",
  "include_apartments",
  "exclude_apartments",
  "apartment_number",
  "search",
  "is_high_priority",
  "only_edited",
  "has_apartment_filter",
] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];
export type SearchState = Partial<Record<SearchParam, string>>;

/**
 * Clearing (document 1 section 5): empty strings, empty arrays, the 'all' type, false
 * checkboxes and missing values are removed; arrays become comma lists.
 */
export function cleanQuery(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === false) continue;
    if (Array.isArray(v)) {
      const parts = v.map((x) => String(x).trim()).filter((x) => x !== "");
      if (parts.length) out[k] = parts.join(",");
      continue;
    }
    const s = String(v).trim();
    if (s === "" || (k === "shift_log_type_id" && s.toLowerCase() === "all")) continue;
    out[k] = s;
  }
  return out;
}

export function defaultSearchState(tz?: string | null, now: number = Date.now()): SearchState {
  return {
    offset: "0",
    limit: String(SHIFT_LOG_SEARCH_DEFAULT_LIMIT),
    ordering: SHIFT_LOG_DEFAULT_ORDERING,
    min_date_created: dayInZone(tz, SHIFT_LOG_SEARCH_DEFAULT_DAYS_BACK, now),
  };
}

/**
 * The state in a URL. The page always writes `offset`; a URL without it (a link from
 * elsewhere, the first visit) gets the defaults for whatever it leaves out, and `complete`
 * says it should be rewritten.
 */
export function readSearchState(
  params: URLSearchParams,
  defaults: SearchState,
): { state: SearchState; complete: boolean } {
  const given: Record<string, string> = {};
  for (const key of SEARCH_PARAMS) {
    const all = params.getAll(key);
    if (all.length) given[key] = all.join(",");
  }
  const cleaned = cleanQuery(given) as SearchState;
  if (params.has("offset")) return { state: cleaned, complete: true };
  return { state: { ...defaults, ...cleaned }, complete: false };
}

export function searchStateToParams(state: SearchState): URLSearchParams {
  const cleaned = cleanQuery(state);
  const p = new URLSearchParams();
  for (const key of SEARCH_PARAMS) if (cleaned[key] !== undefined) p.set(key, cleaned[key]);
  return p;
}

/** A new search: the filters replace the old ones, offset goes back to 0, limit and order stay. */
export function applySearch(current: SearchState, filters: SearchState): SearchState {
  return cleanQuery({
    ...filters,
    offset: "0",
    limit: current.limit ?? String(SHIFT_LOG_SEARCH_DEFAULT_LIMIT),
    ordering: current.ordering ?? SHIFT_LOG_DEFAULT_ORDERING,
  }) as SearchState;
}

export const pageOf = (state: SearchState) => {
  const limit = Math.max(1, Number(state.limit) || SHIFT_LOG_SEARCH_DEFAULT_LIMIT);
  const offset = Math.max(0, Number(state.offset) || 0);
  return { limit, offset };
};

/** The dates in the state that are not a four-digit year, month and day. */
export function invalidDates(state: SearchState): SearchParam[] {
  return (["min_date_created", "max_date_created"] as const).filter(
    (k) => state[k] !== undefined && !isValidDateFilter(state[k]!),
  );
}

/** The state's dates are in the wrong order (the end before the start). */
export const reversedDates = (state: SearchState): boolean =>
  isDateRangeReversed(state.min_date_created, state.max_date_created);

/** The list call's parameters for a state (every filter as the API names it). */
export function toApiQuery(state: SearchState): QueryParams {
  const { limit, offset } = pageOf(state);
  return { ...cleanQuery(state), limit, offset, ordering: state.ordering || SHIFT_LOG_DEFAULT_ORDERING };
}

// The filter form -----------------------------------------------------------------------------

export interface FilterValues {
  /** 'all' or a type id. */
  shift_log_type_id: string;
  min_date_created: Dayjs | null;
  max_date_created: Dayjs | null;
  include_apartments: UnitValue[];
  search: string;
  is_high_priority: boolean;
  only_edited: boolean;
}

/** A picked date counts when it has a four-digit year, a month and a day. */
export const isValidPickedDate = (d: Dayjs | null) =>
  d === null || (d.isValid() && d.year() >= 1000 && d.year() <= 9999);

const pickedDate = z
  .custom<Dayjs | null>((v) => v === null || dayjs.isDayjs(v))
  .refine(isValidPickedDate, {
    message: SHIFT_LOG_MESSAGES.invalidDate,
  });

const pickedDay = (d: Dayjs | null) => (d && isValidPickedDate(d) ? d.format("YYYY-MM-DD") : undefined);

export const filterSchema = z
  .object({
    shift_log_type_id: z.string(),
    min_date_created: pickedDate,
    max_date_created: pickedDate,
    include_apartments: z.array(unitValue),
    search: z.string(),
    is_high_priority: z.boolean(),
    only_edited: z.boolean(),
  })
  // The contract's range rule, on the picked days.
  .superRefine((v, ctx) =>
    dateRangeOrder([["min_date_created", "max_date_created"]])(
      { min_date_created: pickedDay(v.min_date_created), max_date_created: pickedDay(v.max_date_created) },
      ctx,
    ),
  );

const parseDay = (v: string | undefined): Dayjs | null => {
  if (!v) return null;
  return isValidDateFilter(v) ? dayjs(v.slice(0, 10)) : dayjs("invalid");
};

export function filtersFromState(state: SearchState): FilterValues {
  const units = (state.include_apartments ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s): UnitValue | null => (s.toLowerCase() === NONE ? NONE : /^\d+$/.test(s) ? Number(s) : null))
    .filter((v): v is UnitValue => v !== null);
  return {
    shift_log_type_id: state.shift_log_type_id ?? "all",
    min_date_created: parseDay(state.min_date_created),
    max_date_created: parseDay(state.max_date_created),
    include_apartments: units,
    search: state.search ?? "",
    is_high_priority: state.is_high_priority === "true",
    only_edited: state.only_edited === "true",
  };
}

/** The filters of the form as URL state (the hidden filters of the current URL are kept). */
export function filtersToState(values: FilterValues, current: SearchState = {}): SearchState {
  const day = (d: Dayjs | null) => (d && d.isValid() ? d.format("YYYY-MM-DD") : undefined);
  return cleanQuery({
    exclude_apartments: current.exclude_apartments,
    apartment_number: current.apartment_number,
    has_apartment_filter: current.has_apartment_filter,
    shift_log_type_id: values.shift_log_type_id,
    min_date_created: day(values.min_date_created),
    max_date_created: day(values.max_date_created),
    include_apartments: values.include_apartments,
    search: values.search,
    is_high_priority: values.is_high_priority,
    only_edited: values.only_edited,
  }) as SearchState;
}

// ---------------------------------------------------------------------------------------------
// History

const CHANGE_FIELDS: Record<string, string> = {
  body: "Note",
  shift_log_type: "Type",
  is_high_priority: "High priority",
  apartments: "Units",
  location: "Location",
};

/** 'Changes: body: a ==> b; location: None ==> Lobby' → lines; null when not a change note. */
export function parseChangeNote(note: string): ChangeLine[] | null {
  if (!note.startsWith("Changes: ")) return null;
  const rest = note.slice("Changes: ".length);
  const names = Object.keys(CHANGE_FIELDS).join("|");
  const parts = rest.split(new RegExp(`; (?=(?:${names}): )`));
  const lines: ChangeLine[] = [];
  for (const part of parts) {
    const m = part.match(/^([a-z_]+): ([\s\S]*?) ==> ([\s\S]*)$/);
    if (!m) return null;
    lines.push({ field: CHANGE_FIELDS[m[1]] ?? m[1], from: m[2], to: m[3] });
  }
  return lines;
}

export const ownerName = (owner: ShiftLogNote["owner"]) =>
  `${owner.first_name} ${owner.last_name}`.trim() || owner.username;
