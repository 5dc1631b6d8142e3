import { useId } from "react";
import { useParams } from "react-router";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { Apartment, ApartmentWrite } from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { PageFormActions } from "../../../components/FormActions.tsx";
import { columns, fieldGrid, FormTextField } from "../../../components/FormFields.tsx";
import { useApartment, useCreateApartment, useUpdateApartment } from "../api.ts";
import { BuildingRecord, routeId } from "../components/forms/BuildingRecord.tsx";
import { RequireAction } from "../components/forms/RequireAction.tsx";
import { type AnyForm, CheckboxInput } from "../components/forms/ResidentFields.tsx";
import { useSavedThenGo, useSavingForm } from "../components/forms/useSavingForm.ts";
import { SUCCESS } from "../components/forms/messages.ts";
import {
  type ApartmentFormValues,
  apartmentSchema,
  apartmentToValues,
  BATHROOMS,
  BEDROOM_LABELS,
  type Bedrooms,
  BEDROOMS,
  emptyApartmentValues,
  toApartmentPayload,
} from "../components/forms/apartmentForm.ts";
import { editApartmentPath, profilePath, unitListPath, toUnitListOnSwitch } from "../components/list/unitLinks.ts";

export const handle = toUnitListOnSwitch;

const CHECKBOXES = [
  { name: "is_balcony_apt", label: "Balcony" },
  { name: "is_management", label: "Management unit" },
  { name: "is_unlinked_to_tfcio", label: "Unlinked from the lease system" },
] as const;

/** The two choices, each from the contract's list. */
const SELECTS = [
  { name: "bedrooms", label: "Bedrooms", options: BEDROOMS, text: (b: string) => BEDROOM_LABELS[b as Bedrooms] },
  { name: "bathrooms", label: "Bathrooms", options: BATHROOMS, text: (b: string) => b },
] as const;

/** Fields the form shows, top to bottom (a `building` error is form-wide). */
const SHOWN_FIELDS = [
  "apartment_number",
  ...SELECTS.map((f) => f.name),
  "floor",
  "line",
  ...CHECKBOXES.map((f) => f.name),
];

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
  const id = routeId(apartmentId);
  const apartment = useApartment(id);
  return (
    <BuildingRecord id={id} query={apartment} pathIn={(a) => editApartmentPath(a.building, a.id)}>
      {(a) => <ApartmentForm key={a.id} apartment={a} />}
    </BuildingRecord>
  );
}

function ApartmentForm({ apartment }: { apartment?: Apartment }) {
  const uid = useId();
  const { id: building } = useBuilding();
  const title = apartment ? "Edit apartment" : "Add apartment";
  usePageTitle(apartment ? `Edit apartment ${apartment.apartment_number}` : title);
  const create = useCreateApartment();
  const update = useUpdateApartment(apartment?.id ?? 0);
  const done = useSavedThenGo();
  const { form, submit, prompt } = useSavingForm<ApartmentFormValues, ApartmentWrite>({
    schema: apartmentSchema,
    defaultValues: apartment ? apartmentToValues(apartment) : emptyApartmentValues(building),
    save: async (values) => {
      const payload = toApartmentPayload(values);
      let saved: Apartment;
      if (apartment) {
        const { building: _b, ...patch } = payload;
        saved = await update.mutateAsync(patch);
      } else saved = await create.mutateAsync(payload);
      done(
        apartment ? SUCCESS.apartmentEdited : SUCCESS.apartmentCreated,
        saved.occupancy_id ? profilePath(saved.building, saved.occupancy_id) : unitListPath(saved.building),
      );
    },
    fields: SHOWN_FIELDS,
  });
  const {
    control,
    formState: { errors, isSubmitting },
  } = form;

  const text = (name: "apartment_number" | "floor" | "line", label: string, required?: boolean) => (
    <FormTextField
      control={control}
      name={name}
      id={`${uid}-${name}`}
      label={label}
      required={required}
      autoComplete="off"
      fullWidth
    />
  );

  return (
    <Box sx={{ maxWidth: 880 }}>
      {prompt}
      <Typography variant="h1" sx={{ mb: 3 }}>
        {apartment ? `Edit apartment ${apartment.apartment_number}` : title}
      </Typography>
      <Paper component="form" variant="outlined" noValidate onSubmit={submit} aria-label={title} sx={{ p: 2 }}>
        <Box sx={fieldGrid({ sm: columns(2), md: columns(3) })}>
          {text("apartment_number", "Apartment number", true)}
          {SELECTS.map((f) => (
            <FormTextField
              key={f.name}
              control={control}
              name={f.name}
              id={`${uid}-${f.name}`}
              select
              label={f.label}
              fullWidth
            >
              {f.options.map((b) => (
                <MenuItem key={b} value={b}>
                  {f.text(b)}
                </MenuItem>
              ))}
            </FormTextField>
          ))}
          {text("floor", "Floor")}
          {text("line", "Line")}
        </Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 3, mt: 2 }}>
          {CHECKBOXES.map((f) => (
            <CheckboxInput key={f.name} form={form as unknown as AnyForm} name={f.name} label={f.label} />
          ))}
        </Box>
        <PageFormActions
          cancelTo={apartment?.occupancy_id ? profilePath(building, apartment.occupancy_id) : unitListPath(building)}
          submitting={isSubmitting}
          error={errors.root?.serverError?.message}
        />
      </Paper>
    </Box>
  );
}
