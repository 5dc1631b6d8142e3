import { useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  AMENITY_RESERVATION_DEFAULT_TIMES,
  AMENITY_RESERVATION_LIMITS,
  AMENITY_RESERVATION_MESSAGES as M,
  AMENITY_RESERVATION_TYPE_CHOICES,
  AMENITY_RESERVATION_TYPES,
  AmenityReservationCreate,
  type AmenityReservation,
  type AmenityReservationCreateInput,
  type AmenityReservationType,
  type AmenityScheduleRow,
  APPROVAL_STATUS_DISPLAY,
  CREATE_APPROVAL_STATUSES,
  PAYMENT_STATUS_DISPLAY,
  PAYMENT_STATUSES,
  type PaymentStatus,
  isEditable,
} from "@portico/contract";
import { FormDateField } from "../../../components/DateField.tsx";
import { FormTextField, fieldGrid } from "../../../components/FormFields.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { useAmenitySchedule, useCreateAmenityReservation, useUpdateAmenityReservation } from "../api.ts";
import { halfHourChoices } from "../calendar.ts";
import { whoOf } from "../model.ts";
import { ReservationStatusControls, ReservationActions } from "./ReservationStatus.tsx";
import { type PickedResident, ResidentPicker } from "./ResidentPicker.tsx";

/** What opens the drawer: a booking, or a new one preset to an amenity, a day and times. */
export type DrawerTarget =
  | { mode: "edit"; reservation: AmenityReservation }
  | { mode: "new"; amenityId?: number; date: string; start?: string; end?: string };

export interface FormValues {
  amenity_reservation_type: AmenityReservationType;
  amenity_id: number | "";
  date: string;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  resident: PickedResident | null;
  contact: string;
  reason: string;
  guests: number;
  approval_status: (typeof CREATE_APPROVAL_STATUSES)[number];
  payment_status: PaymentStatus;
}

const START_CHOICES = halfHourChoices();
const END_CHOICES = halfHourChoices(true);

/** The form's defaults (document 3 section 9): resident 12:00–13:00; block 09:00–10:00, or 08:00–23:00 without a schedule. */
export function defaultTimes(kind: AmenityReservationType, hasSchedule: boolean) {
  if (kind !== "CR") return AMENITY_RESERVATION_DEFAULT_TIMES.resident;
  return hasSchedule ? AMENITY_RESERVATION_DEFAULT_TIMES.block : AMENITY_RESERVATION_DEFAULT_TIMES.noSchedule;
}

const hhmm = (iso: string, tz: string | undefined) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );

function valuesOf(target: DrawerTarget, kind: AmenityReservationType, rows: readonly AmenityScheduleRow[], tz?: string): FormValues {
  if (target.mode === "edit") {
    const r = target.reservation;
    return {
      amenity_reservation_type: r.amenity_reservation_type,
      amenity_id: r.amenity_id,
      date: r.date,
      start_date: r.date,
      end_date: r.date,
      start_time: hhmm(r.start_time, tz),
      end_time: hhmm(r.end_time, tz) === "00:00" ? "24:00" : hhmm(r.end_time, tz),
      resident:
        r.occupant_id !== null
          ? { occupant_id: r.occupant_id, apartment_id: r.apartment_id, label: whoOf(r) }
          : null,
      contact: r.contact,
      reason: r.reason,
      guests: r.guests,
      approval_status: r.approval_status === "APPROVED" ? "APPROVED" : "PENDING",
      payment_status: r.payment_status ?? "NOT_PAID",
    };
  }
  const row = rows.find((x) => x.amenity.id === target.amenityId);
  const times = defaultTimes(kind, row?.has_schedule ?? true);
  return {
    amenity_reservation_type: kind,
    amenity_id: target.amenityId ?? "",
    date: target.date,
    start_date: target.date,
    end_date: target.date,
    start_time: target.start ?? times.start_time,
    end_time: target.end ?? times.end_time,
    resident: null,
    contact: "",
    reason: "",
    guests: 0,
    approval_status: "PENDING",
    payment_status: "NOT_PAID",
  };
}

/** The request body of the form's values (fields the kind and the amenity do not take left out). */
export function bodyOf(v: FormValues, row: AmenityScheduleRow | undefined): AmenityReservationCreateInput {
  const kind = v.amenity_reservation_type;
  const block = kind === "CR";
  const body: AmenityReservationCreateInput = {
    amenity_reservation_type: kind,
    amenity_id: v.amenity_id === "" ? undefined : v.amenity_id,
    start_time: v.start_time,
    end_time: v.end_time,
  };
  if (block) {
    body.start_date = v.start_date;
    body.end_date = v.end_date;
    body.reason = v.reason;
    return body;
  }
  body.date = v.date;
  body.guests = row && row.max_number_guests > 0 ? v.guests : 0;
  if (v.resident) {
    body.occupant_id = v.resident.occupant_id;
    if (v.resident.apartment_id !== null) body.apartment_id = v.resident.apartment_id;
  }
  if (kind === "ER") body.contact = v.contact;
  if (row?.amenity.is_approval_required_for_reservation) body.approval_status = v.approval_status;
  if (row?.amenity.is_payment_required_for_reservation) body.payment_status = v.payment_status;
  return body;
}

/** The contract's rules on the form ('A date is required.', 'A reason is required.'…), plus a resident for TR. */
const reservationResolver =
  (rows: readonly AmenityScheduleRow[]): Resolver<FormValues> =>
  (values) => {
    const row = rows.find((x) => x.amenity.id === values.amenity_id);
    const parsed = AmenityReservationCreate.safeParse(bodyOf(values, row));
    const errors: Record<string, { type: string; message: string }> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "root");
        errors[key === "occupant_id" ? "resident" : key] ??= { type: "validate", message: issue.message };
      }
    if (values.amenity_reservation_type === "TR" && !values.resident)
      errors.resident ??= { type: "required", message: M.residentRequired };
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as never } : { values, errors: {} };
  };

/**
 * The reservation drawer (document 3 sections 2, 4, 5): a new one first asks Resident reservation,
 * Admin reservation or Unavailable block; then the form. An existing one is edited (not when
 * checked in or cancelled), its approval and payment changed inline, checked in or cancelled.
 * Without `amenity.book` it is read-only (with check-in for those who may).
 */
export function ReservationDrawer({ target, onClose }: { target: DrawerTarget | null; onClose: () => void }) {
  const { id: building, building: b } = useBuilding();
  const [kind, setKind] = useState<AmenityReservationType | null>(null);
  const open = target !== null;
  const day = target ? (target.mode === "edit" ? target.reservation.date : target.date) : "";
  // The amenities to book: the day's schedule rows (open hours, guests, the type's rules).
  const schedule = useAmenitySchedule(building, day || dayInZone(b?.time_zone), undefined, open);
  const rows = schedule.data?.amenities ?? [];
  const close = () => {
    setKind(null);
    onClose();
  };
  const chosen = target?.mode === "edit" ? target.reservation.amenity_reservation_type : kind;
  const title =
    target?.mode === "edit"
      ? `Edit ${AMENITY_RESERVATION_TYPE_CHOICES[target.reservation.amenity_reservation_type].toLowerCase()}`
      : chosen
        ? `New ${AMENITY_RESERVATION_TYPE_CHOICES[chosen].toLowerCase()}`
        : "New reservation";
  return (
    <SideDrawer open={open} onClose={close} title={title}>
      {target && !chosen && (
        <Stack spacing={1.5} role="group" aria-label="Kind of reservation">
          {AMENITY_RESERVATION_TYPES.map((k) => (
            <Button key={k} variant="outlined" size="large" onClick={() => setKind(k)}>
              {AMENITY_RESERVATION_TYPE_CHOICES[k]}
            </Button>
          ))}
        </Stack>
      )}
      {target && chosen && !schedule.data && <SectionProgress label="Loading the amenities" />}
      {target && chosen && schedule.data && (
        <ReservationForm
          key={target.mode === "edit" ? target.reservation.id : `new-${chosen}`}
          target={target}
          kind={chosen}
          rows={rows}
          onDone={close}
        />
      )}
    </SideDrawer>
  );
}

function ReservationForm({
  target,
  kind,
  rows,
  onDone,
}: {
  target: DrawerTarget;
  kind: AmenityReservationType;
  rows: readonly AmenityScheduleRow[];
  onDone: () => void;
}) {
  const tz = useBuilding().building?.time_zone ?? undefined;
  const can = useCan();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateAmenityReservation();
  const update = useUpdateAmenityReservation();
  const reservation = target.mode === "edit" ? target.reservation : null;
  const form = useForm<FormValues>({
    mode: "onTouched",
    resolver: reservationResolver(rows),
    defaultValues: valuesOf(target, kind, rows, tz),
  });
  const { errors, isSubmitting } = form.formState;
  const amenityId = form.watch("amenity_id");
  const row = rows.find((x) => x.amenity.id === amenityId);
  const block = kind === "CR";
  const locked = reservation !== null && !isEditable(reservation);
  const readOnly = !can("amenity.book") || locked;
  const maxGuests = row?.max_number_guests ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors("root");
    const body = bodyOf(values, row);
    try {
      if (reservation) {
        const { amenity_reservation_type: _k, approval_status: _a, payment_status: _p, ...patch } = body;
        await update.mutateAsync({ id: reservation.id, body: patch });
      } else await create.mutateAsync(body);
      enqueueSnackbar(reservation ? M.updated : M.created, { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, {
        fields: ["amenity_id", "date", "start_date", "end_date", "start_time", "end_time", "contact", "reason", "guests"],
      });
    }
  });

  const timeSelect = (name: "start_time" | "end_time", label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          {...field}
          inputRef={field.ref}
          label={label}
          size="small"
          fullWidth
          disabled={readOnly}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        >
          {(name === "start_time" ? START_CHOICES : END_CHOICES).map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reservation" sx={{ display: "grid", gap: 2 }}>
      {locked && (
        <Alert severity="info">
          {reservation?.is_cancelled ? M.alreadyCancelled : M.checkedInLocked}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="amenity_id"
        render={({ field, fieldState }) => (
          <TextField
            select
            {...field}
            inputRef={field.ref}
            label="Amenity"
            required
            size="small"
            disabled={readOnly}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {rows.map((r) => (
              <MenuItem key={r.amenity.id} value={r.amenity.id}>
                {r.amenity.amenity_type_name} — {r.amenity.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {block ? (
        <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
          <FormDateField control={form.control} name="start_date" label="Start date" size="small" disabled={readOnly} />
          <FormDateField control={form.control} name="end_date" label="End date" size="small" disabled={readOnly} />
        </Box>
      ) : (
        <FormDateField control={form.control} name="date" label="Date" size="small" disabled={readOnly} />
      )}
      <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
        {timeSelect("start_time", "Start time")}
        {timeSelect("end_time", "End time")}
      </Box>
      {kind === "TR" && (
        <Controller
          control={form.control}
          name="resident"
          render={({ field, fieldState }) => (
            <ResidentPicker
              ref={field.ref}
              club={row?.amenity.club_id ?? null}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={readOnly || reservation !== null}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {kind === "ER" && (
        <FormTextField
          control={form.control}
          name="contact"
          label="Contact"
          size="small"
          disabled={readOnly}
          slotProps={{ htmlInput: { maxLength: AMENITY_RESERVATION_LIMITS.contact } }}
        />
      )}
      {block && (
        <FormTextField
          control={form.control}
          name="reason"
          label="Reason"
          required
          multiline
          minRows={2}
          size="small"
          disabled={readOnly}
          slotProps={{ htmlInput: { maxLength: AMENITY_RESERVATION_LIMITS.reason } }}
        />
      )}
      {!block && maxGuests > 0 && (
        <Controller
          control={form.control}
          name="guests"
          render={({ field, fieldState }) => (
            <TextField
              select
              {...field}
              inputRef={field.ref}
              label="Guests"
              size="small"
              disabled={readOnly}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {Array.from({ length: maxGuests + 1 }, (_, n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {!block && !reservation && row?.amenity.is_approval_required_for_reservation && (
        <FormTextField control={form.control} name="approval_status" label="Approval status" select size="small">
          {CREATE_APPROVAL_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {APPROVAL_STATUS_DISPLAY[s]}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      {!block && !reservation && row?.amenity.is_payment_required_for_reservation && (
        <FormTextField control={form.control} name="payment_status" label="Payment status" select size="small">
          {PAYMENT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {PAYMENT_STATUS_DISPLAY[s]}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      {reservation && <ReservationStatusControls reservation={reservation} />}
      {errors.root?.serverError && (
        <Alert severity="error" role="alert">
          {errors.root.serverError.message}
        </Alert>
      )}
      {reservation && reservation.amenity_reservation_type !== "CR" && reservation.entered_by && (
        <Typography variant="body2" color="text.secondary">
          Entered by {reservation.entered_by.first_name} {reservation.entered_by.last_name}
        </Typography>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {!readOnly && (
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save
          </Button>
        )}
        {reservation && <ReservationActions reservation={reservation} onCancelled={onDone} />}
      </Box>
    </Box>
  );
}
