import { type ReactNode, useEffect, useState } from "react";
import { FilterBar } from "../../../components/FilterBar.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { ApartmentSearch } from "../../../components/SideDrawer.tsx";
import { useDebounced } from "../../../lib/useDebounced.ts";

const MEMBERS_PAGE_SIZE = 30;

/**
 * The members grid's search box, kept in the URL (?search=) once typing settles; `extra` goes
 * beside it (the pool desk's Scan), `setText` fills it (a scanned card).
 */
export function useMemberSearch(extra?: ReactNode) {
  const { params, update, paging, setPaging } = useListUrl(MEMBERS_PAGE_SIZE);
  const [text, setText] = useState(params.get("search") ?? "");
  const search = useDebounced(text.trim());
  const inUrl = params.get("search") ?? "";
  useEffect(() => {
    if (search !== inUrl) update({ search, offset: null }, { replace: true });
  }, [search, inUrl, update]);
  const box = (
    <FilterBar label="Member search" columns={{ xs: 1, sm: 2 }} extraButtons={extra}>
      <ApartmentSearch value={text} onChange={setText} />
    </FilterBar>
  );
  return { box, search, paging, setPaging, setText };
}
