import { useMemo } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import {
  compareApartmentNumbers,
  ELEVATOR_DEFAULT_END,
  ELEVATOR_DEFAULT_START,
  ELEVATOR_LIMITS as L,
  ELEVATOR_MESSAGES as M,
  type ElevatorReservation,
  ElevatorReservationWrite,
  elevatorTimeSlots,
  minutesOf,
  type ReservationType,
} from "@portico/contract";
import { FormDateField } from "../../../components/DateField.tsx";
import { PageFormActions } from "../../../components/FormActions.tsx";
import { autocompleteInput, fieldGrid, FormTextField } from "../../../components/FormFields.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useQuickSearch } from "../../../lib/queries.ts";
import { useCreateElevatorReservation, useEditElevatorReservation } from "../api.ts";
import { reservationPaths } from "../model.ts";

/** The form's values as the inputs hold them (ids as text or null, times 'HH:MM'). */
export interface ReservationFormValues {
  reservation_type_id: string;
  occupant_id: number | null;
  apartment_id: number | null;
  custom_name: string;
  custom_email: string;
  custom_phone: string;
  reservation_date: string;
  start_time: string;
  end_time: string;
  details_text: string;
}

/** The form's fields, top to bottom (server errors land under them; the first gets focus). */
export const RESERVATION_FORM_FIELDS = [
  "reservation_type_id",
  "occupant_id",
  "apartment_id",
  "custom_name",
  "custom_email",
  "custom_phone",
  "reservation_date",
  "start_time",
  "end_time",
  "details_text",
] as const;

/**
 * The contract's rules (type required, e-mail, date, start ≥ 8:00, end after start, 30-minute
 * steps) and the unit: a resident or an apartment.
 */
export const reservationFormSchema = ElevatorReservationWrite.refine((v) => !!(v.occupant_id || v.apartment_id), {
  path: ["apartment_id"],
  message: M.unitRequired,
  // Judged with the other rules (not only once they pass).
  when: () => true,
});

/** A new reservation: the day given (the calendar's), 9:00 to 10:00. */
export const emptyReservationValues = (date: string): ReservationFormValues => ({
  reservation_type_id: "",
  occupant_id: null,
  apartment_id: null,
  custom_name: "",
  custom_email: "",
  custom_phone: "",
  reservation_date: date,
  start_time: ELEVATOR_DEFAULT_START,
  end_time: ELEVATOR_DEFAULT_END,
  details_text: "",
});

export const reservationValuesOf = (r: ElevatorReservation): ReservationFormValues => ({
  reservation_type_id: String(r.reservation_type_id),
  occupant_id: r.occupant_id,
  apartment_id: r.apartment_id,
  custom_name: r.custom_name,
  custom_email: r.custom_email,
  custom_phone: r.custom_phone,
  reservation_date: r.reservation_date,
  start_time: r.start_clock,
  end_time: r.end_clock,
  details_text: r.details_text,
});

interface Resident {
  occupant_id: number;
  name: string;
  apartment_id: number;
  apartment_number: string;
}

/** The building's residents (current and future leases) from the quick search list, by unit. */
function useResidents(building: number) {
  const search = useQuickSearch(building);
  const residents = useMemo(() => {
    const out: Resident[] = [];
    for (const a of search.data ?? [])
      for (const lease of a.leases)
        for (const o of lease.occupants)
          if (!out.some((r) => r.occupant_id === o.occupant_id))
            out.push({
              occupant_id: o.occupant_id,
              name: `${o.first_name} ${o.last_name}`.trim(),
              apartment_id: a.apartment_id,
              apartment_number: a.apartment_number,
            });
    return out.sort(
      (x, y) => compareApartmentNumbers(x.apartment_number, y.apartment_number) || x.name.localeCompare(y.name),
    );
  }, [search.data]);
  return { residents, loading: search.isPending };
}

const START_SLOTS = elevatorTimeSlots("start");
const END_SLOTS = elevatorTimeSlots("end");

/**
 * The reservation form (document 3 sections 5 and 9): type (its instructions under it), resident
 * (choosing one sets the unit), unit, optional contact name / e-mail / phone, date, start (8:00 AM
 * on, every 30 minutes) and end (after the start), details. Server errors land under their fields,
 * the rules' refusals (non_field_errors) above the buttons.
 */
export function ReservationForm({
  building,
  types,
  initial,
  reservation,
}: {
  building: number;
  types: readonly ReservationType[];
  initial: ReservationFormValues;
  reservation?: ElevatorReservation;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateElevatorReservation(building);
  const edit = useEditElevatorReservation(building);
  const { residents, loading } = useResidents(building);
  const form = useForm<ReservationFormValues, unknown, ElevatorReservationWrite>({
    resolver: zodResolver(reservationFormSchema) as unknown as Resolver<
      ReservationFormValues,
      unknown,
      ElevatorReservationWrite
    >,
    defaultValues: initial,
  });
  const { control, setValue, formState } = form;
  const [typeId, start] = useWatch({ control, name: ["reservation_type_id", "start_time"] });
  // Active types, and the reservation's own even when it is no longer active.
  const choices = types.filter((t) => t.is_active || String(t.id) === initial.reservation_type_id);
  const chosenType = types.find((t) => String(t.id) === typeId);
  const startMinutes = minutesOf(start) ?? 0;
  const endSlots = END_SLOTS.filter((s) => (minutesOf(s.value) ?? 0) > startMinutes);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      if (reservation) await edit.mutateAsync({ id: reservation.id, body });
      else await create.mutateAsync(body);
      enqueueSnackbar(reservation ? M.updated : M.created, { variant: "success" });
      void navigate(reservationPaths.list(building));
    } catch (error) {
      applyServerErrors(error, form, { fields: RESERVATION_FORM_FIELDS });
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860 }}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Service elevator reservation">
        <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
          <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
            <FormTextField
              control={control}
              name="reservation_type_id"
              label="Reservation type"
              select
              required
              fullWidth
            >
              {choices.map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.name}
                </MenuItem>
              ))}
            </FormTextField>
            {chosenType?.instructions_text && (
              <Alert severity="info" sx={{ mt: 1, whiteSpace: "pre-wrap" }}>
                {chosenType.instructions_text}
              </Alert>
            )}
          </Box>
          <Controller
            control={control}
            name="occupant_id"
            render={({ field, fieldState }) => (
              <Autocomplete<Resident>
                options={residents}
                loading={loading}
                autoHighlight
                value={residents.find((r) => r.occupant_id === field.value) ?? null}
                getOptionLabel={(r) => `${r.name} (${r.apartment_number})`}
                isOptionEqualToValue={(a, b) => a.occupant_id === b.occupant_id}
                onChange={(_, r) => {
                  field.onChange(r?.occupant_id ?? null);
                  if (r) setValue("apartment_id", r.apartment_id, { shouldValidate: formState.isSubmitted });
                }}
                onBlur={field.onBlur}
                renderInput={autocompleteInput({
                  ref: field.ref,
                  label: "Resident",
                  error: fieldState.error?.message,
                  helperText: "Search by name; sets the unit",
                })}
              />
            )}
          />
          <Controller
            control={control}
            name="apartment_id"
            render={({ field, fieldState }) => (
              <UnitPicker
                ref={field.ref}
                building={building}
                by="apartment"
                name="apartment_id"
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  const resident = residents.find((r) => r.occupant_id === form.getValues("occupant_id"));
                  if (resident && resident.apartment_id !== v) setValue("occupant_id", null);
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                required
              />
            )}
          />
          <FormTextField
            control={control}
            name="custom_name"
            label="Contact name"
            slotProps={{ htmlInput: { maxLength: L.custom_name } }}
          />
          <FormTextField
            control={control}
            name="custom_email"
            label="Contact e-mail"
            type="email"
            slotProps={{ htmlInput: { maxLength: L.custom_email } }}
          />
          <FormTextField
            control={control}
            name="custom_phone"
            label="Contact phone"
            type="tel"
            slotProps={{ htmlInput: { maxLength: L.custom_phone } }}
          />
          <FormDateField control={control} name="reservation_date" label="Date" />
          <FormTextField
            control={control}
            name="start_time"
            label="Start time"
            select
            required
            onValue={(v) => {
              const end = form.getValues("end_time");
              if ((minutesOf(end) ?? 0) <= (minutesOf(v) ?? 0)) {
                const next = END_SLOTS.find((s) => (minutesOf(s.value) ?? 0) > (minutesOf(v) ?? 0));
                if (next) setValue("end_time", next.value);
              }
            }}
          >
            {START_SLOTS.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {s.label}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="end_time" label="End time" select required>
            {endSlots.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {s.label}
              </MenuItem>
            ))}
          </FormTextField>
          <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
            <FormTextField
              control={control}
              name="details_text"
              label="Details"
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: L.details_text } }}
            />
          </Box>
        </Box>
        <PageFormActions
          cancelTo={reservationPaths.list(building)}
          submitting={formState.isSubmitting}
          error={formState.errors.root?.serverError?.message}
        />
      </Box>
    </Paper>
  );
}
