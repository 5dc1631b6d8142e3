import { Navigate, useParams } from "react-router";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { AmenityType } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { TabbedPanel } from "../../../components/TabbedPanel.tsx";
import { NotFoundError } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useTabParam } from "../../../lib/useTabParam.ts";
import { errorMessage } from "../../../lib/api.ts";
import { useAmenityType } from "../api.ts";
import { AmenitySlots } from "../components/AmenitySlots.tsx";
import { AmenityTypeForm } from "../components/AmenityTypeForm.tsx";
import { ScheduleEditor } from "../components/ScheduleEditor.tsx";
import { TypeReservations } from "../components/TypeReservations.tsx";

const TABS = [
  { key: "main", title: "Main settings" },
  { key: "slots", title: "Amenity slots" },
  { key: "schedule", title: "Schedule / hours" },
  { key: "reservations", title: "Reservations" },
] as const;
const KEYS = TABS.map((t) => t.key);

export function Component() {
  const can = useCan();
  const { amenityType } = useParams();
  if (!can("club.view") || !/^\d+$/.test(amenityType ?? "")) return <NotFound />;
  return <Page id={Number(amenityType)} />;
}

/**
 * An amenity type's configuration (document 3 section 2; /{b}/clubs/{club}/amenity-types/{type}
 * and /{b}/amenity-reservations/amenity-type/{type}): Main settings, Amenity slots, Schedule /
 * hours and Reservations, as tabs kept in the URL. Managers edit; the others read.
 */
function Page({ id }: { id: number }) {
  const { id: building } = useBuilding();
  const { clubId } = useParams();
  const type = useAmenityType(id);
  usePageTitle(type.data?.name ?? "Amenity type");
  if (type.isPending) return <SectionProgress label="Loading the amenity type" />;
  if (type.isError) {
    if (type.error instanceof NotFoundError) return <Navigate to="/not-found" replace />;
    return <Typography color="error">{errorMessage(type.error)}</Typography>;
  }
  // A type of another club (or building) under this club's path does not exist here.
  if ((clubId && String(type.data.club) !== clubId) || type.data.building !== building)
    return <Navigate to="/not-found" replace />;
  return <TypeTabs type={type.data} building={building} />;
}

function TypeTabs({ type, building }: { type: AmenityType; building: number }) {
  const can = useCan();
  const editable = can("club.manage");
  const [key, choose] = useTabParam(KEYS);
  const current = TABS.find((t) => t.key === key) ?? TABS[0];
  return (
    <Box>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`/${building}/amenity-reservations`} underline="hover">
          Amenities
        </Link>
        <Link component={RouterLink} to={`/${building}/clubs/${type.club}/amenity-types`} underline="hover">
          {type.club_name}
        </Link>
        <Typography color="text.primary">{type.name}</Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {type.name}
      </Typography>
      <Paper variant="outlined" component="section" aria-label={type.name}>
        <TabbedPanel
          label={type.name}
          tabs={TABS}
          current={current}
          onChange={(k) => choose(k as (typeof KEYS)[number])}
          titleOf={(t) => t.title}
          panelSx={{ p: { xs: 1.5, sm: 2 } }}
        >
          {current.key === "main" && (
            <AmenityTypeForm key={type.last_modified} type={type} club={type.club} readOnly={!editable} />
          )}
          {current.key === "slots" && <AmenitySlots type={type.id} editable={editable} />}
          {current.key === "schedule" && <ScheduleEditor type={type.id} editable={editable} />}
          {current.key === "reservations" && <TypeReservations type={type} building={building} />}
        </TabbedPanel>
      </Paper>
    </Box>
  );
}
