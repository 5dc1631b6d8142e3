import { z } from "zod";
import { Event, PageQuery, queryBool } from "../common.ts";
import { MESSAGES } from "../messages.ts";
import { FormDate, RowId } from "./fields.ts";
import { OccupancyFlag, OccupancyTracking, TrackingEmployee } from "./flags-notes-tracking.ts";
import { bool, requiredId, text, unitFacts } from "./parts.ts";
import { UNIT_PROFILE_MESSAGES } from "./messages.ts";
import { ExistingOccupant, NewOccupant, Occupant } from "./occupants.ts";

/** The unit profile itself (an occupancy, a lease of an apartment): its shape, writes and list query. */

export const OCCUPANCY_STATUSES = ["CURRENT", "FUTURE", "INACTIVE"] as const;
export const OccupancyStatus = z.enum(OCCUPANCY_STATUSES);
export type OccupancyStatus = z.infer<typeof OccupancyStatus>;

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
  ...unitFacts,
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
