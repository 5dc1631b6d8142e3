/** Amenity reservations' pure display logic (labels, colours, paths). */
import {
  AMENITY_CLOSED_LABEL,
  AMENITY_DAY_LABELS,
  AMENITY_RESERVATION_TYPE_DISPLAY,
  type AmenityReservation,
  type AmenityReservationType,
} from "@portico/contract";

/** The legend's colours: Resident, Admin, Unavailable, Closed. */
export const KIND_COLOURS: Record<AmenityReservationType, { bg: string; fg: string }> = {
  TR: { bg: "#1565c0", fg: "#fff" },
  ER: { bg: "#2e7d32", fg: "#fff" },
  CR: { bg: "#6d4c41", fg: "#fff" },
};
export const CLOSED_COLOUR = "#e0e0e0";

export const LEGEND = [
  ...(["TR", "ER", "CR"] as const).map((k) => ({
    key: k,
    label: AMENITY_RESERVATION_TYPE_DISPLAY[k],
    colour: KIND_COLOURS[k].bg,
  })),
  { key: "closed", label: AMENITY_CLOSED_LABEL, colour: CLOSED_COLOUR },
];

/** 'Apt - resident': '12A - Jane Doe'; an admin booking's contact; a block's reason. */
export function whoOf(r: AmenityReservation): string {
  if (r.amenity_reservation_type === "CR") return r.reason || AMENITY_RESERVATION_TYPE_DISPLAY.CR;
  const name = r.occupant ? `${r.occupant.first_name} ${r.occupant.last_name}`.trim() : r.contact;
  const apt = r.apartment?.apartment_number;
  return [apt, name].filter(Boolean).join(" - ") || AMENITY_RESERVATION_TYPE_DISPLAY[r.amenity_reservation_type];
}

/** 'Today', 'Tomorrow' or the given formatted date. */
export function dayLabel(day: string, today: string, tomorrow: string, formatted: string): string {
  if (day === today) return AMENITY_DAY_LABELS.today;
  if (day === tomorrow) return AMENITY_DAY_LABELS.tomorrow;
  return formatted;
}

export const amenityPaths = {
  list: (b: number) => `/${b}/amenity-reservations`,
  type: (b: number, type: number) => `/${b}/amenity-reservations/amenity-type/${type}`,
  clubs: (b: number) => `/${b}/clubs`,
  members: (b: number, club: number) => `/${b}/clubs/${club}/members`,
};
