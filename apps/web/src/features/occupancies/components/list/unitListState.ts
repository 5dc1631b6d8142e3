/**
 * The unit list's filters, order and paging, kept in the URL (document 1 sections 2.4, 5, 9):
 * defaults active_only true, display_vacant false, ordering apartment_number, 30 a page;
 * clearing removes empty strings and empty arrays; a new search starts again at offset 0.
 * The phone filter compares digits only.
 */
import {
  UNIT_LIST_DEFAULT_LIMIT,
  UNIT_LIST_DEFAULT_ORDERING,
  UNIT_LIST_ORDERINGS,
  isDateRangeReversed,
  isValidDay,
} from "@portico/contract";
import type { QueryParams } from "../../../../lib/api.ts";

/** The filter form's values. */
export interface UnitListFilters {
  search: string;
  phone: string;
  display_vacant: boolean;
  min_lease_start_date: string;
  max_lease_start_date: string;
  /** Building ids (as text), or ['all']; empty = the page's building. */
  buildings: string[];
  active_only: boolean;
  balcony_only: boolean;
}

export interface UnitListState extends UnitListFilters {
  ordering: string;
  limit: number;
  offset: number;
}

export const ALL_BUILDINGS = "all";

export const DEFAULT_FILTERS: UnitListFilters = {
  search: "",
  phone: "",
  display_vacant: false,
  min_lease_start_date: "",
  max_lease_start_date: "",
  buildings: [],
  active_only: true,
  balcony_only: false,
};

export const DEFAULT_STATE: UnitListState = {
  ...DEFAULT_FILTERS,
  ordering: UNIT_LIST_DEFAULT_ORDERING,
  limit: UNIT_LIST_DEFAULT_LIMIT,
  offset: 0,
};

const ORDERINGS = new Set<string>([...UNIT_LIST_ORDERINGS, ...UNIT_LIST_ORDERINGS.map((o) => `-${o}`)]);

const bool = (v: string | null, fallback: boolean) => {
  if (v === null || v === "") return fallback;
  return ["true", "1", "yes", "on"].includes(v.toLowerCase());
};

const count = (v: string | null, fallback: number, min: number) => {
  if (v === null || !/^\d+$/.test(v)) return fallback;
  const n = Number(v);
  return n >= min ? n : fallback;
};

/** Digits only (the phone filter). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, "");

/** The state a URL describes; anything missing or unreadable takes its default. */
export function readUnitListState(params: URLSearchParams): UnitListState {
  const text = (k: keyof UnitListFilters) => params.get(k) ?? "";
  const ordering = params.get("ordering") ?? "";
  const buildings = (params.getAll("buildings").join(",") || "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    search: text("search"),
    phone: text("phone"),
    display_vacant: bool(params.get("display_vacant"), DEFAULT_STATE.display_vacant),
    min_lease_start_date: text("min_lease_start_date"),
    max_lease_start_date: text("max_lease_start_date"),
    buildings: buildings.some((b) => b.toLowerCase() === ALL_BUILDINGS) ? [ALL_BUILDINGS] : buildings,
    active_only: bool(params.get("active_only"), DEFAULT_STATE.active_only),
    balcony_only: bool(params.get("balcony_only"), DEFAULT_STATE.balcony_only),
    ordering: ORDERINGS.has(ordering) ? ordering : DEFAULT_STATE.ordering,
    limit: count(params.get("limit"), DEFAULT_STATE.limit, 1),
    offset: count(params.get("offset"), DEFAULT_STATE.offset, 0),
  };
}

/**
 * Clearing: empty strings, empty arrays, null and undefined are left out; booleans are written
 * as 'true'/'false' (active_only defaults to true, so its 'false' must stay); arrays are joined
 * with commas.
 */
export function cleanQuery(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      const items = v.map((x) => String(x).trim()).filter(Boolean);
      if (items.length) out[k] = items.join(",");
    } else if (typeof v === "string") {
      if (v.trim() !== "") out[k] = v.trim();
    } else out[k] = String(v);
  }
  return out;
}

/** How many filters besides the text search differ from the defaults (shown on phones). */
export function countExtraFilters(f: UnitListFilters): number {
  let n = 0;
  if (f.phone.trim()) n++;
  if (f.min_lease_start_date || f.max_lease_start_date) n++;
  if (f.buildings.length) n++;
  if (f.display_vacant !== DEFAULT_FILTERS.display_vacant) n++;
  if (f.active_only !== DEFAULT_FILTERS.active_only) n++;
  if (f.balcony_only !== DEFAULT_FILTERS.balcony_only) n++;
  return n;
}

/** Two sets of filters that make the same URL (and so the same search). */
export function sameFilters(a: UnitListFilters, b: UnitListFilters): boolean {
  const key = (f: UnitListFilters) => JSON.stringify(Object.entries(cleanQuery({ ...f })).sort());
  return key(a) === key(b);
}

/** The URL's query for a state (the same keys the API takes). */
export function unitListStateToParams(state: UnitListState): URLSearchParams {
  return new URLSearchParams(cleanQuery({ ...state }));
}

/** A new search: the form's filters, back to the first page; order and page size stay. */
export function applySearch(current: UnitListState, filters: UnitListFilters): UnitListState {
  return { ...current, ...filters, offset: 0 };
}

/** Back to every default (order and page size included). */
export const resetState = (): UnitListState => ({ ...DEFAULT_STATE });

/** Filters of a state, for the form. */
export function filtersOf(state: UnitListState): UnitListFilters {
  const { ordering: _o, limit: _l, offset: _f, ...filters } = state;
  return filters;
}

/** Dates of a state that are not a real 'YYYY-MM-DD' day (the list is not asked then). */
export function invalidDates(state: Pick<UnitListFilters, "min_lease_start_date" | "max_lease_start_date">) {
  return (["min_lease_start_date", "max_lease_start_date"] as const).filter(
    (k) => state[k] !== "" && !isValidDay(state[k]),
  );
}

/** The lease start range ends before it starts (the list is not asked then). */
export const reversedDates = (state: Pick<UnitListFilters, "min_lease_start_date" | "max_lease_start_date">) =>
  isDateRangeReversed(state.min_lease_start_date, state.max_lease_start_date);

/**
 * The API query of a state. The buildings filter is left out when it is only the page's
 * building; the phone is sent as digits.
 */
export function toApiQuery(state: UnitListState, building: number): QueryParams {
  const onlyHere =
    state.buildings.length === 0 || (state.buildings.length === 1 && state.buildings[0] === String(building));
  return cleanQuery({
    search: state.search,
    phone: phoneDigits(state.phone),
    display_vacant: state.display_vacant,
    min_lease_start_date: state.min_lease_start_date,
    max_lease_start_date: state.max_lease_start_date,
    buildings: onlyHere ? [] : state.buildings,
    active_only: state.active_only,
    balcony_only: state.balcony_only,
    ordering: state.ordering,
    limit: state.limit,
    offset: state.offset,
  });
}

/** The columns that sort (their ordering keys are their names). */
export const SORTABLE_FIELDS = ["apartment_number", "lease_start_date", "lease_end_date"] as const;
