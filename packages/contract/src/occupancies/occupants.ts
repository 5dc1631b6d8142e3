import { z } from "zod";
import { AccountHolder } from "../common.ts";
import { MESSAGES } from "../messages.ts";
import { OccupantType } from "../roles.ts";
import { EMAIL_RE, OccupantTypeField, USERNAME_RE } from "./fields.ts";
import { bool, Phone, requiredId, requiredText, sameTypeFields, text } from "./parts.ts";
import { UNIT_PROFILE_MESSAGES } from "./messages.ts";

/** Residents (occupants) of a unit profile: what they are, how they are written, what they can get. */

export const NOTIFICATION_PREFERENCE_FIELDS = [
  "is_text_maintenance_activity",
  "is_email_maintenance_activity",
  "is_text_package_activity",
  "is_email_package_activity",
] as const;
export const NotificationPreferences = sameTypeFields(NOTIFICATION_PREFERENCE_FIELDS, () => z.boolean());
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/**
 * A resident of an occupancy. `email` is blank for users who may not view resident e-mails
 * (tier 2 staff). `has_account`: the resident can sign in to the tenant site (impersonation
 * finds an account).
 */
export const Occupant = AccountHolder.extend({
  /** True when the address is a no-email placeholder (managers only; false otherwise). */
  is_placeholder_email: z.boolean(),
  /** True when a real address is on file (every role; the address itself only for managers). */
  has_email: z.boolean(),
  /** True when the resident's current address bounced or complained (suppressed); clears when it changes. */
  email_bounced: z.boolean().optional().default(false),
  phone_number: z.string(),
  pronouns: z.string(),
  emergency_contact_info: z.string(),
  type: OccupantType,
  type_display: z.string(),
  is_active: z.boolean(),
  photo_url: z.string().nullable(),
  welcome_email_sent_time: z.string().nullable(),
  apartment_number: z.string(),
  occupancy_id: z.number().int(),
  building_id: z.number().int(),
  has_account: z.boolean(),
  notification_preferences: NotificationPreferences,
});
export type Occupant = z.infer<typeof Occupant>;

/**
 * A new resident row of the unit-profile form (and POST /core/occupants/).
 * - first_name / last_name: at least one ('Enter a first or last name.' under first_name);
 * - email and username: required ('This field is required.') unless no_email, which makes the
 *   server generate both (username from the name and unit, email `{username}@no-email.portico.invalid`);
 * - type: required ('This field is required'), TN, OC or CH;
 * - phone_number: an empty phone is dropped.
 */
const occupantFields = {
  first_name: text(150).optional(),
  last_name: text(150).optional(),
  email: z.string({ error: MESSAGES.notAString }).trim().max(254).optional(),
  username: z.string({ error: MESSAGES.notAString }).trim().max(150).optional(),
  phone_number: Phone.optional(),
  pronouns: text(50).optional(),
  emergency_contact_info: text(1000).optional(),
  type: OccupantTypeField,
  is_active: bool().optional(),
  no_email: bool().optional(),
  notification_preferences: NotificationPreferences.partial().optional(),
};

type OccupantIn = {
  first_name?: unknown;
  last_name?: unknown;
  email?: unknown;
  username?: unknown;
  no_email?: unknown;
};
/** Runs even when other fields failed, so that a row shows all its errors at once. */
const ALWAYS = { when: () => true } as never;
function occupantRules(raw: OccupantIn, ctx: z.RefinementCtx, opts: { partial: boolean }) {
  // Runs even when the row itself was refused (null, a number).
  if (!raw || typeof raw !== "object") return;
  const M = UNIT_PROFILE_MESSAGES;
  const str = (x: unknown) =>
    typeof x === "string" ? x.trim() : x === undefined || x === null ? undefined : String(x);
  const v = {
    first_name: str(raw.first_name),
    last_name: str(raw.last_name),
    email: str(raw.email),
    username: str(raw.username),
    no_email: raw.no_email === true,
  };
  if (!opts.partial || v.first_name !== undefined || v.last_name !== undefined) {
    if (!opts.partial && !(v.first_name ?? "") && !(v.last_name ?? ""))
      ctx.addIssue({ code: "custom", path: ["first_name"], message: M.nameRequired });
  }
  if (v.no_email) return;
  if (!opts.partial || v.email !== undefined) {
    if (!v.email) {
      if (!opts.partial || v.email === "") ctx.addIssue({ code: "custom", path: ["email"], message: M.fieldRequired });
    } else if (!EMAIL_RE.test(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: M.invalidEmail });
  }
  if (!opts.partial) {
    if (!v.username) ctx.addIssue({ code: "custom", path: ["username"], message: M.fieldRequired });
    else if (!USERNAME_RE.test(v.username))
      ctx.addIssue({ code: "custom", path: ["username"], message: M.invalidUsername });
  }
}

export const NewOccupant = z
  .object(occupantFields)
  .superRefine((v, ctx) => occupantRules(v, ctx, { partial: false }), ALWAYS);
export type NewOccupant = z.infer<typeof NewOccupant>;
export type NewOccupantInput = z.input<typeof NewOccupant>;

/** An existing or previous resident added by username. */
export const ExistingOccupant = z.object({
  username: requiredText(150),
  type: OccupantTypeField,
  is_active: bool().optional(),
});
export type ExistingOccupant = z.infer<typeof ExistingOccupant>;

/** POST /core/occupants/ (managers): a new resident of an occupancy. */
export const OccupantCreate = z
  .object({ ...occupantFields, occupancy_id: requiredId })
  .superRefine((v, ctx) => occupantRules(v, ctx, { partial: false }), ALWAYS);
export type OccupantCreate = z.infer<typeof OccupantCreate>;
export type OccupantCreateInput = z.input<typeof OccupantCreate>;

/**
 * PATCH /core/occupants/{id}/ (managers): any subset. username is read-only (sending it
 * unchanged is accepted; a different one → 'The username of a resident cannot be changed.');
 * `no_email: true` replaces the e-mail with the placeholder. Photos go through occupant-photos.
 */
export const OccupantPatch = z
  .object({ ...occupantFields, type: OccupantTypeField.optional() })
  .superRefine((v, ctx) => occupantRules(v, ctx, { partial: true }), ALWAYS);
export type OccupantPatch = z.infer<typeof OccupantPatch>;
export type OccupantPatchInput = z.input<typeof OccupantPatch>;

/**
 * GET /core/occupants/{id}/guest_details/ — the resident's unit and its active registered-guest
 * instructions. Instructions arrive with the instructions area; until then the list is empty.
 */
export const GuestDetails = z.object({
  occupant_id: z.number().int(),
  occupancy_id: z.number().int(),
  building_id: z.number().int(),
  apartment_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  registered_guests: z.array(
    z.object({
      instruction_id: z.number().int(),
      name: z.string(),
      instruction_text: z.string(),
      expiration_date: z.string().nullable(),
    }),
  ),
});
export type GuestDetails = z.infer<typeof GuestDetails>;

/** GET /core/occupants/{id}/impersonate/ (managers): a short-lived sign-in to the tenant site. */
export const ImpersonateResult = z.object({
  redirect_url: z.string(),
  access_token: z.string(),
  id_token: z.string(),
  /** Impersonation sessions are not renewable: always empty. */
  refresh_token: z.string(),
  client: z.string(),
});
export type ImpersonateResult = z.infer<typeof ImpersonateResult>;
export const IMPERSONATION_AUDIENCE = "tenant-site";
export const IMPERSONATION_TTL_SECONDS = 120;

/** Welcome e-mails to one resident: at most one per this many seconds (a repeat answers 200 without sending). */
export const WELCOME_EMAIL_INTERVAL_SECONDS = 60;

export const WelcomeEmailResult = z.object({
  welcome_email_sent_time: z.string(),
  detail: z.string(),
});

/** Photos are cropped to the camera's aspect (about 340 by 420) and re-encoded without metadata. */
export const OCCUPANT_PHOTO_SIZE = { width: 340, height: 420 } as const;
