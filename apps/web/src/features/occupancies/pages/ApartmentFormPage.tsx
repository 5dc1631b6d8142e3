import { useId } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Navigate, useNavigate, useParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Apartment, type ApartmentWrite, MESSAGES } from "@portico/contract";
import { errorMessage, NotFoundError } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useApartment, useCreateApartment, useUpdateApartment } from "../api.ts";
import { RequireAction } from "../components/forms/RequireAction.tsx";
import { type AnyForm, CheckboxInput } from "../components/forms/ResidentFields.tsx";
import { useUnsavedChanges } from "../components/forms/UnsavedChangesPrompt.tsx";
import { SUCCESS } from "../components/forms/messages.ts";
import {
  type ApartmentFormValues,
  apartmentSchema,
  apartmentToValues,
  BATHROOMS,
  BEDROOM_LABELS,
  BEDROOMS,
  emptyApartmentValues,
  toApartmentPayload,
} from "../components/forms/apartmentForm.ts";
import { editApartmentPath, profilePath, unitListPath } from "../components/list/unitLinks.ts";
import { withoutRef } from "../components/forms/fieldProps.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => unitListPath(building),
};

/** Fields the form shows (a `building` error is form-wide). */
const SHOWN_FIELDS = [
  "apartment_number",
  "bedrooms",
  "bathrooms",
  "floor",
  "line",
  "is_balcony_apt",
  "is_management",
  "is_unlinked_to_tfcio",
] as const;

/** /{building}/manage/apartment/create and /edit/{apartmentId}: managers only. */
export function Component() {
  const { apartmentId } = useParams();
  const editing = apartmentId !== undefined;
  return (
    <RequireAction action={editing ? "apartment.edit" : "apartment.create"}>
      {editing ? <EditApartment apartmentId={apartmentId} /> : <ApartmentForm />}
    </RequireAction>
  );
}

function EditApartment({ apartmentId }: { apartmentId: string }) {
  const id = /^\d+$/.test(apartmentId) ? Number(apartmentId) : null;
  const { id: building } = useBuilding();
  const apartment = useApartment(id);
  if (id === null || apartment.error instanceof NotFoundError) return <NotFound />;
  if (apartment.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(apartment.error))}</Alert>;
  if (!apartment.data) return <SectionProgress />;
  if (apartment.data.building !== building)
    return <Navigate to={editApartmentPath(apartment.data.building, apartment.data.id)} replace />;
  return <ApartmentForm key={apartment.data.id} apartment={apartment.data} />;
}

function ApartmentForm({ apartment }: { apartment?: Apartment }) {
  const uid = useId();
  const { id: building } = useBuilding();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const title = apartment ? "Edit apartment" : "Add apartment";
  usePageTitle(apartment ? `Edit apartment ${apartment.apartment_number}` : title);
  const create = useCreateApartment();
  const update = useUpdateApartment(apartment?.id ?? 0);
  const form = useForm<ApartmentFormValues, unknown, ApartmentWrite>({
    mode: "onSubmit",
    resolver: zodResolver(apartmentSchema) as unknown as Resolver<ApartmentFormValues, unknown, ApartmentWrite>,
    defaultValues: apartment ? apartmentToValues(apartment) : emptyApartmentValues(building),
  });
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const { prompt, allow } = useUnsavedChanges(isDirty && !isSubmitting);
  const anyForm = form as unknown as AnyForm;

  const submit = handleSubmit(async (values) => {
    allow();
    try {
      const payload = toApartmentPayload(values);
      let saved: Apartment;
      if (apartment) {
        const { building: _b, ...patch } = payload;
        saved = await update.mutateAsync(patch);
      } else saved = await create.mutateAsync(payload);
      enqueueSnackbar(apartment ? SUCCESS.apartmentEdited : SUCCESS.apartmentCreated, { variant: "success" });
      navigate(saved.occupancy_id ? profilePath(saved.building, saved.occupancy_id) : unitListPath(saved.building));
    } catch (err) {
      allow(false);
      applyServerErrors(err, form, { fields: SHOWN_FIELDS });
    }
  });

  const text = (name: "apartment_number" | "floor" | "line", label: string, required?: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...withoutRef(field)}
          inputRef={field.ref}
          id={`${uid}-${name}`}
          label={label}
          required={required}
          autoComplete="off"
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
        />
      )}
    />
  );

  return (
    <Box sx={{ maxWidth: 880 }}>
      {prompt}
      <Typography variant="h1" sx={{ mb: 3 }}>
        {apartment ? `Edit apartment ${apartment.apartment_number}` : title}
      </Typography>
      <Paper component="form" variant="outlined" noValidate onSubmit={submit} aria-label={title} sx={{ p: 2 }}>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
            alignItems: "start",
          }}
        >
          {text("apartment_number", "Apartment number", true)}
          <Controller
            control={control}
            name="bedrooms"
            render={({ field, fieldState }) => (
              <TextField
                {...withoutRef(field)}
                inputRef={field.ref}
                id={`${uid}-bedrooms`}
                select
                label="Bedrooms"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                fullWidth
              >
                {BEDROOMS.map((b) => (
                  <MenuItem key={b} value={b}>
                    {BEDROOM_LABELS[b]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="bathrooms"
            render={({ field, fieldState }) => (
              <TextField
                {...withoutRef(field)}
                inputRef={field.ref}
                id={`${uid}-bathrooms`}
                select
                label="Bathrooms"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                fullWidth
              >
                {BATHROOMS.map((b) => (
                  <MenuItem key={b} value={b}>
                    {b}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {text("floor", "Floor")}
          {text("line", "Line")}
        </Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 3, mt: 2 }}>
          <CheckboxInput form={anyForm} name="is_balcony_apt" label="Balcony" />
          <CheckboxInput form={anyForm} name="is_management" label="Management unit" />
          <CheckboxInput form={anyForm} name="is_unlinked_to_tfcio" label="Unlinked from the lease system" />
        </Box>
        {errors.root?.serverError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.root.serverError.message}
          </Alert>
        )}
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 2 }}>
          <Button
            component={RouterLink}
            to={apartment?.occupancy_id ? profilePath(building, apartment.occupancy_id) : unitListPath(building)}
          >
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            Save
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
