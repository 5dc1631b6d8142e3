import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { MESSAGES } from "@portico/contract";
import { errorMessage, NotFoundError } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useCreateOccupancy, useOccupancy, useUpdateOccupancy } from "../api.ts";
import { RequireAction } from "../components/forms/RequireAction.tsx";
import { UnitProfileForm } from "../components/forms/UnitProfileForm.tsx";
import { SUCCESS } from "../components/forms/messages.ts";
import {
  emptyUnitProfileValues,
  occupancyToValues,
  toCreatePayload,
  toPatchPayload,
} from "../components/forms/unitProfileForm.ts";
import { deleteProfilePath, editProfilePath, profilePath, unitListPath } from "../components/list/unitLinks.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => unitListPath(building),
};

const positiveId = (v: string | null | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * /{building}/manage/unit-profiles/create (query apartment_id, apartment_number) and
 * /{building}/manage/unit-profiles/edit/{occupancyId}: managers only.
 */
export function Component() {
  const { occupancyId } = useParams();
  const editing = occupancyId !== undefined;
  return (
    <RequireAction action={editing ? "occupancy.edit" : "occupancy.create"}>
      {editing ? <EditProfile occupancyId={positiveId(occupancyId)} /> : <CreateProfile />}
    </RequireAction>
  );
}

function CreateProfile() {
  usePageTitle("New unit profile");
  const { id: building } = useBuilding();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateOccupancy();
  const apartmentId = positiveId(search.get("apartment_id"));
  const apartmentNumber = search.get("apartment_number") ?? undefined;

  return (
    <Box>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h1">New unit profile{apartmentNumber ? ` for unit ${apartmentNumber}` : ""}</Typography>
      </Box>
      <UnitProfileForm
        // A new unit from the quick search starts a fresh form.
        key={apartmentId ?? "none"}
        mode="create"
        building={building}
        defaultValues={emptyUnitProfileValues(apartmentId)}
        knownApartmentNumber={apartmentNumber}
        cancelTo={unitListPath(building)}
        onSave={async (values) => {
          const created = await create.mutateAsync(toCreatePayload(values));
          enqueueSnackbar(SUCCESS.unitProfileCreated, { variant: "success" });
          navigate(profilePath(created.building_id, created.id));
        }}
      />
    </Box>
  );
}

function EditProfile({ occupancyId }: { occupancyId: number | null }) {
  const { id: building } = useBuilding();
  const occupancy = useOccupancy(occupancyId);
  const update = useUpdateOccupancy(occupancyId ?? 0);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const o = occupancy.data;
  usePageTitle(o ? `Edit unit profile ${o.apartment_number}` : "Edit unit profile");

  if (occupancyId === null || occupancy.error instanceof NotFoundError) return <NotFound />;
  if (occupancy.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(occupancy.error))}</Alert>;
  if (!o) return <SectionProgress />;
  // A profile of another building is edited in that building.
  if (o.building_id !== building) return <Navigate to={editProfilePath(o.building_id, o.id)} replace />;

  return (
    <Box>
      <Box component="header" sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 3 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Edit unit profile {o.apartment_number}
        </Typography>
        <Button component={RouterLink} to={profilePath(building, o.id)}>
          Back to profile
        </Button>
        <Button color="error" variant="outlined" component={RouterLink} to={deleteProfilePath(building, o.id)}>
          Delete unit profile
        </Button>
      </Box>
      <UnitProfileForm
        key={o.id}
        mode="edit"
        building={building}
        defaultValues={occupancyToValues(o)}
        occupancy={o}
        cancelTo={profilePath(building, o.id)}
        onSave={async (values) => {
          const saved = await update.mutateAsync(toPatchPayload(values));
          enqueueSnackbar(SUCCESS.unitProfileUpdated, { variant: "success" });
          navigate(profilePath(saved.building_id, saved.id));
        }}
      />
    </Box>
  );
}
