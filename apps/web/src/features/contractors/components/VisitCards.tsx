import { useId } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ContractorVisit } from "@portico/contract";
import { PhotoThumb } from "../../../components/PhotoThumb.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { byCompany, contractorPaths } from "../model.ts";
import { CheckOutButton } from "./CheckOutButton.tsx";
import { VisitNotesButton } from "./VisitNotes.tsx";

/**
 * Visits as cards grouped by company (document 1 section 2.3, document 3 section 7): each card
 * the contractor, the unit, when they came, the note, the notes and 'Check out'. `zoneOf`
 * gives each visit's building time zone; `withBuilding` names the building (admin scope).
 */
export function VisitCards({
  visits,
  zoneOf,
  withBuilding = false,
}: {
  visits: readonly ContractorVisit[];
  zoneOf: (v: ContractorVisit) => string | undefined;
  withBuilding?: boolean;
}) {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {byCompany(visits).map((g) => (
        <CompanyGroup key={g.company} company={g.company}>
          {g.visits.map((v) => (
            <VisitCard key={v.id} visit={v} timeZone={zoneOf(v)} withBuilding={withBuilding} />
          ))}
        </CompanyGroup>
      ))}
    </Box>
  );
}

function CompanyGroup({ company, children }: { company: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
        {company}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gap: 1,
          gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function VisitCard({
  visit: v,
  timeZone,
  withBuilding,
}: {
  visit: ContractorVisit;
  timeZone?: string;
  withBuilding: boolean;
}) {
  return (
    <Paper component="li" variant="outlined" aria-label={`${v.name} (${v.company_name})`} sx={{ p: 1.5 }}>
      <Box sx={{ display: "flex", gap: 1.5 }}>
        <PhotoThumb src={v.photo_url} label={`Photo of ${v.name} (${v.company_name})`} size={56} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{v.name}</Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {withBuilding ? `${v.building_name} · ` : ""}
            {v.apartment_number ? (
              v.occupancy_id && !withBuilding ? (
                <Link component={RouterLink} to={contractorPaths.profile(v.building, v.occupancy_id)}>
                  {`Unit ${v.apartment_number}`}
                </Link>
              ) : (
                `Unit ${v.apartment_number}`
              )
            ) : (
              "No unit"
            )}
            {` · in ${formatZonedDateTime(v.date_created, timeZone)}`}
          </Typography>
          {v.note && (
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: "pre-wrap" }}>
              {v.note}
            </Typography>
          )}
        </Box>
      </Box>
      <Box
        sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1, mt: 1 }}
      >
        <VisitNotesButton visit={v} timeZone={timeZone} />
        <CheckOutButton visit={v} timeZone={timeZone} />
      </Box>
    </Paper>
  );
}
