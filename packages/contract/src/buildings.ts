import { z } from "zod";
import { Id } from "./common.ts";

export const Building = z.object({
  id: z.number().int(),
  address: z.string(),
  name: z.string(),
  time_zone: z.string(),
});
export type Building = z.infer<typeof Building>;

const b = (v: boolean) => z.boolean().default(v);

/** The maintenance request status vocabularies a building may use (maintenancerequestsettings.status_set). */
export const MAINTENANCE_STATUS_SETS = ["STANDARD", "EXTENDED"] as const;
export type MaintenanceStatusSet = (typeof MAINTENANCE_STATUS_SETS)[number];

/**
 * Building settings, every group named in documents 1 and 3, with defaults.
 * Stored as one JSON document per building; a PATCH merges group by group.
 */
export const BuildingSettingsGroups = z.object({
  accesskeyssettings: z
    .object({
      has_access_keys: b(false),
      /** Beyond the spec: a key OUT or MISSING longer than this is overdue (dashboard, '48+ hours' chip). */
      overdue_hours: z.number().int().min(1).max(8760).default(48),
    })
    .prefault({}),
  parkingsettings: z.object({ has_parking: b(false) }).prefault({}),
  storagespacesettings: z.object({ has_storage_space: b(false) }).prefault({}),
  reservationsettings: z
    .object({
      has_reservations: b(false),
      is_staff_can_approve: b(false),
      is_show_coi_template: b(false),
      coi_template: z.string().nullable().default(null),
    })
    .prefault({}),
  shiftlogsettings: z
    .object({
      email_recipients: z.string().default(""),
      is_email_high_priority_only: b(false),
      is_emailed_nightly: b(false),
      is_recordable_by_location: b(false),
      is_enable_end_of_shift_logging: b(false),
    })
    .prefault({}),
  instructionsettings: z.object({ is_write_manager_only: b(false) }).prefault({}),
  packagesettings: z
    .object({ is_require_comments_for_building: b(false), is_require_pictures_for_building: b(false) })
    .prefault({}),
  amenitysettings: z.object({ has_amenities: b(false), is_viewable_by_all_employees: b(true) }).prefault({}),
  lockoutsettings: z.object({ has_lockouts: b(false) }).prefault({}),
  /** Contractor visits need a photo unless the building waives it (a placeholder image is then stored). */
  contractorsettings: z.object({ is_photo_required: b(true) }).prefault({}),
  condosettings: z.object({ has_condos: b(false) }).prefault({}),
  coresettings: z.object({ enable_roommate_listings: b(false), enable_occupancy_notes: b(false) }).prefault({}),
  marketplacesettings: z.object({ has_marketplace: b(false), is_auto_approve: b(false) }).prefault({}),
  fooddeliverysettings: z.object({ has_food_delivery: b(false) }).prefault({}),
  clubsettings: z.object({ can_club_admin_manage_memberships: b(false) }).prefault({}),
  idcardsettings: z.object({ has_id_cards: b(false) }).prefault({}),
  maintenancerequestsettings: z
    .object({
      has_signatures: b(false),
      /** The request status vocabulary: STANDARD (OPEN, ON_HOLD, CLOSED) or EXTENDED (the portfolio's five). */
      status_set: z.enum(MAINTENANCE_STATUS_SETS).default("STANDARD"),
    })
    .prefault({}),
  front_desk_number: z.string().default(""),
  tenant_portal_name: z.string().default(""),
  is_tenant_federated: b(false),
});
export type BuildingSettingsGroups = z.infer<typeof BuildingSettingsGroups>;

export const SETTINGS_GROUP_KEYS = Object.keys(BuildingSettingsGroups.shape) as (keyof BuildingSettingsGroups)[];

export const BuildingSettings = BuildingSettingsGroups.extend({
  id: z.number().int(),
  building: z.number().int(),
});
export type BuildingSettings = z.infer<typeof BuildingSettings>;

/** A field without its default (a patch leaves missing fields alone). */
function withoutDefault(t: z.ZodTypeAny): z.ZodTypeAny {
  let cur = t;
  while (cur instanceof z.ZodDefault || cur instanceof z.ZodPrefault) cur = cur.def.innerType as z.ZodTypeAny;
  return cur;
}

/**
 * PATCH body: any subset of groups, each group partial; unknown groups or fields are refused.
 * Missing fields stay missing (no defaults), so a patch only changes what it names.
 */
export const BuildingSettingsPatch = z
  .object(
    Object.fromEntries(
      Object.entries(BuildingSettingsGroups.shape).map(([k, v]) => {
        const inner = withoutDefault(v as z.ZodTypeAny);
        if (inner instanceof z.ZodObject) {
          const fields = Object.fromEntries(
            Object.entries(inner.shape as Record<string, z.ZodTypeAny>).map(([f, ft]) => [
              f,
              withoutDefault(ft).optional(),
            ]),
          );
          return [k, z.object(fields).strict().optional()];
        }
        return [k, inner.optional()];
      }),
    ) as Record<string, z.ZodTypeAny>,
  )
  .strict();
export type BuildingSettingsPatch = Partial<{
  [K in keyof BuildingSettingsGroups]: Partial<BuildingSettingsGroups[K]>;
}>;

export function defaultBuildingSettings(): BuildingSettingsGroups {
  return BuildingSettingsGroups.parse({});
}

/**
 * A stored document read leniently: a group that no longer validates (an older or hand-edited
 * document) falls back to its defaults instead of failing the whole read.
 */
export function parseStoredSettings(stored: unknown): BuildingSettingsGroups {
  const doc = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const whole = BuildingSettingsGroups.safeParse(doc);
  if (whole.success) return whole.data;
  const out: Record<string, unknown> = {};
  for (const [k, schema] of Object.entries(BuildingSettingsGroups.shape) as [string, z.ZodTypeAny][]) {
    const group = schema.safeParse(doc[k]);
    out[k] = group.success ? group.data : schema.parse(undefined);
  }
  return out as BuildingSettingsGroups;
}

/** Merge a stored document (possibly older, partial) and a patch into full settings. */
export function mergeBuildingSettings(stored: unknown, patch: BuildingSettingsPatch = {}): BuildingSettingsGroups {
  const base = parseStoredSettings(stored);
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const cur = out[k];
    out[k] =
      cur && typeof cur === "object" && v && typeof v === "object"
        ? { ...cur, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) }
        : v;
  }
  return BuildingSettingsGroups.parse(out);
}

/** Apartment dropdown and quick search. */
export const Lease = z.object({
  occupancy_id: z.number().int(),
  occupants: z.array(z.object({ occupant_id: z.number().int(), first_name: z.string(), last_name: z.string() })),
  is_future: z.boolean(),
  is_do_not_disturb: z.boolean(),
});
export const QuickSearchItem = z.object({
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  leases: z.array(Lease),
});
export type QuickSearchItem = z.infer<typeof QuickSearchItem>;

export const ApartmentDropdownItem = z.object({
  id: z.number().int(),
  apartment_number: z.string(),
  current_occupancy_id: z.number().int().nullable(),
  is_vacant: z.boolean(),
  floor: z.string().nullable(),
  line: z.string().nullable(),
});
export type ApartmentDropdownItem = z.infer<typeof ApartmentDropdownItem>;

/** GET /core/quick-search/?building= */
export const QuickSearchQuery = z.object({ building: Id });

/** GET /core/buildings/ (every building the user may see; a portfolio rarely has more than a page). */
export const BuildingListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export const BUILDING_LIST_DEFAULT_LIMIT = 1000;

/**
 * GET /core/buildings/{id}/combo-search/?search= — units by number prefix and residents by name.
 * A unit match is one row per active lease of the unit (names of its first resident,
 * occupant_id null), or one vacant row when it has none; a resident match is one row per
 * active resident of an active lease whose first or last name contains the term.
 * Unit matches come first (unit order), then residents (unit order, last name, first name).
 */
export const ComboSearchQuery = z.object({ search: z.string().max(100).optional() });
export const COMBO_SEARCH_LIMIT = 20;
export const ComboSearchItem = z.object({
  apartment_id: z.number().int(),
  apartment_number: z.string(),
  occupancy_id: z.number().int().nullable(),
  occupant_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  /** The unit has no current (active, already started) lease. */
  is_vacant: z.boolean(),
  /** The row's lease starts after today (building time zone). */
  is_future: z.boolean(),
});
export type ComboSearchItem = z.infer<typeof ComboSearchItem>;
