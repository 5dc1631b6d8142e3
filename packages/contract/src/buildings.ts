import { z } from "zod";

export const Building = z.object({
  id: z.number().int(),
  address: z.string(),
  name: z.string(),
  time_zone: z.string(),
});
export type Building = z.infer<typeof Building>;

const b = (v: boolean) => z.boolean().default(v);

/**
 * Building settings, every group named in documents 1 and 3, with defaults.
 * Stored as one JSON document per building; a PATCH merges group by group.
 */
export const BuildingSettingsGroups = z.object({
  accesskeyssettings: z.object({ has_access_keys: b(false) }).prefault({}),
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
  condosettings: z.object({ has_condos: b(false) }).prefault({}),
  coresettings: z.object({ enable_roommate_listings: b(false), enable_occupancy_notes: b(false) }).prefault({}),
  marketplacesettings: z.object({ has_marketplace: b(false), is_auto_approve: b(false) }).prefault({}),
  fooddeliverysettings: z.object({ has_food_delivery: b(false) }).prefault({}),
  clubsettings: z.object({ can_club_admin_manage_memberships: b(false) }).prefault({}),
  idcardsettings: z.object({ has_id_cards: b(false) }).prefault({}),
  maintenancerequestsettings: z.object({ has_signatures: b(false) }).prefault({}),
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

/** PATCH body: any subset of groups, each group partial. */
export const BuildingSettingsPatch = z
  .object(
    Object.fromEntries(
      Object.entries(BuildingSettingsGroups.shape).map(([k, v]) => {
        const inner = (v as unknown as { def: { innerType?: z.ZodTypeAny } }).def.innerType ?? v;
        return [k, inner instanceof z.ZodObject ? inner.partial().strict().optional() : (inner as z.ZodTypeAny).optional()];
      }),
    ) as Record<string, z.ZodTypeAny>,
  )
  .strict();
export type BuildingSettingsPatch = Partial<{ [K in keyof BuildingSettingsGroups]: Partial<BuildingSettingsGroups[K]> }>;

export function defaultBuildingSettings(): BuildingSettingsGroups {
  return BuildingSettingsGroups.parse({});
}

/** Merge a stored document (possibly older, partial) and a patch into full settings. */
export function mergeBuildingSettings(stored: unknown, patch: BuildingSettingsPatch = {}): BuildingSettingsGroups {
  const base = BuildingSettingsGroups.parse(stored ?? {});
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const cur = out[k];
    out[k] = cur && typeof cur === "object" && v && typeof v === "object" ? { ...cur, ...v } : v;
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
