import { z } from "zod";
import { boolField, Id, ID_TOO_LARGE, MAX_ID, PageQuery, queryBool, requiredFieldText } from "./common.ts";
import { KEY_MESSAGES, MESSAGES } from "./messages.ts";

/**
 * Access keys (document 2 sections 2–9, document 3 sections 2, 4, 7, 9; document 1 section 9):
 * RFID keys of units kept in key-box locations, signed out to a recipient (an occupant, a
 * registered-guest instruction or a temporary verbal permission) with a photo, scanned back in,
 * reported missing, deactivated (permanently). Beyond the spec: a key OUT or MISSING longer than
 * the building's `accesskeyssettings.overdue_hours` (default 48) is overdue.
 */

// ---------------------------------------------------------------------------------------------
// Constants (section 9)

/** Batch-out (Multi-OUT): at most 10 rows; the grid starts with 4. */
export const KEY_BATCH_MAX_ROWS = 10;
export const KEY_BATCH_START_ROWS = 4;
/** The default overdue limit (hours) when a building sets none: the spec's '48+ hours' warning. */
export const KEY_DEFAULT_OVERDUE_HOURS = 48;
/** A verbal permission is valid this long from its creation. */
export const VERBAL_PERMISSION_HOURS = 24;
/** Batch-out scan: the success highlight lasts 2 s. */
export const KEY_SCAN_HIGHLIGHT_MS = 2000;
/** 'Please retry in 10 seconds.' */
export const KEY_RETRY_SECONDS = 10;
/** Key lists: 30 a page by default, up to 5000 (the grid asks for all of a building's keys). */
export const KEY_LIST_PAGE_SIZE = 30;
export const KEY_QUERY_LIMIT = 5000;
export const KEY_LIMITS = { name: 100, rfid: 64, location_name: 100, comment: 500 } as const;

// ---------------------------------------------------------------------------------------------
// Enums

export const KEY_STATUSES = ["IN", "OUT", "MISSING"] as const;
export const KeyStatus = z.enum(KEY_STATUSES);
export type KeyStatus = z.infer<typeof KeyStatus>;
/** Displayed status (document 3): OUT shown as Active, IN as Complete, MISSING. */
export const KEY_STATUS_DISPLAY: Record<KeyStatus, string> = { IN: "Complete", OUT: "Active", MISSING: "MISSING" };

/** Card colours (document 2): IN light green, OUT grey, MISSING red. */
export const KEY_STATUS_COLORS: Record<KeyStatus, { background: string; text: string }> = {
  IN: { background: "#C8E6C9", text: "#1B5E20" },
  OUT: { background: "#E0E0E0", text: "#212121" },
  MISSING: { background: "#EF9A9A", text: "#7F0000" },
};

export const KEY_ENTITY_TYPES = ["occupant", "instruction", "verbal_permission"] as const;
export const KeyEntityType = z.enum(KEY_ENTITY_TYPES);
export type KeyEntityType = z.infer<typeof KeyEntityType>;
export const KEY_ENTITY_TYPE_DISPLAY: Record<KeyEntityType, string> = {
  occupant: "Occupant",
  instruction: "Instruction",
  verbal_permission: "Verbal permission",
};

export const KEY_EVENT_TYPES = [
  "KEY_REGISTERED",
  "KEY_OUT",
  "KEY_IN",
  "KEY_MISSING",
  "KEY_RENAMED",
  "KEY_DEACTIVATED",
  "VERBAL_PERMISSION_CREATED",
] as const;
export type KeyEventType = (typeof KEY_EVENT_TYPES)[number];
export const KEY_EVENT_DISPLAY: Record<KeyEventType, string> = {
  KEY_REGISTERED: "Key registered",
  KEY_OUT: "Key signed out",
  KEY_IN: "Key signed in",
  KEY_MISSING: "Key reported missing",
  KEY_RENAMED: "Key renamed",
  KEY_DEACTIVATED: "Key deactivated",
  VERBAL_PERMISSION_CREATED: "Verbal permission created",
};
/** entity_type of key events in the generic events table. */
export const ACCESS_KEY_ENTITY = "access_key";

// ---------------------------------------------------------------------------------------------
// Fields

/** A typed or scanned RFID: trimmed and upper-cased (tags are stored and compared that way). */
export const normalizeRfid = (rfid: string): string => rfid.trim().toUpperCase();

const rfidField = z
  .string({ error: MESSAGES.fieldRequired })
  .transform(normalizeRfid)
  .pipe(z.string().min(1, MESSAGES.fieldRequired).max(KEY_LIMITS.rfid, MESSAGES.maxLength(KEY_LIMITS.rfid)));

/** A required id (numeric strings from multipart forms are accepted). */
const idField = (message: string = MESSAGES.fieldRequired) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, ID_TOO_LARGE),
  );
/** A boolean as JSON or a form sends it: true/false, 1/0, "true"/"false", "1"/"0". */
const formBool = z.preprocess((v) => {
  if (v === 1 || v === "1" || v === "true" || v === "True") return true;
  if (v === 0 || v === "0" || v === "false" || v === "False") return false;
  return v;
}, boolField());

// ---------------------------------------------------------------------------------------------
// Locations (key boxes, per building, manager-edited)

/** A key-box location. `label` is what screens show (the name). key_count: its active keys. */
export const KeyLocation = z.object({
  id: z.number().int(),
  building: z.number().int(),
  name: z.string(),
  label: z.string(),
  is_active: z.boolean(),
  display_order: z.number().int(),
  key_count: z.number().int(),
});
export type KeyLocation = z.infer<typeof KeyLocation>;
/** How a key names its location (document 3: location with label). */
export const KeyLocationSummary = z.object({ id: z.number().int(), label: z.string() });

/**
 * GET /access-keys/locations/?building (required): display order, then name.
 * no_access_key=true: only locations holding no active key. is_active filters.
 */
export const KeyLocationQuery = PageQuery.extend({
  building: Id.optional(),
  no_access_key: queryBool.optional(),
  is_active: queryBool.optional(),
});
export type KeyLocationQuery = z.infer<typeof KeyLocationQuery>;

const locationFields = {
  name: requiredFieldText(KEY_LIMITS.location_name),
  is_active: formBool.optional(),
  display_order: z.coerce
    .number({ error: MESSAGES.integerRequired })
    .int(MESSAGES.integerRequired)
    .min(0, MESSAGES.minValue(0))
    .max(MAX_ID, MESSAGES.maxValue(MAX_ID))
    .optional(),
};
/** POST /access-keys/locations/ (managers): building, name (unique in the building, any case). */
export const KeyLocationWrite = z.object({ building: idField(), ...locationFields });
export type KeyLocationWrite = z.infer<typeof KeyLocationWrite>;
export type KeyLocationWriteInput = z.input<typeof KeyLocationWrite>;
/** PATCH /access-keys/locations/{id}/ (managers): any of name, is_active, display_order. */
export const KeyLocationPatch = z.object(locationFields).partial();
export type KeyLocationPatch = z.infer<typeof KeyLocationPatch>;

// ---------------------------------------------------------------------------------------------
// Journeys

/**
 * A key journey: opened by a sign-out (status OUT) or by reporting an IN key missing (status
 * MISSING without a recipient); a report while out sets key_declared_missing_datetime and the
 * status MISSING; the scan in closes it (status IN, key_in_datetime).
 * readable_key_out_to_entity_type: Occupant, Instruction or Verbal permission; for an instruction
 * readable_key_out_to_entity_subtype is its type's name (the screens show it instead).
 */
export const KeyJourney = z.object({
  id: z.number().int(),
  access_key: z.number().int(),
  access_key_name: z.string(),
  apartment_number: z.string(),
  status: KeyStatus,
  key_out_photo_url: z.string().nullable(),
  key_out_to_entity_type: KeyEntityType.nullable(),
  key_out_to_entity_id: z.number().int().nullable(),
  readable_key_out_to_name: z.string(),
  readable_key_out_to_entity_type: z.string(),
  readable_key_out_to_entity_subtype: z.string().nullable(),
  key_out_datetime: z.string().nullable(),
  readable_key_out_by_employee: z.string(),
  key_declared_missing_datetime: z.string().nullable(),
  key_in_datetime: z.string().nullable(),
  readable_key_in_by_employee: z.string(),
});
export type KeyJourney = z.infer<typeof KeyJourney>;

/** GET /access-keys/journeys/?access_key (required): newest sign-out first. */
export const KeyJourneyQuery = PageQuery.extend({ access_key: Id.optional() });
export type KeyJourneyQuery = z.infer<typeof KeyJourneyQuery>;

// ---------------------------------------------------------------------------------------------
// Keys

/**
 * An access key. apartment is the apartment's id (as apartment_id). photo_url, entity_id and
 * entity_type are those of the open journey's sign-out (null while IN). last_status_change: the
 * last change of status. away_since: when the key left its box (signed out, or reported missing
 * while in); null while IN. is_overdue: OUT or MISSING for longer than the building's limit.
 */
export const AccessKey = z.object({
  id: z.number().int(),
  building: z.number().int(),
  name: z.string(),
  rfid: z.string(),
  status: KeyStatus,
  status_display: z.string(),
  is_active: z.boolean(),
  photo_url: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  entity_type: KeyEntityType.nullable(),
  apartment: z.number().int(),
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  location_id: z.number().int().nullable(),
  location: KeyLocationSummary.nullable(),
  latest_open_journey: KeyJourney.nullable(),
  last_status_change: z.string(),
  away_since: z.string().nullable(),
  is_overdue: z.boolean(),
  overdue_hours: z.number().int(),
  date_created: z.string(),
});
export type AccessKey = z.infer<typeof AccessKey>;

export const KEY_ORDERINGS = [
  "name",
  "location",
  "apartment_number",
  "status",
  "last_status_change",
  "away_since",
  "id",
] as const;
export const KeyOrdering = z.enum([...KEY_ORDERINGS, ...KEY_ORDERINGS.map((o) => `-${o}` as const)] as [
  string,
  ...string[],
]);

/**
 * GET /access-keys/keys/: building (required unless apartment is given: then the apartment's),
 * apartment (id), is_active, status (IN, OUT, MISSING; a comma list), location (id),
 * overdue=true (OUT or MISSING longer than the building's overdue_hours; longest away first
 * unless ordered), ordering (KEY_ORDERINGS, '-' descending; default name), limit (30, up to
 * 5000), offset.
 */
export const KeyListQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(KEY_QUERY_LIMIT).optional(),
  building: Id.optional(),
  apartment: Id.optional(),
  is_active: queryBool.optional(),
  status: z
    .union([z.string(), z.array(z.string())])
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v.join(",") : v)
        .split(",")
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
      for (const p of parts)
        if (!(KEY_STATUSES as readonly string[]).includes(p)) {
          ctx.addIssue({ code: "custom", message: MESSAGES.invalidChoice(p) });
          return z.NEVER;
        }
      return parts.length ? (parts as KeyStatus[]) : undefined;
    })
    .optional(),
  location: Id.optional(),
  overdue: queryBool.optional(),
  ordering: KeyOrdering.optional(),
});
export type KeyListQuery = z.infer<typeof KeyListQuery>;
export type KeyListQueryInput = z.input<typeof KeyListQuery>;

/** ?building on the calls about one key, journey or location (another building's → 404). */
export const KeyBuildingQuery = z.object({ building: Id.optional() });

/**
 * An allowed recipient of a key (GET /access-keys/keys/{id}/entities/): the unit's active
 * occupants, its unexpired registered-guest instructions (started, not expired, not food
 * delivery or security types) and the key's valid verbal permissions (created within 24 h).
 * `description`: Occupant, the instruction type's name, or Verbal permission.
 */
export const KeyEntity = z.object({
  entity_type: KeyEntityType,
  entity_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  photo_url: z.string().nullable(),
});
export type KeyEntity = z.infer<typeof KeyEntity>;

/** POST /access-keys/scan-rfid/ and the scans of the wizards. */
export const ScanRfid = z.object({ rfid: rfidField });
export type ScanRfid = z.infer<typeof ScanRfid>;
/** POST /access-keys/scan-rfid/ → 200 { detail: 'Valid Key', access_key } (an unknown tag → 400 on rfid). */
export const ScanRfidResult = z.object({ detail: z.string(), access_key: AccessKey });
export type ScanRfidResult = z.infer<typeof ScanRfidResult>;

/**
 * POST /access-keys/keys/ (register): rfid (unknown; 'This RFID tag is already registered.'),
 * apartment (id, of the building), location (id, of the building), status IN and is_active true
 * (the only values accepted), name (optional: '{apartment number}-{n}').
 */
export const KeyRegister = z.object({
  rfid: rfidField,
  apartment: idField(),
  location: idField(),
  name: requiredFieldText(KEY_LIMITS.name).optional(),
  status: z.literal("IN", { error: (iss) => MESSAGES.invalidChoice(iss.input) }).optional(),
  is_active: z.literal(true, { error: KEY_MESSAGES.registerActive }).optional(),
});
export type KeyRegister = z.infer<typeof KeyRegister>;
export type KeyRegisterInput = z.input<typeof KeyRegister>;

/**
 * PATCH /access-keys/keys/{id}/, JSON or multipart, one change at a time:
 *  - sign out: status OUT, photo_url (the recipient's photo, a file), entity_type, entity_id
 *    (an allowed recipient), optionally rfid (the scanned tag: must be this key's);
 *  - sign in: status IN, rfid (the scanned tag: must be this key's, else 400 naming where the
 *    scanned key belongs);
 *  - report missing: status MISSING (refused when inactive or already missing);
 *  - rename: name; deactivate: is_active 0 (permanent: 1 is refused).
 * `id` may be sent (ignored).
 */
export const KeyPatch = z.object({
  id: z.unknown().optional(),
  status: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.enum(KEY_STATUSES, { error: (iss) => MESSAGES.invalidChoice(iss.input) }),
    )
    .optional(),
  entity_type: z.enum(KEY_ENTITY_TYPES, { error: (iss) => MESSAGES.invalidChoice(iss.input) }).optional(),
  entity_id: idField().optional(),
  rfid: rfidField.optional(),
  name: requiredFieldText(KEY_LIMITS.name).optional(),
  is_active: formBool.optional(),
});
export type KeyPatch = z.infer<typeof KeyPatch>;
export type KeyPatchInput = z.input<typeof KeyPatch>;

/** The PATCH variants as the screens send them (each a valid KeyPatch). */
export const KeySignOutWrite = z.object({
  status: z.literal("OUT"),
  entity_type: KeyEntityType,
  entity_id: idField(KEY_MESSAGES.recipientRequired),
  rfid: rfidField.optional(),
});
export type KeySignOutWrite = z.infer<typeof KeySignOutWrite>;
export const KeySignInWrite = z.object({ status: z.literal("IN"), rfid: rfidField });
export type KeySignInWrite = z.infer<typeof KeySignInWrite>;
export const KeyRenameWrite = z.object({ name: requiredFieldText(KEY_LIMITS.name) });
export type KeyRenameWrite = z.infer<typeof KeyRenameWrite>;
export const KeyMissingWrite = z.object({ status: z.literal("MISSING") });
export const KeyDeactivateWrite = z.object({ is_active: z.literal(0) });

/** The PATCH form as the API document shows it (multipart; JSON without the photo is accepted too). */
export const KeyPatchForm = z
  .looseObject({
    status: z
      .string()
      .optional()
      .meta({ examples: ["OUT"] }),
    entity_type: z
      .string()
      .optional()
      .meta({ examples: ["occupant"] }),
    entity_id: z
      .union([z.number().int(), z.string()])
      .optional()
      .meta({ examples: [1] }),
    rfid: z
      .string()
      .optional()
      .meta({ examples: ["04A1B2C3"] }),
    name: z
      .string()
      .optional()
      .meta({ examples: ["1203-1"] }),
    is_active: z
      .union([z.boolean(), z.number(), z.string()])
      .optional()
      .meta({ examples: [0] }),
    photo_url: z.any().optional().meta({ type: "string", format: "binary", description: "The recipient's photo" }),
  })
  .meta({ description: "A multipart form (sign out with the photo), or JSON" });

/** POST /access-keys/verbal-permissions/: comment (trimmed, not empty), access_key. */
export const VerbalPermissionWrite = z.object({
  comment: z
    .string({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, MESSAGES.mayNotBeBlank)
    .max(KEY_LIMITS.comment, MESSAGES.maxLength(KEY_LIMITS.comment)),
  access_key: idField(),
});
export type VerbalPermissionWrite = z.infer<typeof VerbalPermissionWrite>;
/** A verbal permission: valid for 24 h from date_created (expires_at). */
export const VerbalPermission = z.object({
  id: z.number().int(),
  access_key: z.number().int(),
  comment: z.string(),
  entered_by_name: z.string(),
  date_created: z.string(),
  expires_at: z.string(),
});
export type VerbalPermission = z.infer<typeof VerbalPermission>;

// ---------------------------------------------------------------------------------------------
// Rules (pure; the server and the screens share them)

/** Where the key left its box (null while IN) and its status: what the overdue rule reads. */
type Away = { status: KeyStatus; away_since: string | null };

/**
 * Overdue: OUT or MISSING for strictly longer than `overdueHours` since it left its box
 * (exactly the limit is not overdue, a moment more is).
 */
export function isKeyOverdue(key: Away, now: Date | number, overdueHours: number = KEY_DEFAULT_OVERDUE_HOURS) {
  if (key.status === "IN" || !key.away_since) return false;
  return +now - Date.parse(key.away_since) > overdueHours * 3_600_000;
}
/** The '48+ hours' chip's text for a building's limit. */
export const overdueChipLabel = (overdueHours: number = KEY_DEFAULT_OVERDUE_HOURS) => `${overdueHours}+ hours`;

/** Mark missing: only an active key that is not missing already. */
export const canMarkMissing = (key: { is_active: boolean; status: KeyStatus }) =>
  key.is_active && key.status !== "MISSING";
/** Sign out: an active key that is in. */
export const canSignOut = (key: { is_active: boolean; status: KeyStatus }) => key.is_active && key.status === "IN";
/** Scan in: a key that is out or missing. */
export const canSignIn = (key: { status: KeyStatus }) => key.status !== "IN";

/** A batch-out row as the form holds it. */
export interface KeyBatchRow {
  apartment?: number | null;
  key?: number | null;
  /** An occupant / instruction / verbal permission chosen, or a typed comment. */
  recipient?: unknown;
  comment?: string | null;
}
const filled = (v: unknown) => v !== undefined && v !== null && (typeof v !== "string" || v.trim() !== "");
const hasRecipient = (r: KeyBatchRow) => filled(r.recipient) || filled(r.comment);
/** empty (nothing set), complete (apartment, key and recipient or comment) or partial. */
export function keyBatchRowState(r: KeyBatchRow): "empty" | "complete" | "partial" {
  const set = [filled(r.apartment), filled(r.key), hasRecipient(r)];
  if (set.every(Boolean)) return "complete";
  return set.some(Boolean) ? "partial" : "empty";
}
/** The indexes of rows that repeat a key chosen on an earlier row ('Duplicate key'). */
export function duplicateKeyRows(rows: readonly KeyBatchRow[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  rows.forEach((r, i) => {
    if (r.key === undefined || r.key === null) return;
    if (seen.has(r.key)) out.push(i);
    else seen.add(r.key);
  });
  return out;
}
/** Submit: at least one complete row, no partial row, no duplicate, a photo. */
export const canSubmitKeyBatch = (rows: readonly KeyBatchRow[], hasPhoto: boolean) =>
  hasPhoto &&
  rows.some((r) => keyBatchRowState(r) === "complete") &&
  !rows.some((r) => keyBatchRowState(r) === "partial") &&
  duplicateKeyRows(rows).length === 0;
/** The rows sent: complete ones (incomplete ones are dropped). */
export const completeKeyRows = <R extends KeyBatchRow>(rows: readonly R[]): R[] =>
  rows.filter((r) => keyBatchRowState(r) === "complete");

// ---------------------------------------------------------------------------------------------
// Request bodies as the API document shows them (the schemas above judge them)

const idDoc = (example: number) => z.union([z.number().int(), z.string()]).meta({ examples: [example] });
const textDoc = (example: string) => z.string().meta({ examples: [example] });
/** POST /access-keys/scan-rfid/ */
export const ScanRfidForm = z.looseObject({ rfid: textDoc("04010001") });
/** POST /access-keys/keys/ */
export const KeyRegisterForm = z.looseObject({
  rfid: textDoc("04A1B2C3"),
  apartment: idDoc(1),
  location: idDoc(1),
  name: textDoc("1203-3").optional(),
  status: textDoc("IN").optional(),
  is_active: z.boolean().optional(),
});
/** POST /access-keys/locations/ and PATCH /access-keys/locations/{id}/ */
export const KeyLocationForm = z.looseObject({
  building: idDoc(1),
  name: textDoc("Key box D"),
  display_order: idDoc(0).optional(),
  is_active: z.boolean().optional(),
});
/** POST /access-keys/verbal-permissions/ */
export const VerbalPermissionForm = z.looseObject({
  comment: textDoc("Dog walker (per phone call)"),
  access_key: idDoc(1),
});
