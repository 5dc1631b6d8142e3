import { useParams, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useCreateOccupancy, useOccupancy, useUpdateOccupancy } from "../api.ts";
import { BuildingRecord } from "../components/forms/BuildingRecord.tsx";
import { RequireAction } from "../components/forms/RequireAction.tsx";
import { useSavedThenGo } from "../components/forms/useSavingForm.ts";
import { UnitProfileForm } from "../components/forms/UnitProfileForm.tsx";
import { SUCCESS } from "../components/forms/messages.ts";
import {
  emptyUnitProfileValues,
  occupancyToValues,
  toCreatePayload,
  toPatchPayload,
} from "../components/forms/unitProfileForm.ts";
import {
  deleteProfilePath,
  editProfilePath,
  profilePath,
  unitListPath,
  toUnitListOnSwitch,
} from "../components/list/unitLinks.ts";

export const handle = toUnitListOnSwitch;

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
  const done = useSavedThenGo();
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
          done(SUCCESS.unitProfileCreated, profilePath(created.building_id, created.id));
        }}
      />
    </Box>
  );
}

function EditProfile({ occupancyId }: { occupancyId: number | null }) {
  const { id: building } = useBuilding();
  const occupancy = useOccupancy(occupancyId);
  const update = useUpdateOccupancy(occupancyId ?? 0);
  const done = useSavedThenGo();
  usePageTitle(occupancy.data ? `Edit unit profile ${occupancy.data.apartment_number}` : "Edit unit profile");

  // A profile of another building is edited in that building.
  return (
    <BuildingRecord id={occupancyId} query={occupancy} pathIn={(o) => editProfilePath(o.building_id, o.id)}>
      {(o) => (
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
              done(SUCCESS.unitProfileUpdated, profilePath(saved.building_id, saved.id));
            }}
          />
        </Box>
      )}
    </BuildingRecord>
  );
}
