import { z } from "zod";

/** A page of a list: `?limit=&offset=` → `{count, next, previous, results}`. */
export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** Query booleans arrive as true/false/True/1/0. */
export const queryBool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === "boolean" ? v : ["true", "1", "yes", "on"].includes(v.toLowerCase())));

export const Id = z.coerce.number().int().positive();

/** The error shapes of the API. */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export const Detail = z.object({ detail: z.string() });

/** An event in an object's history. */
export const Event = z.object({
  id: z.number().int(),
  type: z.string(),
  type_display: z.string(),
  note: z.string(),
  performed_by: z.string().nullable(),
  date_created: z.string(),
});
export type Event = z.infer<typeof Event>;

export const CHANGE_DELIMITER = "; ";
/** 'Changes: field: old ==> new; field2: old ==> new' */
export function changeNote(changes: { field: string; from: unknown; to: unknown }[]): string {
  const fmt = (v: unknown) => (v === null || v === undefined || v === "" ? "None" : String(v));
  return "Changes: " + changes.map((c) => `${c.field}: ${fmt(c.from)} ==> ${fmt(c.to)}`).join(CHANGE_DELIMITER);
}
