import { z } from "zod";
import { blankableText, boolField, Id, MAX_ID, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { EmailRecipientsField } from "./maintenance-settings.ts";

/**
 * Service elevator reservation types (document 3 sections 2, 3, 5, 6, 7): portfolio-level types
 * (Move-In, Move-Out, Delivery …) each offered in the buildings it lists (building_ids). Office
 * (OF) manages them in /admin/settings/reservation-types; immutable ones cannot be edited or
 * toggled. A new reservation of a type mails its email_recipients with its new_reservation_email_text;
 * instructions_text is shown on the reservation form when the type is picked.
 *
 * Move-Out: a type is the move-out type when its short name is 'MO' or its name reads 'Move-Out'
 * (any case, with or without the hyphen or space) — see `isMoveOutType`. No extra column: the
 * spec's fields are enough to tell it.
 */

// ---------------------------------------------------------------------------------------------
// Constants and messages

export const RESERVATION_TYPE_LIMITS = {
  name: 100,
  short_name: 20,
  instructions_text: 4000,
  new_reservation_email_text: 4000,
} as const;
/** The list answers up to 500 a page (the screens ask limit=500), 500 by default. */
export const RESERVATION_TYPE_PAGE_SIZE = 500;
export const RESERVATION_TYPE_MAX_LIMIT = 500;

/** The form's messages are the spec's; the rest are ours. */
export const RESERVATION_TYPE_MESSAGES = {
  nameRequired: "Name is required",
  shortNameRequired: "Short name is required",
  buildingsRequired: "Please select one or more buildings",
  numberRequired: "Please enter a number",
  // Ours
  nameTaken: "reservation type with this name already exists.",
  immutable: "This reservation type cannot be edited.",
  buildingNotAllowed: (id: number) => `You do not have access to building ${id}.`,
  created: "Reservation type created",
  updated: "Reservation type updated",
  activated: "Reservation type activated",
  deactivated: "Reservation type deactivated",
} as const;
const M = RESERVATION_TYPE_MESSAGES;

// ---------------------------------------------------------------------------------------------
// The entity

/** A reservation type; display_order may be a decimal (e.g. 1.5 sorts between 1 and 2). */
export const ReservationType = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
  display_order: z.number(),
  building_ids: z.array(z.number().int()),
  instructions_text: z.string(),
  new_reservation_email_text: z.string(),
  /** Addresses joined with ';'. */
  email_recipients: z.string(),
});
export type ReservationType = z.infer<typeof ReservationType>;

const MOVE_OUT_NAME = "moveout";
/** Is this the Move-Out type? short_name 'MO', or the name 'Move-Out' (any case, '-', ' ' or nothing between). */
export function isMoveOutType(t: { name?: string | null; short_name?: string | null }): boolean {
  if ((t.short_name ?? "").trim().toUpperCase() === "MO") return true;
  return (t.name ?? "").toLowerCase().replace(/[\s_-]+/g, "") === MOVE_OUT_NAME;
}

// ---------------------------------------------------------------------------------------------
// Queries and writes

/**
 * GET /reservations/reservation-types/?building — display order, then name. With `building`: the
 * types listing that building (the user must have access to it); without: every type (Office, the
 * admin screen) — other roles get the types of their buildings. is_active filters. limit ≤ 500.
 */
export const ReservationTypeQuery = PageQuery.extend({
  building: Id.optional(),
  is_active: queryBool.optional(),
  limit: z.coerce.number().int().min(1).max(RESERVATION_TYPE_MAX_LIMIT).optional(),
});
export type ReservationTypeQuery = z.infer<typeof ReservationTypeQuery>;
export type ReservationTypeQueryInput = z.input<typeof ReservationTypeQuery>;

/** Display order: required, a number ≥ 0 (integer or decimal); 'Please enter a number' otherwise. */
export const reservationDisplayOrder = () =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ error: M.numberRequired })
      .refine((n) => Number.isFinite(n), M.numberRequired)
      .min(0, M.numberRequired)
      .max(MAX_ID, MESSAGES.maxValue(MAX_ID)),
  );

/** building_ids: one or more building ids (a list, or a comma string from a form). */
export const ReservationTypeBuildings = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : typeof v === "number"
        ? [v]
        : v,
  z
    .array(Id, { error: M.buildingsRequired })
    .min(1, M.buildingsRequired)
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
);

const typeFields = {
  name: requiredFieldText(RESERVATION_TYPE_LIMITS.name, M.nameRequired),
  short_name: requiredFieldText(RESERVATION_TYPE_LIMITS.short_name, M.shortNameRequired),
  display_order: reservationDisplayOrder(),
  building_ids: ReservationTypeBuildings,
  instructions_text: blankableText(RESERVATION_TYPE_LIMITS.instructions_text).optional(),
  new_reservation_email_text: blankableText(RESERVATION_TYPE_LIMITS.new_reservation_email_text).optional(),
  email_recipients: EmailRecipientsField.optional(),
  is_active: boolField().optional(),
};

/**
 * POST /reservations/reservation-types/ (Office): name, short_name, display_order and building_ids
 * required; the texts and email_recipients optional; is_active defaults to true. A name already
 * used (any case) → name: 'reservation type with this name already exists.'. 201 with the type.
 */
export const ReservationTypeWrite = z.object(typeFields);
export type ReservationTypeWrite = z.infer<typeof ReservationTypeWrite>;
export type ReservationTypeWriteInput = z.input<typeof ReservationTypeWrite>;

/** PATCH /reservations/reservation-types/{id}/ (Office): any subset; an immutable type → 403 'This reservation type cannot be edited.' */
export const ReservationTypePatch = z.object(typeFields).partial();
export type ReservationTypePatch = z.infer<typeof ReservationTypePatch>;
export type ReservationTypePatchInput = z.input<typeof ReservationTypePatch>;
