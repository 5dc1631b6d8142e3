/**
 * Service elevator reservations, pure logic (document 3 sections 2, 4, 5 and 9): paths, the
 * list's filters as the URL holds them, the form's time slots, and the calendar's events.
 */
import {
  ELEVATOR_DEFAULT_ORDERING as DEFAULT_ORDERING,
  ELEVATOR_MESSAGES as M,
  type ElevatorReservation,
  isEarlyMoveOut,
  isOutsideLease,
  isValidDay,
  timeLabel,
} from "@portico/contract";
import { dateFilterErrors } from "../../components/listUrl.ts";

export { DEFAULT_ORDERING };

const base = (b: number) => `/${b}/reservations`;

export const reservationPaths = {
  list: (b: number, search = "") => `${base(b)}/list${search ? `?${search}` : ""}`,
  calendar: (b: number) => `${base(b)}/calendar`,
  create: (b: number, date?: string) => `${base(b)}/create${date ? `?date=${date}` : ""}`,
  edit: (b: number, id: number) => `${base(b)}/${id}/edit`,
  adminTypes: "/admin/settings/reservation-types",
  adminTypeCreate: "/admin/settings/reservation-types/create",
  adminTypeEdit: (id: number) => `/admin/settings/reservation-types/edit/${id}`,
};

/** The list's filters, in the URL under the API's names. */
export const RESERVATION_FILTERS = [
  "status",
  "min_start_date",
  "max_start_date",
  "apartment",
  "reservation_type",
] as const;
export type ReservationFilter = (typeof RESERVATION_FILTERS)[number];
export type ReservationFilters = Record<ReservationFilter, string>;

/** The DataTable's sortable columns → the API's ordering keys. */
export const SORT_KEYS = { start_time: "start_time", date_created: "date_created" } as const;

export function filtersOf(params: URLSearchParams): ReservationFilters {
  return Object.fromEntries(RESERVATION_FILTERS.map((k) => [k, params.get(k) ?? ""])) as ReservationFilters;
}

/** The date filters' messages ('Invalid date', an end before its start). */
export const reservationFilterErrors = (f: ReservationFilters) =>
  dateFilterErrors(f, [["min_start_date", "max_start_date"]], isValidDay);

/** The URL's changes of a search: the filters, back to the first page. */
export const urlChangesOf = (f: ReservationFilters): Record<string, string | null> => ({ ...f, offset: null });

/** What the list asks the API: the filters given, the ordering, the page. */
export function listQuery(params: URLSearchParams, paging: { limit: number; offset: number }) {
  const q: Record<string, string | number> = { ordering: params.get("ordering") || DEFAULT_ORDERING, ...paging };
  for (const [k, v] of Object.entries(filtersOf(params))) if (v) q[k] = v;
  return q;
}

// ---------------------------------------------------------------------------------------------
// What a row shows

/** The flags of a reservation (section 9): early Move-Out, '*Outside of current lease'. */
export function flagsOf(r: ElevatorReservation): string[] {
  const out: string[] = [];
  if (isEarlyMoveOut(r)) out.push(M.earlyMoveOut);
  if (isOutsideLease(r)) out.push(M.outsideLease);
  return out;
}

/** Who it is for: the resident, else the custom contact name. */
export const contactOf = (r: ElevatorReservation) => r.occupant || r.custom_name || "";

/** '9:00 AM – 10:00 AM' */
export const timeRangeOf = (r: ElevatorReservation) => `${timeLabel(r.start_clock)} – ${timeLabel(r.end_clock)}`;

/** '11/30/2026' of '2026-11-30'. */
export const dayLabel = (day: string) =>
  day.length >= 10 ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : day;

/** The calendar's title of a reservation: 'MO 4B – Jane Doe'. */
export const eventTitleOf = (r: ElevatorReservation) =>
  [r.reservation_type_short_name || r.reservation_type_name, r.apartment_number, contactOf(r) && `– ${contactOf(r)}`]
    .filter(Boolean)
    .join(" ");
