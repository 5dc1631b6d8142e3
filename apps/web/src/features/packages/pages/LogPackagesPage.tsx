import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import PlaylistAddCheckIcon from "@mui/icons-material/PlaylistAddCheck";
import { PACKAGE_MESSAGES as M, packagePaths } from "@portico/contract";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useOccupancy } from "../../occupancies/index.ts";
import { usePackageQueue } from "../api.ts";
import { LogPackagesForm } from "../components/LogPackagesForm.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { residentNames } from "../model.ts";

/** /{building}/packages/log (?occupancy_id = one unit; otherwise several units). */
export function Component() {
  const { id: building } = useBuilding();
  const [params] = useSearchParams();
  const raw = params.get("occupancy_id");
  const occupancyId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const occupancy = useOccupancy(occupancyId, { staleTime: 60_000 });
  const queue = usePackageQueue(building);
  const queued = queue.data?.count ?? 0;
  const single = occupancyId !== null;
  const unit = occupancy.data?.apartment_number;
  usePageTitle(single && unit ? `Log packages for ${unit}` : "Log packages");

  const wrongBuilding = occupancy.data && occupancy.data.building_id !== building;

  return (
    <Box>
      <PageHeader
        title={single ? (unit ? `Log packages for ${unit}` : "Log packages") : "Log packages"}
        subtitle={
          single && occupancy.data
            ? residentNames(occupancy.data.occupant_set) || "No residents"
            : "Choose a unit, a package type and a comment on each row."
        }
        back={{ to: packagePaths.grid(building), label: "Packages" }}
        actions={
          <Button
            component={RouterLink}
            to={packagePaths.batch(building)}
            variant="outlined"
            startIcon={<PlaylistAddCheckIcon />}
          >
            View batch{queued ? ` (${queued})` : ""}
          </Button>
        }
      />
      {single && occupancy.isPending ? (
        <SectionProgress label="Loading the unit" />
      ) : single && (occupancy.isError || wrongBuilding) ? (
        <Alert severity="error">
          {occupancy.error instanceof ApiError ? (
            <Typography component="span" sx={{ fontWeight: 600, display: "block" }}>
              {occupancy.error.status} {occupancy.error.statusText}
            </Typography>
          ) : occupancy.error ? (
            <Typography component="span" sx={{ display: "block" }}>
              {errorMessage(occupancy.error)}
            </Typography>
          ) : null}
          {M.cannotLogForOccupancy}
        </Alert>
      ) : (
        <LogPackagesForm
          key={single ? `single-${occupancyId}` : "multi"}
          mode={single ? "single" : "multi"}
          building={building}
          occupancy={single ? occupancy.data : undefined}
        />
      )}
    </Box>
  );
}
