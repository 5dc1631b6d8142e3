import { useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Club, ClubCreate, CLUB_LIMITS, CLUBS_MESSAGES } from "@portico/contract";
import { DialogFormActions } from "../../../components/FormActions.tsx";
import { FormCheckbox, FormTextField } from "../../../components/FormFields.tsx";
import { LANDSCAPE_PHOTO_FRAME, PhotoCapture } from "../../../components/PhotoCapture.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuildings } from "../../../lib/queries.ts";
import { buildingLabel, useBuilding, useMe } from "../../../lib/session.tsx";
import { type ClubFormValues, useCreateClub, useUpdateClub } from "../api.ts";

const ClubFields = ClubCreate.omit({ building: true });
const FIELDS = ["name", "description", "is_open", "auto_enroll_members", "has_open_checkin", "additional_buildings"];

const valuesOf = (c: Club | null): ClubFormValues => ({
  name: c?.name ?? "",
  description: c?.description ?? "",
  is_open: c?.is_open ?? true,
  auto_enroll_members: c?.auto_enroll_members ?? false,
  has_open_checkin: c?.has_open_checkin ?? false,
  additional_buildings: c?.additional_buildings.map((b) => b.id) ?? [],
});

/** Add or edit a club in a drawer: name, description, open, auto-enroll, pool check-in, photo, shared buildings. */
export function ClubDrawer({ open, club, onClose }: { open: boolean; club: Club | null; onClose: () => void }) {
  return (
    <SideDrawer open={open} onClose={onClose} title={club ? `Edit ${club.name}` : "Add club"}>
      {open && <ClubForm key={club?.id ?? "new"} club={club} onDone={onClose} />}
    </SideDrawer>
  );
}

function ClubForm({ club, onDone }: { club: Club | null; onDone: () => void }) {
  const { id: building } = useBuilding();
  const me = useMe();
  const buildings = useBuildings();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateClub(building);
  const update = useUpdateClub();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const form = useForm<ClubFormValues>({
    mode: "onTouched",
    resolver: zodResolver(ClubFields as never) as unknown as Resolver<ClubFormValues>,
    defaultValues: valuesOf(club),
  });
  const { errors, isSubmitting } = form.formState;
  const primary = club?.building ?? building;
  const mine = new Set(me.buildings.map((b) => b.id));
  const choices = (buildings.data ?? []).filter((b) => b.id !== primary && (mine.has(b.id) || me.role === "OF"));

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors("root");
    try {
      if (club) await update.mutateAsync({ id: club.id, values, photo });
      else await create.mutateAsync({ values, photo });
      enqueueSnackbar(club ? CLUBS_MESSAGES.clubUpdated : CLUBS_MESSAGES.clubCreated, { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, { fields: FIELDS });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Club" sx={{ display: "grid", gap: 2 }}>
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus
        size="small"
        slotProps={{ htmlInput: { maxLength: CLUB_LIMITS.name } }}
      />
      <FormTextField
        control={form.control}
        name="description"
        label="Description"
        multiline
        minRows={3}
        size="small"
        slotProps={{ htmlInput: { maxLength: CLUB_LIMITS.description } }}
      />
      <Box sx={{ display: "grid" }}>
        <FormCheckbox control={form.control} name="is_open" label="Open" />
        <FormCheckbox control={form.control} name="auto_enroll_members" label="Enroll new residents automatically" />
        <FormCheckbox control={form.control} name="has_open_checkin" label="Pool check-in" />
      </Box>
      <Controller
        control={form.control}
        name="additional_buildings"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            size="small"
            options={choices.map((b) => b.id)}
            value={field.value}
            onChange={(_, ids) => field.onChange(ids)}
            getOptionLabel={(id) =>
              buildingLabel(buildings.data?.find((b) => b.id === id)) ||
              club?.additional_buildings.find((b) => b.id === id)?.name ||
              String(id)
            }
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label="Additional buildings"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
      {club?.photo_url && !photo && (
        <Box
          component="img"
          src={club.photo_url}
          alt={`Photo of ${club.name}`}
          sx={{ maxWidth: 200, borderRadius: 1 }}
        />
      )}
      <Typography variant="subtitle2">Photo</Typography>
      <PhotoCapture
        onChange={setPhoto}
        frame={LANDSCAPE_PHOTO_FRAME}
        facingMode="environment"
        autoStartCamera={false}
      />
      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      <DialogFormActions onCancel={onDone} busy={isSubmitting} label="Save" />
    </Box>
  );
}
