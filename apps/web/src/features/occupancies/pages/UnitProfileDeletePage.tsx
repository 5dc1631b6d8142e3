import { Fragment } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import DeleteForeverIcon from "@mui/icons-material/DeleteForever";
import type { Occupancy } from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { formatDate } from "../../../lib/dates.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useDeleteOccupancy, useOccupancy } from "../api.ts";
import { BuildingRecord, routeId } from "../components/forms/BuildingRecord.tsx";
import { requiring } from "../components/forms/RequireAction.tsx";
import { SUCCESS } from "../components/forms/messages.ts";
import { deleteProfilePath, profilePath, unitListPath, toUnitListOnSwitch } from "../components/list/unitLinks.ts";

export const handle = toUnitListOnSwitch;

/** /{building}/manage/unit-profiles/delete/{occupancyId}: a permanent delete, after a warning. */
export const Component = requiring("occupancy.delete", DeleteProfile);

function DeleteProfile() {
  const id = routeId(useParams().occupancyId);
  const { id: building } = useBuilding();
  const occupancy = useOccupancy(id);
  const remove = useDeleteOccupancy(id ?? 0);
  const o = occupancy.data;
  usePageTitle(o ? `Delete unit profile ${o.apartment_number}` : "Delete unit profile");

  // Deleted: the list, not a refetch of what is gone.
  if (remove.isSuccess) return <Navigate to={unitListPath(building)} replace />;
  return (
    <BuildingRecord id={id} query={occupancy} pathIn={(p) => deleteProfilePath(p.building_id, p.id)}>
      {(p) => <ConfirmDelete occupancy={p} remove={remove} />}
    </BuildingRecord>
  );
}

function ConfirmDelete({
  occupancy: o,
  remove,
}: {
  occupancy: Occupancy;
  remove: ReturnType<typeof useDeleteOccupancy>;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const building = o.building_id;
  const residents = [...o.occupant_set, ...o.inactive_occupant_set]
    .map((p) => [p.first_name, p.last_name].filter(Boolean).join(" ") || p.username)
    .join(", ");
  const lease = [formatDate(o.lease_start_date), formatDate(o.lease_end_date)].filter(Boolean).join(" – ");
  const facts: [string, string][] = [
    ["Unit", o.apartment_number],
    ["Residents", residents || "None"],
    ["Lease", lease || "No dates"],
    ["Status", o.status === "CURRENT" ? "Current" : o.status === "FUTURE" ? "Future" : "Inactive"],
  ];

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
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Fragment>
          ))}
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
