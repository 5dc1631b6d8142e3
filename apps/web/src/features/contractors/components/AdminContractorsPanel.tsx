import { useId, useMemo, useState } from "react";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { CONTRACTOR_MAX_LIMIT } from "@portico/contract";
import { SelectFilter } from "../../../components/FilterBar.tsx";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { useBuildings } from "../../../lib/queries.ts";
import { useAdminVisits, useContractorTypes } from "../api.ts";
import { VisitCards } from "./VisitCards.tsx";

/**
 * The portfolio dashboard's contractors (document 3 section 7): the contractors in every
 * building the user may see (GET /contractors/visits/?in_building=true), as cards by company
 * naming each building, with the notes and 'Check out'.
 */
export function AdminContractorsPanel() {
  const headingId = useId();
  const [company, setCompany] = useState("");
  const types = useContractorTypes(true);
  const buildings = useBuildings();
  const zones = useMemo(() => new Map((buildings.data ?? []).map((b) => [b.id, b.time_zone])), [buildings.data]);
  const visits = useAdminVisits({
    in_building: true,
    contractor_type_id: company || undefined,
    limit: CONTRACTOR_MAX_LIMIT,
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 4 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: 1 }}>
          Contractors in the buildings
        </Typography>
        <Box sx={{ minWidth: 240 }}>
          <SelectFilter
            label="Contractor Company"
            value={company}
            emptyLabel="All companies"
            onChange={setCompany}
            choices={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.company_name }))}
          />
        </Box>
      </Box>
      <LoadedList
        query={visits}
        items={visits.data?.results}
        loadingLabel="Loading contractors"
        empty={company ? "No results" : "No contractors in the buildings"}
      >
        {(rows) => <VisitCards visits={rows} zoneOf={(v) => zones.get(v.building)} withBuilding />}
      </LoadedList>
    </Paper>
  );
}
