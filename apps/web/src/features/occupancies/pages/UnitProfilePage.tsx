/**
 * /{building}/manage/unit-profiles/{occupancyId}: the unit profile (document 1 sections 2.4 and 4).
 * An occupancy of another building redirects to that building's URL (the shell then checks
 * access); a 404 shows the not-found page.
 */
import { Suspense } from "react";
import { Navigate, useParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type Occupancy } from "@portico/contract";
import { NotFound } from "../../../components/NotFound.tsx";
import { ErrorBoundary } from "../../../components/ErrorBoundary.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage, NotFoundError } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { useOccupancy } from "../api.ts";
import { AdjacentUnitsNav } from "../components/profile/AdjacentUnitsNav.tsx";
import { HeaderActions, headerAbilities } from "../components/profile/HeaderActions.tsx";
import { LeaseInfo } from "../components/profile/LeaseInfo.tsx";
import { PROFILE_RIGHT_PANELS } from "../components/profile/panels.tsx";
import { ProfileAlerts } from "../components/profile/ProfileAlerts.tsx";
import { ResidentsSection } from "../components/profile/ResidentsSection.tsx";
import { futureChipSx } from "../components/profile/styles.ts";

const MAX_ID = 2147483647;

export function Component() {
  const { occupancyId = "" } = useParams();
  const id = /^\d+$/.test(occupancyId) && Number(occupancyId) <= MAX_ID ? Number(occupancyId) : null;
  const { id: buildingId } = useBuilding();
  const profile = useOccupancy(id, { staleTime: 10_000 });
  usePageTitle(profile.data ? `Unit ${profile.data.apartment_number}` : "Unit profile");

  if (id === null) return <NotFound />;
  if (profile.isPending) return <SectionProgress label="Loading unit profile" />;
  if (profile.isError) {
    if (profile.error instanceof NotFoundError) return <NotFound />;
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorMessage(profile.error)}
      </Alert>
    );
  }
  if (profile.data.building_id !== buildingId)
    return <Navigate to={`/${profile.data.building_id}/manage/unit-profiles/${id}`} replace />;
  return <UnitProfile key={profile.data.id} occupancy={profile.data} />;
}

function UnitProfile({ occupancy: o }: { occupancy: Occupancy }) {
  const { id: buildingId, building, settings } = useBuilding();
  const can = useCan();
  const tz = building?.time_zone;
  const today = dayInZone(tz);
  const abilities = headerAbilities(can, settings, o);
  const ctx = { occupancy: o, buildingId, settings, can };
  const panels = PROFILE_RIGHT_PANELS.filter((p) => !p.show || p.show(ctx));
  const status = o.status === "INACTIVE" ? "Inactive" : o.status === "FUTURE" ? "Future" : "Current";

  return (
    <Box>
      <Box
        component="header"
        sx={{
          display: "flex",
          flexDirection: { xs: "column", md: "row" },
          alignItems: { md: "flex-start" },
          justifyContent: "space-between",
          gap: 2,
          mb: 2,
        }}
      >
        <Box sx={{ minWidth: 0, flexShrink: 0 }}>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            <Link component={RouterLink} to={`/${buildingId}/manage/unit-profiles`} color="inherit">
              Unit profiles
            </Link>
          </Typography>
          <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
            <Typography variant="h1">Unit {o.apartment_number}</Typography>
            <Chip
              label={status}
              size="small"
              color={o.status === "CURRENT" ? "success" : "default"}
              variant={o.status === "CURRENT" ? "outlined" : "filled"}
              sx={o.status === "FUTURE" ? futureChipSx : undefined}
              data-testid="occupancy-status"
            />
          </Box>
        </Box>
        <HeaderActions occupancy={o} abilities={abilities} today={today} timeZone={tz} />
      </Box>

      <Box
        sx={{
          display: "grid",
          gap: 3,
          // Mobile (< 992 px) stacks the columns.
          gridTemplateColumns: "minmax(0, 1fr)",
          "@media (min-width: 992px)": { gridTemplateColumns: "minmax(0, 7fr) minmax(0, 5fr)" },
          alignItems: "start",
        }}
      >
        <Stack spacing={2} data-testid="profile-left">
          <AdjacentUnitsNav occupancyId={o.id} buildingId={buildingId} />
          <ProfileAlerts occupancy={o} today={today} timeZone={tz} />
          <ResidentsSection occupancy={o} />
          <LeaseInfo occupancy={o} />
        </Stack>
        <Stack spacing={2} data-testid="profile-right">
          {panels.map(({ key, Component: Panel }) => (
            <ErrorBoundary key={`${key}-${o.id}`}>
              <Suspense fallback={<SectionProgress />}>
                <Panel occupancy={o} buildingId={buildingId} />
              </Suspense>
            </ErrorBoundary>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
