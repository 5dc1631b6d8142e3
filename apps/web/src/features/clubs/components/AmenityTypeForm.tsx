import { type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import {
  amenityGuestsRule,
  AMENITY_INTERVALS,
  AMENITY_TYPE_DEFAULTS,
  type AmenityType,
  AmenityTypePatch,
  CLUB_LIMITS,
  CLUBS_MESSAGES,
} from "@portico/contract";
import { FormCheckbox, FormTextField, fieldGrid } from "../../../components/FormFields.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useCreateAmenityType, useIntervals, useUpdateAmenityType } from "../api.ts";

type TextName = "name" | "label" | "location_label" | "description" | "rules" | "reservation_note";
const COUNTS = [
  "max_persons_permitted_display",
  "max_user_open_reservations",
  "max_user_weekly_reservations",
  "max_user_daily_reservations",
  "reservation_window_days",
] as const;
const SWITCHES = [
  "is_active",
  "is_approval_required_for_reservation",
  "is_payment_required_for_reservation",
  "has_checkin",
  "send_qr_codes",
] as const;

export const AMENITY_TYPE_LABELS = {
  name: "Name",
  label: "Label",
  location_label: "Location",
  description: "Description",
  rules: "Rules",
  reservation_note: "Reservation note",
  max_reservation_length: "Maximum reservation length",
  max_persons_permitted_display: "Maximum persons permitted",
  max_user_open_reservations: "Open reservations per resident",
  max_user_weekly_reservations: "Reservations per resident per week",
  max_user_daily_reservations: "Reservations per resident per day",
  reservation_window_days: "Reservation window (days, 0 = no limit)",
  is_allow_guests: "Allow guests",
  max_number_guests: "Maximum number of guests",
  is_active: "Active",
  is_approval_required_for_reservation: "Reservations need approval",
  is_payment_required_for_reservation: "Reservations need payment",
  has_checkin: "Check-in",
  send_qr_codes: "Send QR codes",
} as const;
type Field = keyof typeof AMENITY_TYPE_LABELS;
const FIELDS = Object.keys(AMENITY_TYPE_LABELS);

type Values = Record<TextName | (typeof COUNTS)[number] | "max_number_guests" | "max_reservation_length", string> &
  Record<(typeof SWITCHES)[number] | "is_allow_guests", boolean>;

/** The form's rules: the contract's fields, the name required, and guests ≥ 1 when allowed. */
const MainSettings = AmenityTypePatch.required({ name: true }).superRefine((v, ctx) => {
  const rule = amenityGuestsRule(!!v.is_allow_guests, v.max_number_guests ?? 0);
  if (rule.error) ctx.addIssue({ code: "custom", path: ["max_number_guests"], message: rule.error });
});

function valuesOf(t: AmenityType | null): Values {
  const num = (k: (typeof COUNTS)[number] | "max_number_guests" | "max_reservation_length") =>
    String(t ? t[k] : (AMENITY_TYPE_DEFAULTS[k] ?? 0));
  return {
    name: t?.name ?? "",
    label: t?.label ?? "",
    location_label: t?.location_label ?? "",
    description: t?.description ?? "",
    rules: t?.rules ?? "",
    reservation_note: t?.reservation_note ?? "",
    max_reservation_length: num("max_reservation_length"),
    max_persons_permitted_display: num("max_persons_permitted_display"),
    max_user_open_reservations: num("max_user_open_reservations"),
    max_user_weekly_reservations: num("max_user_weekly_reservations"),
    max_user_daily_reservations: num("max_user_daily_reservations"),
    reservation_window_days: num("reservation_window_days"),
    max_number_guests: num("max_number_guests"),
    is_allow_guests: t?.is_allow_guests ?? false,
    is_active: t?.is_active ?? true,
    is_approval_required_for_reservation: t?.is_approval_required_for_reservation ?? false,
    is_payment_required_for_reservation: t?.is_payment_required_for_reservation ?? false,
    has_checkin: t?.has_checkin ?? false,
    send_qr_codes: t?.send_qr_codes ?? false,
  };
}

/**
 * An amenity type's main settings (document 3 sections 5, 9): texts, the reservation length from
 * the intervals, limits ≥ 0 (defaults 5/3/1/0), guests (≥ 1 when allowed), approval, payment,
 * check-in and QR codes. A new type is created in `club`; `onSaved` gets the saved type.
 */
export function AmenityTypeForm({
  type,
  club,
  onSaved,
  onCancel,
  readOnly = false,
}: {
  type: AmenityType | null;
  club: number;
  /** Shown to those who may not change it. */
  readOnly?: boolean;
  onSaved?: (saved: AmenityType) => void;
  onCancel?: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const intervals = useIntervals();
  const create = useCreateAmenityType();
  const update = useUpdateAmenityType();
  const form = useForm<Values, unknown, AmenityTypePatch>({
    mode: "onTouched",
    resolver: zodResolver(MainSettings as never) as unknown as Resolver<Values, unknown, AmenityTypePatch>,
    defaultValues: valuesOf(type),
  });
  const guests = useWatch({ control: form.control, name: "is_allow_guests" });
  const { errors, isSubmitting } = form.formState;
  const choices = intervals.data ?? AMENITY_INTERVALS;

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors("root");
    try {
      const saved = type
        ? await update.mutateAsync({ id: type.id, body })
        : await create.mutateAsync({ ...body, name: body.name ?? "", club });
      enqueueSnackbar(type ? CLUBS_MESSAGES.amenityTypeUpdated : CLUBS_MESSAGES.amenityTypeCreated, {
        variant: "success",
      });
      form.reset(valuesOf(saved));
      onSaved?.(saved);
    } catch (error) {
      applyServerErrors(error, form, { fields: FIELDS });
    }
  });

  const text = (name: TextName, multiline = false) => (
    <FormTextField
      control={form.control}
      name={name}
      label={AMENITY_TYPE_LABELS[name]}
      required={name === "name"}
      size="small"
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: multiline ? CLUB_LIMITS.text : CLUB_LIMITS.label } }}
    />
  );
  const count = (name: (typeof COUNTS)[number] | "max_number_guests") => (
    <FormTextField
      control={form.control}
      name={name}
      label={AMENITY_TYPE_LABELS[name]}
      type="number"
      size="small"
      fullWidth
      slotProps={{ htmlInput: { min: name === "max_number_guests" ? 1 : 0, max: CLUB_LIMITS.count } }}
    />
  );
  const check = (name: Field & ((typeof SWITCHES)[number] | "is_allow_guests")) => (
    <FormCheckbox control={form.control} name={name} label={AMENITY_TYPE_LABELS[name]} />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Main settings"
      sx={{ display: "grid", gap: 2, "& fieldset[disabled]": { opacity: 0.8 } }}
    >
      <Box
        component="fieldset"
        disabled={readOnly}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: "grid", gap: 2 }}
      >
        <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
          {text("name")}
          {text("label")}
        </Box>
        {text("location_label")}
        {text("description", true)}
        {text("rules", true)}
        {text("reservation_note", true)}
        <Typography variant="h3" sx={{ fontSize: "1rem", mt: 1 }}>
          Limits
        </Typography>
        <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
          <FormTextField
            control={form.control}
            name="max_reservation_length"
            label={AMENITY_TYPE_LABELS.max_reservation_length}
            select
            size="small"
          >
            {choices.map((i) => (
              <MenuItem key={i.value} value={String(i.value)}>
                {i.label}
              </MenuItem>
            ))}
          </FormTextField>
          {COUNTS.map((name) => (
            <Box key={name}>{count(name)}</Box>
          ))}
        </Box>
        <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
          {check("is_allow_guests")}
          {guests && count("max_number_guests")}
        </Box>
        <Box sx={{ display: "grid" }}>
          {SWITCHES.map((name) => (
            <Box key={name}>{check(name)}</Box>
          ))}
        </Box>
      </Box>
      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      {!readOnly && (
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
