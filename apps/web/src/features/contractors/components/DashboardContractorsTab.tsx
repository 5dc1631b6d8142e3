import { useState } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { CONTRACTOR_MESSAGES, CONTRACTOR_MAX_LIMIT } from "@portico/contract";
import { SelectFilter } from "../../../components/FilterBar.tsx";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { useBuildingVisits, useContractorTypes } from "../api.ts";
import { contractorPaths } from "../model.ts";
import { VisitCards } from "./VisitCards.tsx";

/**
 * The dashboard's Contractors tab (document 1 section 2.3): the contractors in the building as
 * cards by company (filter by company), each with its notes and 'Check out', and a link to the
 * list of every visit.
 */
export function DashboardContractorsTab() {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const [company, setCompany] = useState("");
  const types = useContractorTypes(true);
  const visits = useBuildingVisits(building, {
    in_building: true,
    contractor_type_id: company || undefined,
    limit: CONTRACTOR_MAX_LIMIT,
  });
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <SelectFilter
        label="Contractor Company"
        value={company}
        emptyLabel="All companies"
        onChange={setCompany}
        choices={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.company_name }))}
      />
      <LoadedList
        query={visits}
        items={visits.data?.results}
        loadingLabel="Loading contractors"
        empty={company ? "No results" : "No contractors in the building"}
      >
        {(rows) => <VisitCards visits={rows} zoneOf={() => tz} />}
      </LoadedList>
      <Link
        component={RouterLink}
        to={contractorPaths.list(building, company ? { contractor_type_id: company } : {})}
        sx={{ justifySelf: "center" }}
      >
        {CONTRACTOR_MESSAGES.viewAll}
      </Link>
    </Box>
  );
}
