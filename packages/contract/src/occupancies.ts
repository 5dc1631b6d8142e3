import { z } from "zod";
import { boolField, boundedText, dateRangeOrder, Event, Id, ID_TOO_LARGE, isIdText, MAX_ID, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";
import { OCCUPANT_TYPES, OccupantType } from "./roles.ts";
import { BATHROOMS, BEDROOMS } from "./apartments.ts";

/**
 * Unit profiles (document 1, sections 2.4, 3, 4, 5, 7): occupancies (leases), their residents
 * (occupants), apartments, flags, internal office notes, subscriptions (tracking), the unit
 * list and its spreadsheets, and the ID card request of the profile (document 3).
 */

/** Messages of the unit-profile forms and refusals, word for word where the spec gives them. */
export const UNIT_PROFILE_MESSAGES = {
  fieldRequired: "This field is required.",
  /** The resident type's own wording (no full stop), as the spec writes it. */
  typeRequired: "This field is required",
  atLeastOneResident: "Must have at least one resident to activate a new unit profile.",
  invalidOccupantRows: "Invalid occupant information, click marked row(s) for detail.",
  linkUrlScheme: "URL must start with http:// or https://",
  deactivateWithActiveOccupants: "To deactivate an occupancy, all its occupants must be deactivated.",
  flagExists: "This unit already has a flag.",
  welcomeEmailFailed: "Could not send welcome email.",
  welcomeEmailSent: "Welcome email sent.",
  welcomeEmailAlreadySent: "Welcome email already sent less than a minute ago; it was not sent again.",
  welcomeEmailFederated: "Welcome emails are sent by the tenant site's own sign-in when the tenant site is federated.",
  idCardReplaceFailed: "There was a problem replacing the ID Card.",
  idCardReplaced: "ID Card successfully replaced",
  idCardCancelled: "ID Card job successfully cancelled",
  idCardCancelFailed: "There was a problem cancelling this ID Card job.",
  idCardsDisabled: "ID cards are not enabled for this building.",
  impersonateFailed: (host: string) => `Could not impersonate this user.  They may not have an account on ${host}`,
  noTenantSite: "No tenant site is configured for this portfolio.",
  dateFormat: "Date has wrong format. Use one of these formats instead: YYYY-MM-DD.",
  leaseEndBeforeStart: "The lease end date must be on or after the lease start date.",
  nameRequired: "Enter a first or last name.",
  invalidEmail: "Enter a valid email address.",
  invalidUsername: "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.",
  usernameTaken: "A user with that username already exists.",
  usernameReadOnly: "The username of a resident cannot be changed.",
  residentNotFound: "No resident with this username was found.",
  alreadyOnProfile: "This resident is already on this unit profile.",
  duplicateInRequest: "This resident is listed more than once.",
  invalidUnit: "Select a valid unit.",
  unitOtherBuilding: "The unit must be in the same building as the unit profile.",
  apartmentNumberTaken: "An apartment with this number already exists in this building.",
  bathrooms: "Bathrooms must be between 1.0 and 5.0 in steps of 0.5.",
  buildingReadOnly: "An apartment cannot be moved to another building.",
  invalidImage: "Upload a valid image. The file you uploaded was either not an image or a corrupted image.",
  noFile: "No file was submitted.",
  wrongBuilding: "The resident does not belong to this building.",
  /** Successes shown by the client */
  apartmentSaved: "Apartment was created/edited",
  unitProfileSaved: "Unit profile created/updated",
  unitProfileDeleted: "Unit Profile Deleted",
  dataSaved: "Data has been saved",
} as const;

// ---------------------------------------------------------------------------------------------
// Small field types

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD. */
export function isValidDay(v: string): boolean {
  if (!DAY_RE.test(v)) return false;
  const [y, m, d] = v.split("-").map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A date field of a form: 'YYYY-MM-DD', or empty/null (stored as null). */
export const FormDate = z
  .union([z.string(), z.null()], { error: UNIT_PROFILE_MESSAGES.dateFormat })
  .transform((v, ctx) => {
    if (v === null) return null;
    const s = v.trim();
    if (s === "") return null;
    if (!isValidDay(s)) {
      ctx.addIssue({ code: "custom", message: UNIT_PROFILE_MESSAGES.dateFormat });
      return z.NEVER;
    }
    return s;
  });

/** A query date filter: 'YYYY-MM-DD' or 'Invalid date'. */
export const DayFilter = z.string().trim().refine(isValidDay, { message: "Invalid date" });

/** The resident type: required ('This field is required'), one of TN, OC, CH. */
export const OccupantTypeField = z.enum(OCCUPANT_TYPES, {
  error: (iss) =>
    iss.input === undefined || iss.input === null || iss.input === ""
      ? UNIT_PROFILE_MESSAGES.typeRequired
      : `"${String(iss.input)}" is not a valid choice.`,
});

const bool = boolField;
const text = boundedText;
const requiredText = (max: number) => requiredFieldText(max, UNIT_PROFILE_MESSAGES.fieldRequired);
const requiredId = z.coerce
  .number({ error: UNIT_PROFILE_MESSAGES.fieldRequired })
  .int(UNIT_PROFILE_MESSAGES.fieldRequired)
  .positive(UNIT_PROFILE_MESSAGES.fieldRequired)
  .max(MAX_ID, ID_TOO_LARGE);
/** A database id in a path or query (integer column range). */
export const RowId = Id;

export const EMAIL_RE = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;
export const USERNAME_RE = /^[\w.@+-]+$/;
/** Placeholder addresses of residents created with the no-email option end with this. */
export const NO_EMAIL_DOMAIN = "no-email.portico.invalid";
export const placeholderEmail = (username: string) => `${username.toLowerCase()}@${NO_EMAIL_DOMAIN}`;
export const isPlaceholderEmail = (email: string | null | undefined) =>
  !!email && email.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);

/** An empty phone is dropped (left as it was / not stored). */
const Phone = z
  .string({ error: MESSAGES.notAString })
  .trim()
  .max(32, MESSAGES.maxLength(32))
  .transform((v) => (v === "" ? undefined : v));

// ---------------------------------------------------------------------------------------------
// Shapes

export const OCCUPANCY_STATUSES = ["CURRENT", "FUTURE", "INACTIVE"] as const;
export const OccupancyStatus = z.enum(OCCUPANCY_STATUSES);
export type OccupancyStatus = z.infer<typeof OccupancyStatus>;

export const NOTIFICATION_PREFERENCE_FIELDS = [
  "is_text_maintenance_activity",
  "is_email_maintenance_activity",
  "is_text_package_activity",
  "is_email_package_activity",
] as const;
export const NotificationPreferences = z.object({
  is_text_maintenance_activity: z.boolean(),
  is_email_maintenance_activity: z.boolean(),
  is_text_package_activity: z.boolean(),
  is_email_package_activity: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/**
 * A resident of an occupancy. `email` is blank for users who may not view resident e-mails
 * (tier 2 staff). `has_account`: the resident can sign in to the tenant site (impersonation
 * finds an account).
 */
export const Occupant = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  /** True when the address is a no-email placeholder (managers only; false otherwise). */
  is_placeholder_email: z.boolean(),
  /** True when a real address is on file (every role; the address itself only for managers). */
  has_email: z.boolean(),
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

export const StaffSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type StaffSummary = z.infer<typeof StaffSummary>;

/** A unit's flag. Managers-only flags never reach other roles. */
export const OccupancyFlag = z.object({
  id: z.number().int(),
  occupancy_id: z.number().int(),
  comment: z.string(),
  is_manager_only: z.boolean(),
  entered_by: StaffSummary.nullable(),
  date_created: z.string(),
});
export type OccupancyFlag = z.infer<typeof OccupancyFlag>;

export const TRACK_FIELDS = [
  "track_instructions",
  "track_maintenance_requests",
  "track_packages",
  "track_service_elevators",
  "track_shift_log_notes",
] as const;
export type TrackField = (typeof TRACK_FIELDS)[number];

/** One employee's subscription to one unit. */
export const OccupancyTracking = z.object({
  id: z.number().int(),
  occupancy_id: z.number().int(),
  user_id: z.number().int(),
  track_instructions: z.boolean(),
  track_maintenance_requests: z.boolean(),
  track_packages: z.boolean(),
  track_service_elevators: z.boolean(),
  track_shift_log_notes: z.boolean(),
});
export type OccupancyTracking = z.infer<typeof OccupancyTracking>;

/** Who tracks the unit (managers see it; others get an empty list). */
export const TrackingEmployee = OccupancyTracking.extend({
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
});
export type TrackingEmployee = z.infer<typeof TrackingEmployee>;

/**
 * A unit profile (an occupancy, a lease of an apartment).
 * status: INACTIVE when is_active is false, FUTURE when the lease starts after today (building
 * time zone), else CURRENT. is_lease_expired: active with a lease end before today.
 * flag: the active flag, null when none or when it is managers-only and the user is not a manager.
 * tracking: the caller's own subscription (null when none, or for users who may not track).
 * tracking_employees: every subscription of the unit (managers only; [] otherwise).
 * external_lease_id / encoded_external_lease_id (base64url): managers only (null otherwise).
 */
export const Occupancy = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  building_name: z.string(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  bedrooms: z.string(),
  bathrooms: z.string(),
  floor: z.string().nullable(),
  line: z.string().nullable(),
  is_balcony_apt: z.boolean(),
  is_management: z.boolean(),
  is_active: z.boolean(),
  is_future: z.boolean(),
  status: OccupancyStatus,
  is_do_not_disturb: z.boolean(),
  is_lease_expired: z.boolean(),
  lease_start_date: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  move_in_date: z.string().nullable(),
  move_out_date: z.string().nullable(),
  occupant_set: z.array(Occupant),
  inactive_occupant_set: z.array(Occupant),
  flag: OccupancyFlag.nullable(),
  tracking: OccupancyTracking.nullable(),
  tracking_employees: z.array(TrackingEmployee),
  external_lease_id: z.string().nullable(),
  encoded_external_lease_id: z.string().nullable(),
  date_created: z.string(),
  last_modified: z.string(),
});
export type Occupancy = z.infer<typeof Occupancy>;

/** An event of the unit's history: the occupancy, its residents, flags and notes. */
export const OccupancyEvent = Event.extend({
  entity_type: z.enum(["occupancy", "occupant", "occupancy_flag", "occupancy_note"]),
  entity_id: z.number().int(),
  /** Whom it is about when not the occupancy itself (a resident's name, 'Flag', 'Internal note'). */
  subject: z.string().nullable(),
});
export type OccupancyEvent = z.infer<typeof OccupancyEvent>;

export const AdjacentUnit = z.object({ occupancy_id: z.number().int(), apartment_number: z.string() });
/** Previous / next occupied unit (a current occupancy) in unit order within the building. */
export const AdjacentUnits = z.object({ previous: AdjacentUnit.nullable(), next: AdjacentUnit.nullable() });
export type AdjacentUnits = z.infer<typeof AdjacentUnits>;

// ---------------------------------------------------------------------------------------------
// Occupancy writes

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

const occupancyFields = {
  apartment_id: requiredId,
  lease_start_date: FormDate.optional(),
  lease_end_date: FormDate.optional(),
  move_in_date: FormDate.optional(),
  move_out_date: FormDate.optional(),
  is_do_not_disturb: bool().optional(),
  is_active: bool().optional(),
  external_lease_id: text(100).nullable().optional(),
};

function leaseOrder(v: { lease_start_date?: string | null; lease_end_date?: string | null }, ctx: z.RefinementCtx) {
  if (v.lease_start_date && v.lease_end_date && v.lease_end_date < v.lease_start_date)
    ctx.addIssue({ code: "custom", path: ["lease_end_date"], message: UNIT_PROFILE_MESSAGES.leaseEndBeforeStart });
}

/**
 * POST /core/occupancies/ (managers). At least one resident, new or existing, else
 * non_field_errors 'Must have at least one resident to activate a new unit profile.'.
 * Invalid resident rows answer per row — `new_occupants: [{}, {"type": ["This field is required"]}]`
 * (an empty object for a valid row) — with non_field_errors
 * 'Invalid occupant information, click marked row(s) for detail.'.
 * Empty dates are null. The response is the created Occupancy (201).
 */
export const OccupancyCreate = z
  .object({
    ...occupancyFields,
    new_occupants: z.array(NewOccupant, { error: MESSAGES.notAList }).optional(),
    new_occupants_by_username: z.array(ExistingOccupant, { error: MESSAGES.notAList }).optional(),
  })
  .superRefine(leaseOrder);
export type OccupancyCreate = z.infer<typeof OccupancyCreate>;
export type OccupancyCreateInput = z.input<typeof OccupancyCreate>;

/**
 * PATCH /core/occupancies/{id}/. Managers: every field. Front desk and other staff: only
 * move_out_date (or `move_out: true`, which sets today in the building's time zone). Moving
 * out deactivates nothing. is_active false is refused while a resident is active:
 * is_active: 'To deactivate an occupancy, all its occupants must be deactivated.'.
 */
export const OccupancyPatch = z
  .object({
    ...occupancyFields,
    apartment_id: requiredId.optional(),
    /** The 'Move out' button: the server sets move_out_date to today (building time zone). */
    move_out: bool().optional(),
  })
  .superRefine(leaseOrder);
export type OccupancyPatch = z.infer<typeof OccupancyPatch>;
export type OccupancyPatchInput = z.input<typeof OccupancyPatch>;

/** GET /core/occupancies/?apartment_id=&building=&is_active= (newest lease first). */
export const OccupancyListQuery = PageQuery.extend({
  apartment_id: RowId.optional(),
  building: RowId.optional(),
  is_active: queryBool.optional(),
});
export type OccupancyListQuery = z.infer<typeof OccupancyListQuery>;

/** POST /core/occupancies/{id}/add-existing-occupant/: every error is also in non_field_errors. */
export const AddExistingOccupant = ExistingOccupant;

// ---------------------------------------------------------------------------------------------
// Occupant writes

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

// ---------------------------------------------------------------------------------------------
// Flags, notes, tracking

/** POST /core/occupancies/{id}/flag/ (managers). A second active flag → detail 'This unit already has a flag.' */
export const FlagWrite = z.object({
  comment: requiredText(2000),
  is_manager_only: bool().optional(),
});
export type FlagWrite = z.infer<typeof FlagWrite>;

export const NoteLinkWrite = z.object({
  link_text: requiredText(255),
  link_url: requiredText(2000).refine((v) => /^https?:\/\//i.test(v), {
    message: UNIT_PROFILE_MESSAGES.linkUrlScheme,
  }),
});

/**
 * POST /core/occupancies/{id}/notes/: note required ('This field is required.'); each link needs
 * link_text and link_url, the URL starting with http:// or https://. Link errors come per link:
 * `links: [{}, {"link_url": ["URL must start with http:// or https://"]}]`.
 */
export const OccupancyNoteWrite = z.object({
  note: requiredText(10000),
  links: z.array(NoteLinkWrite, { error: MESSAGES.notAList }).optional(),
});
export type OccupancyNoteWrite = z.infer<typeof OccupancyNoteWrite>;
/** PATCH /core/occupancies/{id}/notes/{noteId}/: only the note. */
export const OccupancyNotePatch = z.object({ note: requiredText(10000) });

export const NoteAuthor = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
  role_display: z.string(),
});

/** An internal office note (managers and office only; the building must enable them). */
export const OccupancyNote = z.object({
  id: z.number().int(),
  occupancy_id: z.number().int(),
  note: z.string(),
  entered_by: NoteAuthor.nullable(),
  links: z.array(z.object({ id: z.number().int(), link_text: z.string(), link_url: z.string() })),
  dateCreated: z.string(),
  lastModified: z.string(),
  /** lastModified more than 1 s after dateCreated. */
  is_edited: z.boolean(),
});
export type OccupancyNote = z.infer<typeof OccupancyNote>;
export const OCCUPANCY_NOTE_EDITED_AFTER_MS = 1000;

export const TrackingWrite = z.object({
  track_instructions: bool().optional(),
  track_maintenance_requests: bool().optional(),
  track_packages: bool().optional(),
  track_service_elevators: bool().optional(),
  track_shift_log_notes: bool().optional(),
});
export type TrackingWrite = z.infer<typeof TrackingWrite>;

// ---------------------------------------------------------------------------------------------
// Apartments

const Bathrooms = z.union([z.number(), z.string()], { error: UNIT_PROFILE_MESSAGES.bathrooms }).transform((v, ctx) => {
  const n = typeof v === "number" ? v : Number(v.trim());
  const s = Number.isFinite(n) ? n.toFixed(1) : "";
  if (!(BATHROOMS as readonly string[]).includes(s) || (typeof v === "string" && v.trim() === "")) {
    ctx.addIssue({ code: "custom", message: UNIT_PROFILE_MESSAGES.bathrooms });
    return z.NEVER;
  }
  return s;
});

const apartmentFields = {
  apartment_number: requiredText(20),
  bedrooms: z.enum(BEDROOMS, { error: (iss) => `"${String(iss.input ?? "")}" is not a valid choice.` }).optional(),
  bathrooms: Bathrooms.optional(),
  floor: text(20).nullable().optional(),
  line: text(20).nullable().optional(),
  is_balcony_apt: bool().optional(),
  is_management: bool().optional(),
  is_unlinked_to_tfcio: bool().optional(),
  building: requiredId,
};
/** POST /core/apartments/ (managers). apartment_number unique per building (case-insensitive). */
export const ApartmentWrite = z.object(apartmentFields);
export type ApartmentWrite = z.infer<typeof ApartmentWrite>;
export type ApartmentWriteInput = z.input<typeof ApartmentWrite>;
/** PATCH /core/apartments/{id}/ (managers): any subset; the building cannot change. */
export const ApartmentPatch = z.object(apartmentFields).partial();
export type ApartmentPatch = z.infer<typeof ApartmentPatch>;

/** An apartment; occupancy_id is its current occupancy (null when vacant). */
export const Apartment = z.object({
  id: z.number().int(),
  apartment_id: z.number().int(),
  building: z.number().int(),
  apartment_number: z.string(),
  bedrooms: z.string(),
  bathrooms: z.string(),
  floor: z.string().nullable(),
  line: z.string().nullable(),
  is_balcony_apt: z.boolean(),
  is_management: z.boolean(),
  is_unlinked_to_tfcio: z.boolean(),
  occupancy_id: z.number().int().nullable(),
  is_vacant: z.boolean(),
});
export type Apartment = z.infer<typeof Apartment>;

/**
 * GET /core/buildings/{id}/apartments/ — the building's apartments in unit order (JSON page).
 * With vacant_units=True the answer is the vacant unit report, vacant_unit_report.xlsx: every
 * non-management unit without a current occupancy (Unit, Bedrooms, Bathrooms, Floor, Line,
 * Last move-out date, Next lease start date).
 */
export const ApartmentListQuery = PageQuery.extend({
  vacant_units: queryBool.optional(),
  search: z.string().optional(),
});
export const VACANT_UNIT_REPORT_FILENAME = "vacant_unit_report.xlsx";
export const VACANT_UNIT_REPORT_COLUMNS = [
  "Unit",
  "Bedrooms",
  "Bathrooms",
  "Floor",
  "Line",
  "Last move-out date",
  "Next lease start date",
] as const;

/**
 * GET /core/buildings/{id}/occupants/ — every active resident of the building's active leases
 * (current and future), in unit order (JSON page), or building_occupants.xlsx with
 * `Accept: …spreadsheetml.sheet` (or format=xlsx). The Email column is left out for users who
 * may not view resident e-mails.
 */
export const BuildingOccupantsQuery = PageQuery.extend({
  search: z.string().optional(),
  format: z.enum(["json", "xlsx"]).optional(),
});
export const BUILDING_OCCUPANTS_FILENAME = "building_occupants.xlsx";
export const BUILDING_OCCUPANTS_COLUMNS = [
  "Unit",
  "Name",
  "Type",
  "Email",
  "Phone",
  "Lease start date",
  "Lease end date",
  "Status",
] as const;

// ---------------------------------------------------------------------------------------------
// Unit list

export const UNIT_LIST_ORDERINGS = ["apartment_number", "lease_start_date", "lease_end_date"] as const;
export const UnitListOrdering = z.enum([
  ...UNIT_LIST_ORDERINGS,
  ...UNIT_LIST_ORDERINGS.map((o) => `-${o}` as const),
] as [string, ...string[]]);
export const UNIT_LIST_DEFAULT_ORDERING = "apartment_number";
export const UNIT_LIST_DEFAULT_LIMIT = 30;
export const UNIT_LIST_EXPORT_LIMIT = 50000;
export const UNIT_LIST_EXPORT_FILENAME = "unit_profiles.xlsx";
export const UNIT_LIST_EXPORT_COLUMNS = [
  "Unit #",
  "Building",
  "Residents",
  "Emails",
  "Phone numbers",
  "Lease start date",
  "Lease end date",
  "Move-out date",
  "Status",
  "Balcony",
] as const;

/** "1,2,3" (or repeated parameters); 'all' means every building the user may reach. */
export const BuildingIdList = z.union([z.string(), z.array(z.string()), z.number()]).transform((v, ctx) => {
  const parts = (Array.isArray(v) ? v.join(",") : String(v))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.some((p) => p.toLowerCase() === "all")) return "all" as const;
  const out: number[] = [];
  for (const p of parts) {
    if (!isIdText(p)) {
      ctx.addIssue({ code: "custom", message: `"${p}" is not a valid id.` });
      return z.NEVER;
    }
    out.push(Number(p));
  }
  return out;
});

/**
 * GET /core/buildings/{id}/unit-profiles/ — the unit list of /{building}/manage/unit-profiles.
 *  - search: unit number (prefix), resident first/last/full name (contains), e-mail (contains;
 *    managers only, since others may not see e-mails);
 *  - phone: digits only are compared (contains);
 *  - display_vacant (default false): add one row per unit without a current occupancy
 *    (id null, is_vacant true);
 *  - min_lease_start_date / max_lease_start_date: 'YYYY-MM-DD', both inclusive; a max before the
 *    min → max_lease_start_date: 'The end date must be on or after the start date.';
 *  - buildings: comma list of building ids (or 'all'): the building multi-select; every one
 *    must be reachable (403 otherwise). Without it the list covers the path's building;
 *  - active_only (default true): only active occupancies; false adds inactive (past) ones;
 *  - balcony_only: units with a balcony;
 *  - ordering: apartment_number (unit order, default), lease_start_date, lease_end_date, '-' for
 *    descending; within a unit: its vacant row, then its leases by start date (past, current, future);
 *  - limit (default 30) / offset; format=xlsx or `Accept: …spreadsheetml.sheet` for the same
 *    rows as unit_profiles.xlsx ('Export Table').
 */
export const UnitListQuery = PageQuery.extend({
  search: z.string().optional(),
  phone: z.string().optional(),
  display_vacant: queryBool.optional(),
  min_lease_start_date: DayFilter.optional(),
  max_lease_start_date: DayFilter.optional(),
  buildings: BuildingIdList.optional(),
  active_only: queryBool.optional(),
  balcony_only: queryBool.optional(),
  ordering: UnitListOrdering.optional(),
  format: z.enum(["json", "xlsx"]).optional(),
}).superRefine(dateRangeOrder([["min_lease_start_date", "max_lease_start_date"]]));
export type UnitListQuery = z.infer<typeof UnitListQuery>;
export type UnitListQueryInput = z.input<typeof UnitListQuery>;

/**
 * A row of the unit list: an occupancy (id = occupancy id) or a vacant unit (id null).
 * names / emails / phone_numbers join the residents shown ("A B, C D"): the active residents of
 * an active occupancy, every resident of an inactive one. emails is blank for users who may not
 * view resident e-mails.
 */
export const UnitListRow = z.object({
  id: z.number().int().nullable(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  is_active: z.boolean(),
  is_future: z.boolean(),
  status: OccupancyStatus.nullable(),
  names: z.string(),
  emails: z.string(),
  phone_numbers: z.string(),
  lease_start_date: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  move_out_date: z.string().nullable(),
  is_vacant: z.boolean(),
  building_id: z.number().int(),
  building_name: z.string(),
  is_balcony_apt: z.boolean(),
});
export type UnitListRow = z.infer<typeof UnitListRow>;

// ---------------------------------------------------------------------------------------------
// ID cards (document 3)

export const ID_CARD_TYPES = ["REPLACEMENT", "NEW"] as const;
export const ID_CARD_TYPE_DISPLAY: Record<(typeof ID_CARD_TYPES)[number], string> = {
  REPLACEMENT: "Replacement",
  NEW: "New",
};
export const ID_CARD_STATUSES = ["QUEUED", "PRINTED", "CANCELLED"] as const;
export const IdCardStatus = z.enum(ID_CARD_STATUSES);

/**
 * POST /id-cards/id-cards/ (managers, building has ID cards): queues a replacement card.
 * name must hold a first or last name (and so must the resident), else 400
 * {detail: 'There was a problem replacing the ID Card.'}. Answers {id} (201).
 */
export const IdCardRequest = z.object({
  occupant_id: requiredId,
  unit: z.string({ error: MESSAGES.notAString }).trim().max(20).optional(),
  name: z.string({ error: MESSAGES.notAString }).trim().max(300).optional(),
  building_id: requiredId,
});
export type IdCardRequest = z.infer<typeof IdCardRequest>;

export const IdCardJob = z.object({
  id: z.number().int(),
  building_id: z.number().int(),
  occupant_id: z.number().int().nullable(),
  name: z.string(),
  unit: z.string(),
  type: z.enum(ID_CARD_TYPES),
  type_display: z.string(),
  status: IdCardStatus,
  requested_by: StaffSummary.nullable(),
  date_created: z.string(),
});
export type IdCardJob = z.infer<typeof IdCardJob>;
export const ID_CARD_LIST_DEFAULT_LIMIT = 50;
/** GET /id-cards/id-cards/?building=&status= (newest first, default limit 50). */
export const IdCardListQuery = PageQuery.extend({
  building: RowId,
  status: IdCardStatus.optional(),
});
