import { Navigate, useNavigate, useParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import DeleteForeverIcon from "@mui/icons-material/DeleteForever";
import { MESSAGES } from "@portico/contract";
import { errorMessage, NotFoundError } from "../../../lib/api.ts";
import { formatDate } from "../../../lib/dates.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useDeleteOccupancy, useOccupancy } from "../api.ts";
import { RequireAction } from "../components/forms/RequireAction.tsx";
import { SUCCESS } from "../components/forms/messages.ts";
import { deleteProfilePath, profilePath, unitListPath } from "../components/list/unitLinks.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => unitListPath(building),
};

/** /{building}/manage/unit-profiles/delete/{occupancyId}: a permanent delete, after a warning. */
export function Component() {
  return (
    <RequireAction action="occupancy.delete">
      <DeleteProfile />
    </RequireAction>
  );
}

function DeleteProfile() {
  const { occupancyId = "" } = useParams();
  const id = /^\d+$/.test(occupancyId) ? Number(occupancyId) : null;
  const { id: building } = useBuilding();
  const occupancy = useOccupancy(id);
  const remove = useDeleteOccupancy(id ?? 0);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const o = occupancy.data;
  usePageTitle(o ? `Delete unit profile ${o.apartment_number}` : "Delete unit profile");

  // Deleted: the list, not a refetch of what is gone.
  if (remove.isSuccess) return <Navigate to={unitListPath(building)} replace />;
  if (id === null || occupancy.error instanceof NotFoundError) return <NotFound />;
  if (occupancy.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(occupancy.error))}</Alert>;
  if (!o) return <SectionProgress />;
  if (o.building_id !== building) return <Navigate to={deleteProfilePath(o.building_id, o.id)} replace />;

  const residents = [...o.occupant_set, ...o.inactive_occupant_set]
    .map((p) => [p.first_name, p.last_name].filter(Boolean).join(" ") || p.username)
    .join(", ");
  const lease = [formatDate(o.lease_start_date), formatDate(o.lease_end_date)].filter(Boolean).join(" – ");

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        enqueueSnackbar(SUCCESS.unitProfileDeleted, { variant: "success" });
        navigate(unitListPath(building), { replace: true });
      },
    });

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Delete unit profile {o.apartment_number}
      </Typography>
      <Alert severity="warning" sx={{ mb: 3 }}>
        <AlertTitle>This permanently deletes the unit profile</AlertTitle>
        The profile, its residents' place on it, its flag, internal office notes and subscriptions are removed and
        cannot be restored. To end a lease and keep its history, use Move out or make the profile inactive instead.
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 3, rowGap: 1 }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Unit
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {o.apartment_number}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Residents
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {residents || "None"}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Lease
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {lease || "No dates"}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Status
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {o.status === "CURRENT" ? "Current" : o.status === "FUTURE" ? "Future" : "Inactive"}
          </Typography>
        </Box>
      </Paper>
      {remove.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(remove.error)}
        </Alert>
      )}
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
        <Button component={RouterLink} to={profilePath(building, o.id)} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          startIcon={<DeleteForeverIcon />}
          loading={remove.isPending}
          onClick={onDelete}
        >
          Delete permanently
        </Button>
      </Box>
    </Box>
  );
}
