/**
 * Front-desk instructions on the web (document 2 sections 2, 4, 9; document 1 sections 2.3, 2.4):
 * the paths of the screens, what a card shows (status, 'Expires tonight at midnight', Long term,
 * new food delivery — the contract's rules, today in the building's time zone) and the list
 * page's URL ⇄ query.
 */
import { z } from "zod";
import {
  expiresTonight,
  INSTRUCTION_LIMITS,
  instructionFormErrors,
  type InstructionType,
  isValidDay,
  MESSAGES,
  requiredFieldText,
  type Instruction,
  INSTRUCTION_DEFAULT_ORDERING,
  INSTRUCTION_QUERY_LIMIT,
  type InstructionStatus,
  instructionStatus,
  isFoodDelivery,
  isLongTerm,
  isNewFoodDelivery,
  isRecentlyExpired,
} from "@portico/contract";
import type { QueryParams } from "../../lib/api.ts";
import { dayInZone } from "../../lib/zonedDates.ts";

export const instructionPaths = {
  grid: (b: number) => `/${b}/front-desk/instructions`,
  list: (b: number, q: Record<string, string | number | boolean> = {}) => {
    const query = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    return `/${b}/front-desk/instructions/list${query ? `?${query}` : ""}`;
  },
  detail: (b: number, id: number) => `/${b}/front-desk/instructions/${id}`,
  create: (b: number, occupancyId?: number | null) =>
    `/${b}/front-desk/instructions/create${occupancyId ? `?occupancy_id=${occupancyId}` : ""}`,
  edit: (b: number, occupancyId: number, instructionId: number) =>
    `/${b}/front-desk/instructions/edit?occupancy_id=${occupancyId}&instruction_id=${instructionId}`,
  /** The profile's link to every instruction of the unit (document 1 section 2.4). */
  unitList: (b: number, occupancyId: number) =>
    instructionPaths.list(b, { occupancy: occupancyId, limit: INSTRUCTION_QUERY_LIMIT, status: "all" }),
  profile: (b: number, occupancyId: number) => `/${b}/manage/unit-profiles/${occupancyId}`,
  adminTypes: "/admin/settings/instruction-types",
} as const;

/** What a card says about an instruction now, in the building's time zone. */
export interface InstructionFacts {
  status: InstructionStatus;
  active: boolean;
  expiresTonight: boolean;
  longTerm: boolean;
  recentlyExpired: boolean;
  /** A food delivery modified in the past 30 minutes. */
  isNew: boolean;
  foodDelivery: boolean;
}

export function factsOf(i: Instruction, tz: string | null | undefined, now: number = Date.now()): InstructionFacts {
  const today = dayInZone(tz, 0, now);
  const status = instructionStatus(i, today);
  return {
    status,
    active: status === "Active",
    expiresTonight: expiresTonight(i, today),
    longTerm: isLongTerm(i),
    recentlyExpired: isRecentlyExpired(i, today),
    isNew: isNewFoodDelivery(i, now),
    foodDelivery: isFoodDelivery(i),
  };
}

/** 'Taylor Morgan' of entered_by / photo_last_changed_user. */
export const personName = (p: { first_name: string; last_name: string } | null | undefined) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : "";

/** The advanced search's filters (document 2 section 2), named as in the URL and the API. */
export const LIST_FILTERS = [
  "apartment",
  "instruction_type",
  "status",
  "search",
  "date_range_min",
  "date_range_max",
  "occupancy__is_active",
  "exclude_food_delivery",
  "occupancy",
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** The list call's query for the page's URL: its filters as given, the paging and the order. */
export function listQueryOf(
  params: URLSearchParams,
  building: number,
  paging: { limit: number; offset: number },
): QueryParams {
  const q: QueryParams = { building, limit: paging.limit, offset: paging.offset };
  for (const k of LIST_FILTERS) {
    const v = params.get(k);
    if (v !== null && v !== "") q[k] = v;
  }
  q.ordering = params.get("ordering") || INSTRUCTION_DEFAULT_ORDERING;
  return q;
}

// ---------------------------------------------------------------------------------------------
// The create / edit form

/** The form's values: text as typed (dates 'YYYY-MM-DD', '' or INVALID_DAY), the photo as chosen. */
export interface InstructionFormValues {
  occupancy: number | null;
  instruction_type: string;
  name: string;
  instruction_text: string;
  start_date: string;
  expiration_date: string;
  photo: Blob | null;
}

export const FORM_FIELDS = [
  "occupancy",
  "instruction_type",
  "name",
  "instruction_text",
  "start_date",
  "expiration_date",
  "photo",
] as const;

const day = (required: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (!v) {
      if (required) ctx.addIssue({ code: "custom", message: MESSAGES.fieldRequired });
    } else if (!isValidDay(v)) ctx.addIssue({ code: "custom", message: MESSAGES.invalidDate });
  });

/**
 * The form's schema: the contract's field rules, and the chosen type's (an expiration date when
 * the type requires one, never before the start date: `instructionFormErrors`).
 */
export function instructionFormSchema(types: readonly Pick<InstructionType, "id" | "is_end_date_required">[]) {
  return z
    .object({
      occupancy: z
        .number()
        .nullable()
        .refine((v) => v !== null, MESSAGES.fieldRequired),
      instruction_type: z.string().min(1, MESSAGES.fieldRequired),
      name: requiredFieldText(INSTRUCTION_LIMITS.name),
      instruction_text: z
        .string()
        .max(INSTRUCTION_LIMITS.instruction_text, MESSAGES.maxLength(INSTRUCTION_LIMITS.instruction_text)),
      start_date: day(true),
      expiration_date: day(false),
      photo: z.custom<Blob | null>(),
    })
    .superRefine((v, ctx) => {
      const type = types.find((t) => String(t.id) === v.instruction_type);
      if (!isValidDay(v.start_date) || (v.expiration_date && !isValidDay(v.expiration_date))) return;
      for (const [field, messages] of Object.entries(instructionFormErrors(v, type)))
        for (const message of messages) ctx.addIssue({ code: "custom", path: [field], message });
    });
}

/** The types the form offers: the active ones by display order, and the instruction's own type. */
export function typeChoices<T extends Pick<InstructionType, "id" | "is_active">>(
  types: readonly T[],
  current?: number,
) {
  return types.filter((t) => t.is_active || t.id === current);
}

// ---------------------------------------------------------------------------------------------
// Colours

const luminance = (hex: string): number | null => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The type's text colour on its background, or black / white (whichever reads better) when the
 * type's own pair is below the 4.5:1 contrast small text needs.
 */
export function readableText(background: string, text: string): string {
  const bg = luminance(background);
  const fg = luminance(text);
  if (bg === null) return text;
  if (fg !== null && contrast(bg, fg) >= 4.5) return text;
  return contrast(bg, 0) >= contrast(bg, 1) ? "#000000" : "#FFFFFF";
}
