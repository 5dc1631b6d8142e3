import { z } from "zod";
import { Id, requiredFieldText } from "./common.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Memo groups (document 3 sections 2, 3, 7): a building's named sets of units a memo can be sent
 * to ('Floor 2 east', 'Penthouses'). Managers (memo.send) keep them; the composer offers them as
 * recipients (each unit's current residents).
 */

export const MEMO_GROUP_LIMITS = { name: 255, apartments: 5000 } as const;
/** Every group of a building at once (the composer and the settings page show all). */
export const MEMO_GROUP_PAGE_SIZE = 1000;
export const MEMO_GROUP_MAX_LIMIT = 1000;

export const MEMO_GROUP_MESSAGES = {
  /** The spec's ('Memo group created/updated', 'Memo group "{name}" deleted'). */
  created: "Memo group created",
  updated: "Memo group updated",
  saved: "Memo group created/updated",
  deleted: (name: string) => `Memo group "${name}" deleted`,
  // Ours
  nameRequired: "Name is required",
  nameTaken: "A memo group with this name already exists in this building.",
  apartmentNotInBuilding: (id: number) => `Unit ${id} is not a unit of this building.`,
  confirmDelete: (name: string) => `Delete the memo group "${name}"?`,
  note: "Memo groups are sets of units of this building a memo can be sent to.",
} as const;
const M = MEMO_GROUP_MESSAGES;

/** A unit of a group: its id, number and current unit profile (null when vacant). */
export const MemoGroupApartment = z.object({
  id: z.number().int(),
  apartment_number: z.string(),
  current_occupancy_id: z.number().int().nullable(),
});
export type MemoGroupApartment = z.infer<typeof MemoGroupApartment>;

/** Who created or last edited a group. */
const Editor = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable();

export const MemoGroup = z.object({
  id: z.number().int(),
  building: z.number().int(),
  name: z.string(),
  /** By apartment number. */
  apartments: z.array(MemoGroupApartment),
  apartment_ids: z.array(z.number().int()),
  created_by: Editor,
  last_edited_by: Editor,
  date_created: z.string(),
  last_modified: z.string(),
});
export type MemoGroup = z.infer<typeof MemoGroup>;

export const MemoGroupDeleted = z.object({ id: z.number().int(), detail: z.string() });
export type MemoGroupDeleted = z.infer<typeof MemoGroupDeleted>;

/** apartment_ids: a list of unit ids (a comma string from a form), duplicates dropped; may be empty. */
export const MemoGroupApartmentIds = z.preprocess(
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
    .array(Id, { error: MESSAGES.fieldRequired })
    .max(MEMO_GROUP_LIMITS.apartments)
    .transform((ids) => [...new Set(ids)]),
);

/** POST /core/buildings/{b}/memo-groups/ {name, apartment_ids}. */
export const MemoGroupWrite = z.object({
  name: requiredFieldText(MEMO_GROUP_LIMITS.name, M.nameRequired),
  apartment_ids: MemoGroupApartmentIds.optional(),
});
export type MemoGroupWrite = z.infer<typeof MemoGroupWrite>;
export type MemoGroupWriteInput = z.input<typeof MemoGroupWrite>;

/** PATCH .../memo-groups/{id}/: any subset. */
export const MemoGroupPatch = MemoGroupWrite.partial();
export type MemoGroupPatch = z.infer<typeof MemoGroupPatch>;
export type MemoGroupPatchInput = z.input<typeof MemoGroupPatch>;

/** The list's query: limit (default and at most 1000), offset. */
export const MemoGroupQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MEMO_GROUP_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type MemoGroupQuery = z.infer<typeof MemoGroupQuery>;
