import { z } from "zod";
import { PageQuery } from "../common.ts";
import { MESSAGES } from "../messages.ts";
import { RowId } from "./fields.ts";
import { StaffSummary } from "./flags-notes-tracking.ts";
import { requiredId } from "./parts.ts";

/** The ID card requests of a unit profile's residents (document 3). */

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
