import type { QuickSearchItem } from "@portico/contract";
import { compareApartmentNumbers } from "@portico/contract";

export interface QuickSearchOption {
  key: string;
  apartmentId: number;
  apartmentNumber: string;
  /** null: a vacant unit. */
  occupancyId: number | null;
  names: string;
  isFuture: boolean;
  isDoNotDisturb: boolean;
  /** Lower-cased text matched against the query. */
  haystack: string;
}

/** One option per lease (current and future), and one per vacant apartment. */
export function toQuickSearchOptions(items: readonly QuickSearchItem[]): QuickSearchOption[] {
  const out: QuickSearchOption[] = [];
  const sorted = [...items].sort((a, b) => compareApartmentNumbers(a.apartment_number, b.apartment_number));
  for (const item of sorted) {
    if (item.leases.length === 0) {
      out.push({
        key: `apt-${item.apartment_id}`,
        apartmentId: item.apartment_id,
        apartmentNumber: item.apartment_number,
        occupancyId: null,
        names: "",
        isFuture: false,
        isDoNotDisturb: false,
        haystack: item.apartment_number.toLowerCase(),
      });
      continue;
    }
    const leases = [...item.leases].sort((a, b) => Number(a.is_future) - Number(b.is_future));
    for (const lease of leases) {
      const names = lease.occupants.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ");
      out.push({
        key: `occ-${item.apartment_id}-${lease.occupancy_id}`,
        apartmentId: item.apartment_id,
        apartmentNumber: item.apartment_number,
        occupancyId: lease.occupancy_id,
        names,
        isFuture: lease.is_future,
        isDoNotDisturb: lease.is_do_not_disturb,
        haystack: `${item.apartment_number} ${names}`.toLowerCase(),
      });
    }
  }
  return out;
}

export const QUICK_SEARCH_MAX_OPTIONS = 50;

/**
 * Filter by unit number or name. Unit numbers match from their start ("12" finds 1201, 12A),
 * names by any word start; every word of the query must match. Unit-number hits come first.
 */
export function filterQuickSearch(options: readonly QuickSearchOption[], query: string): QuickSearchOption[] {
  const words = query
    .trim()
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return options.slice(0, QUICK_SEARCH_MAX_OPTIONS);
  const unitHits: QuickSearchOption[] = [];
  const nameHits: QuickSearchOption[] = [];
  for (const o of options) {
    const apt = o.apartmentNumber.toLowerCase();
    const tokens = o.haystack.split(/[\s,]+/);
    const all = words.every((w) => tokens.some((t) => t.startsWith(w)) || o.haystack.includes(w));
    if (!all) continue;
    if (apt.startsWith(words[0])) unitHits.push(o);
    else nameHits.push(o);
    if (unitHits.length >= QUICK_SEARCH_MAX_OPTIONS) break;
  }
  return [...unitHits, ...nameHits].slice(0, QUICK_SEARCH_MAX_OPTIONS);
}

/** Where choosing an option goes. */
export function quickSearchTarget(building: number, o: QuickSearchOption): string {
  if (o.occupancyId !== null) return `/${building}/manage/unit-profiles/${o.occupancyId}`;
  const q = new URLSearchParams({ apartment_id: String(o.apartmentId), apartment_number: o.apartmentNumber });
  return `/${building}/manage/unit-profiles/create?${q.toString()}`;
}
