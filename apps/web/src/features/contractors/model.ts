/**
 * Contractor visits on the web (document 2 sections 2, 4, 5, 9; document 1 section 2.3;
 * document 3 section 7): the screens' paths, the list page's URL ⇄ query, the visit form's
 * rules (the contract's schema) and the dashboard's grouping by company.
 */
import {
  type ContractorType,
  type ContractorVisit,
  CONTRACTOR_MESSAGES,
  ContractorVisitWrite,
  isValidDay,
} from "@portico/contract";
import type { QueryParams } from "../../lib/api.ts";
import type { Paging } from "../../components/DataTable.tsx";
import { dateFilterErrors } from "../../components/listUrl.ts";

export const contractorPaths = {
  list: (b: number, q: Record<string, string | number> = {}) => {
    const query = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    return `/${b}/contractors${query ? `?${query}` : ""}`;
  },
  companies: (b: number) => `/${b}/contractors/companies`,
  profile: (b: number, occupancyId: number) => `/${b}/manage/unit-profiles/${occupancyId}`,
} as const;

/** The list's filters, as they stand in the URL (document 2 section 2). */
export const VISIT_FILTERS = ["contractor_type_id", "from", "until", "apartment", "in_building"] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number];
const DATE_PAIRS = [["from", "until"]] as const;

export const visitFilterErrors = (values: Readonly<Record<string, string>>) =>
  dateFilterErrors(values, DATE_PAIRS, isValidDay);

/** GET /core/buildings/{b}/contractor-visits/ from the URL. */
export function visitListQuery(params: URLSearchParams, paging: Paging): QueryParams {
  const q: QueryParams = { limit: paging.limit, offset: paging.offset };
  for (const k of VISIT_FILTERS) {
    const v = params.get(k);
    if (v) q[k] = v;
  }
  return q;
}

/** The company field: one of the list, or a name typed in (matching a listed one whatever its case). */
export type CompanyValue = ContractorType | string | null;

export function companyOf(
  value: CompanyValue,
  types: readonly ContractorType[],
): {
  contractor_type_id?: number;
  company_name?: string;
} {
  if (value === null) return {};
  if (typeof value !== "string") return { contractor_type_id: value.id };
  const typed = value.trim();
  const known = types.find((t) => t.company_name.toLowerCase() === typed.toLowerCase());
  return known ? { contractor_type_id: known.id } : typed ? { company_name: typed } : {};
}

export interface VisitDraft {
  company: CompanyValue;
  name: string;
  apartment: number | null;
  note: string;
  photo: Blob | null;
}

export const emptyVisitDraft = (): VisitDraft => ({ company: null, name: "", apartment: null, note: "", photo: null });

export type VisitDraftErrors = Partial<Record<"company_name" | "name" | "note" | "photo_url", string>>;

/** The form's messages: the contract's schema of a visit, and the photo unless the building waives it. */
export function visitDraftErrors(
  d: VisitDraft,
  ctx: { building: number; types: readonly ContractorType[]; photoRequired: boolean },
): VisitDraftErrors {
  const out: VisitDraftErrors = {};
  const parsed = ContractorVisitWrite.safeParse({
    building: ctx.building,
    ...companyOf(d.company, ctx.types),
    name: d.name,
    note: d.note,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const k = String(issue.path[0]);
      if (k === "company_name" || k === "name" || k === "note") out[k] ??= issue.message;
    }
  if (ctx.photoRequired && !d.photo) out.photo_url = CONTRACTOR_MESSAGES.photoRequired;
  return out;
}

/** The dashboard's cards, by company (companies by name, each company's visits newest first). */
export function byCompany(visits: readonly ContractorVisit[]): { company: string; visits: ContractorVisit[] }[] {
  const groups = new Map<string, ContractorVisit[]>();
  for (const v of visits) {
    const list = groups.get(v.company_name) ?? [];
    list.push(v);
    groups.set(v.company_name, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([company, list]) => ({
      company,
      visits: list.sort((a, b) => b.date_created.localeCompare(a.date_created)),
    }));
}

/** "First Last" of a person, or ''. */
export const personName = (p: { first_name: string; last_name: string } | null | undefined) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : "";
