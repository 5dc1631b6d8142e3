import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { dateRangeOrder, MESSAGES } from "@portico/contract";
import type { Paging } from "./DataTable.tsx";

/**
 * A list page's URL: read it, change some of its parameters (null or '' removes one), and its
 * paging (limit left out when it is the default, offset when it is 0).
 */
export function useListUrl(defaultLimit: number) {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean }) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === "") next.delete(k);
          else next.set(k, v);
        }
        return next;
      }, options),
    [setParams],
  );
  const count = (k: string, fallback: number, min: number) => {
    const v = params.get(k);
    return v !== null && /^\d+$/.test(v) && Number(v) >= min ? Number(v) : fallback;
  };
  const paging: Paging = { limit: count("limit", defaultLimit, 1), offset: count("offset", 0, 0) };
  const setPaging = (p: Paging) =>
    update({
      limit: p.limit === defaultLimit ? null : String(p.limit),
      offset: p.offset === 0 ? null : String(p.offset),
    });
  return { params, setParams, update, paging, setPaging };
}

type DatePairs = readonly (readonly [string, string])[];

/**
 * The date filters' messages, field by field: 'Invalid date' for a date the validator refuses,
 * and the contract's range rule (an end before its start, under the end).
 */
export function dateFilterErrors(
  values: Readonly<Record<string, string>>,
  pairs: DatePairs,
  isValid: (v: string) => boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  const valid: Record<string, string> = {};
  for (const k of pairs.flat()) {
    const v = values[k] ?? "";
    if (v && !isValid(v)) out[k] = MESSAGES.invalidDate;
    else valid[k] = v;
  }
  const ranges = z.record(z.string(), z.string()).superRefine(dateRangeOrder(pairs)).safeParse(valid);
  if (!ranges.success)
    for (const issue of ranges.error.issues) {
      const k = String(issue.path[0]);
      out[k] ??= issue.message;
    }
  return out;
}
