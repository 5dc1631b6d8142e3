/**
 * The unit profile's rules as plain functions (document 1 sections 4 and 5), so that the page
 * and its tests agree: the alerts, the residents title, the Edited marker, the note-link URL
 * rule, resident names and change notes.
 */
import {
  OCCUPANCY_NOTE_EDITED_AFTER_MS,
  type Occupancy,
  type OccupancyNote,
  type Occupant,
  type TrackField,
} from "@portico/contract";
import { formatDate } from "../../../../lib/dates.ts";
import type { ChangeLine } from "../../../../components/EventList.tsx";

// Alerts ------------------------------------------------------------------------------------------

export type ProfileAlertKind = "do-not-disturb" | "lease-expired" | "vacated";

export interface ProfileAlert {
  kind: ProfileAlertKind;
  severity: "error" | "warning" | "info";
  title: string;
  text: string;
}

type AlertInput = Pick<
  Occupancy,
  "is_active" | "is_do_not_disturb" | "lease_end_date" | "move_out_date" | "occupant_set"
>;

/**
 * The profile alerts, in the order they show:
 * - do not disturb: the occupancy is active and marked do-not-disturb;
 * - lease expired but active occupants: the lease ended before today (building time zone) and
 *   the occupancy is still active with active residents;
 * - all tenants vacated: a move-out date is set.
 * `today` is 'YYYY-MM-DD' in the building's time zone.
 */
export function profileAlerts(o: AlertInput, today: string): ProfileAlert[] {
  const out: ProfileAlert[] = [];
  if (o.is_active && o.is_do_not_disturb)
    out.push({
      kind: "do-not-disturb",
      severity: "error",
      title: "Do not disturb",
      text: "The residents of this unit asked not to be disturbed. Do not knock, call up or send anyone to the door.",
    });
  if (o.is_active && o.lease_end_date && o.lease_end_date < today && o.occupant_set.length > 0)
    out.push({
      kind: "lease-expired",
      severity: "warning",
      title: "Lease expired but active occupants",
      text: `The lease ended on ${formatDate(o.lease_end_date)}, but this unit still has ${
        o.occupant_set.length === 1 ? "an active resident" : `${o.occupant_set.length} active residents`
      }.`,
    });
  if (o.move_out_date) {
    const past = o.move_out_date <= today;
    out.push({
      kind: "vacated",
      severity: "info",
      title: past ? "All tenants vacated" : "All tenants vacating",
      text: past
        ? `All tenants moved out on ${formatDate(o.move_out_date)}.`
        : `All tenants move out on ${formatDate(o.move_out_date)}.`,
    });
  }
  return out;
}

// Residents ---------------------------------------------------------------------------------------

export const INACTIVE_RESIDENTS_TITLE = "Residents - DO NOT HAND OUT KEYS YET";

/** 'Residents', or the keys warning when the occupancy is inactive. */
export const residentsTitle = (o: Pick<Occupancy, "is_active">) =>
  o.is_active ? "Residents" : INACTIVE_RESIDENTS_TITLE;

export const occupantName = (o: Pick<Occupant, "first_name" | "last_name" | "username">) =>
  `${o.first_name} ${o.last_name}`.trim() || o.username;

/** Replacing an ID card needs a first or last name. */
export const hasIdCardName = (o: Pick<Occupant, "first_name" | "last_name">) =>
  !!(o.first_name.trim() || o.last_name.trim());

// Internal office notes -------------------------------------------------------------------------

/** Edited when lastModified is more than 1 s after dateCreated. */
export function isNoteEdited(n: Pick<OccupancyNote, "dateCreated" | "lastModified">): boolean {
  const created = Date.parse(n.dateCreated);
  const modified = Date.parse(n.lastModified);
  if (Number.isNaN(created) || Number.isNaN(modified)) return false;
  return modified - created > OCCUPANCY_NOTE_EDITED_AFTER_MS;
}

export const noteAuthorName = (n: OccupancyNote) => {
  const a = n.entered_by;
  if (!a) return "Unknown";
  return `${a.first_name} ${a.last_name}`.trim() || a.username;
};

// Subscriptions ---------------------------------------------------------------------------------

export const TRACK_LABELS: Record<TrackField, string> = {
  track_instructions: "Instructions",
  track_maintenance_requests: "Maintenance requests",
  track_packages: "Packages",
  track_service_elevators: "Service elevators",
  track_shift_log_notes: "Shift log notes",
};

// Change notes ----------------------------------------------------------------------------------

const FIELD_LABELS: Record<string, string> = {
  apartment_number: "Unit",
  lease_start_date: "Lease start date",
  lease_end_date: "Lease end date",
  move_in_date: "Move-in date",
  move_out_date: "Move-out date",
  is_do_not_disturb: "Do not disturb",
  is_active: "Active",
  external_lease_id: "External lease id",
  first_name: "First name",
  last_name: "Last name",
  email: "Email",
  phone_number: "Phone",
  pronouns: "Pronouns",
  emergency_contact_info: "Emergency contact",
  type: "Resident type",
  note: "Note",
  comment: "Comment",
  is_manager_only: "Managers only",
  is_text_maintenance_activity: "Text: maintenance activity",
  is_email_maintenance_activity: "Email: maintenance activity",
  is_text_package_activity: "Text: package activity",
  is_email_package_activity: "Email: package activity",
};

const readable = (v: string) => {
  if (v === "None") return "(empty)";
  if (v === "true" || v === "True") return "Yes";
  if (v === "false" || v === "False") return "No";
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  return v;
};

/** 'Changes: a: x ==> y; b: …' → lines with readable labels and values; null when not a change note. */
export function parseChangeNote(note: string): ChangeLine[] | null {
  if (!note.startsWith("Changes: ")) return null;
  const rest = note.slice("Changes: ".length);
  const parts = rest.split(/; (?=[a-z_]+: )/);
  const lines: ChangeLine[] = [];
  for (const part of parts) {
    const m = part.match(/^([a-z_]+): ([\s\S]*?) ==> ([\s\S]*)$/);
    if (!m) return null;
    lines.push({ field: FIELD_LABELS[m[1]] ?? m[1].replace(/_/g, " "), from: readable(m[2]), to: readable(m[3]) });
  }
  return lines;
}
