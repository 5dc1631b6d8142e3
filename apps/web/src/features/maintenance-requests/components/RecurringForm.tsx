import { useMemo } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import {
  type EmployeeSimple,
  type MaintenanceRequestType,
  MONTH_FLAGS,
  MONTH_LABELS,
  type MonthFlags,
  RECURRING_INTERVAL_OPTIONS,
  RECURRING_LIMITS,
  RECURRING_MESSAGES,
  type RecurringInterval,
  type RecurringIntervalOption,
  type RecurringRequest,
  RecurringRequestWrite,
  type RecurringRequestWriteInput,
  recurringPayload,
  recurringScheduleText,
  WEEKDAY_FLAGS,
  WEEKDAY_LABELS,
  type WeekdayFlags,
} from "@portico/contract";
import { FormDateField } from "../../../components/DateField.tsx";
import { PageFormActions } from "../../../components/FormActions.tsx";
import { FormBooleanRadio, FormCheckbox, FormTextField, fieldGrid } from "../../../components/FormFields.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { applyServerErrors, withoutRef } from "../../../lib/forms.ts";
import { useCreateRecurringRequest, useUpdateRecurringRequest } from "../api.ts";

export interface RecurringValues extends WeekdayFlags, MonthFlags {
  name: string;
  maintenance_request_type_id: string;
  apartment_id: number | null;
  employee_id: string;
  is_high_priority: boolean;
  is_permission_to_enter: boolean;
  permission_to_enter_comments: string;
  description: string;
  interval: RecurringInterval;
  start_date: string;
  end_date: string;
  is_forever: boolean;
  is_active: boolean;
}

/** The form's fields, top to bottom (server errors focus the first of them). */
export const RECURRING_FIELDS = [
  "name",
  "apartment_id",
  "maintenance_request_type_id",
  "employee_id",
  "is_high_priority",
  "description",
  "is_permission_to_enter",
  "permission_to_enter_comments",
  "interval",
  ...WEEKDAY_FLAGS,
  ...MONTH_FLAGS,
  "start_date",
  "end_date",
  "is_forever",
  "is_active",
] as const;

const flags = <K extends string>(keys: readonly K[], from?: Partial<Record<K, boolean>>) =>
  Object.fromEntries(keys.map((k) => [k, from?.[k] ?? false])) as Record<K, boolean>;

/** A schedule's values, or a new one's (weekly, active, on the default apartment). */
export function recurringValuesOf(r: RecurringRequest | null, defaultApartment: number | null): RecurringValues {
  return {
    name: r?.name ?? "",
    maintenance_request_type_id: r ? String(r.maintenance_request_type_id) : "",
    apartment_id: r ? r.apartment_id : defaultApartment,
    employee_id: r?.employee_id ? String(r.employee_id) : "",
    is_high_priority: r?.is_high_priority ?? false,
    is_permission_to_enter: r?.is_permission_to_enter ?? false,
    permission_to_enter_comments: r?.permission_to_enter_comments ?? "",
    description: r?.description ?? "",
    interval: r?.interval ?? "WEEKLY",
    start_date: r?.start_date ?? "",
    end_date: r?.end_date ?? "",
    is_forever: r ? r.end_date === null : true,
    is_active: r?.is_active ?? true,
    ...flags(WEEKDAY_FLAGS, r ?? undefined),
    ...flags(MONTH_FLAGS, r ?? undefined),
  };
}

/**
 * What the form sends (section 5): a blank start date is dropped, the end date is cleared when
 * 'Forever' is on or it is blank, weekday boxes count only for DAILY and month boxes only for
 * MONTHLY; no assignee is null.
 */
export function recurringBody(v: RecurringValues): RecurringRequestWriteInput {
  return recurringPayload({
    ...v,
    employee_id: v.employee_id === "" ? null : Number(v.employee_id),
    maintenance_request_type_id: v.maintenance_request_type_id === "" ? "" : Number(v.maintenance_request_type_id),
    apartment_id: v.apartment_id ?? "",
  }) as RecurringRequestWriteInput;
}

/** The form checks with the contract's schema, on what it would send. */
const FormSchema = z.preprocess((v) => recurringBody(v as RecurringValues), RecurringRequestWrite);

const countText = (value: string, max: number) => `${value.length}/${max}`;

export interface RecurringFormProps {
  building: number;
  /** The schedule being edited; null: a new one. */
  recurring: RecurringRequest | null;
  initial: RecurringValues;
  types: readonly MaintenanceRequestType[];
  employees: readonly EmployeeSimple[];
  intervals: readonly RecurringIntervalOption[] | undefined;
  /** Where Cancel and a save go. */
  listPath: string;
  onSaved: () => void;
}

/**
 * A recurring request: name, unit, type, assignee (maintenance staff), priority, description
 * (≤ 2000, counted), permission to enter and its comments, then the schedule — the interval,
 * weekday boxes (DAILY only) or month boxes (MONTHLY only) with their summary once one is ticked,
 * the start date and the end date or 'Forever'.
 */
export function RecurringForm({
  building,
  recurring,
  initial,
  types,
  employees,
  intervals,
  listPath,
  onSaved,
}: RecurringFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateRecurringRequest(building);
  const update = useUpdateRecurringRequest(building);
  const form = useForm<RecurringValues, unknown, RecurringRequestWrite>({
    mode: "onTouched",
    resolver: zodResolver(FormSchema as never) as unknown as Resolver<RecurringValues, unknown, RecurringRequestWrite>,
    defaultValues: initial,
  });
  const { control } = form;
  const values = useWatch({ control }) as RecurringValues;
  const schedule = recurringScheduleText(values);

  const typeChoices = useMemo(
    () => types.filter((t) => t.is_active || String(t.id) === initial.maintenance_request_type_id),
    [types, initial.maintenance_request_type_id],
  );
  const assignees = useMemo(() => {
    const list = employees.map((e) => ({ id: String(e.id), name: `${e.first_name} ${e.last_name}`.trim() || e.username }));
    if (recurring?.employee_id && !list.some((e) => e.id === String(recurring.employee_id)))
      list.push({ id: String(recurring.employee_id), name: recurring.employee_name ?? `#${recurring.employee_id}` });
    return list;
  }, [employees, recurring]);

  const onSubmit = form.handleSubmit(async () => {
    form.clearErrors("root");
    const body = recurringBody(form.getValues());
    try {
      if (recurring) await update.mutateAsync({ id: recurring.id, body });
      else await create.mutateAsync({ ...body, building });
      enqueueSnackbar(recurring ? RECURRING_MESSAGES.updated : RECURRING_MESSAGES.created, { variant: "success" });
      onSaved();
    } catch (error) {
      applyServerErrors(error, form, { fields: RECURRING_FIELDS });
    }
  });

  const setInterval = (interval: RecurringInterval) => {
    form.setValue("interval", interval, { shouldDirty: true });
    // Boxes of another interval do not count: they start unticked when it comes back.
    if (interval !== "DAILY") for (const k of WEEKDAY_FLAGS) form.setValue(k, false);
    if (interval !== "MONTHLY") for (const k of MONTH_FLAGS) form.setValue(k, false);
  };

  const section = (title: string) => (
    <Typography variant="h2" sx={{ fontSize: "1.15rem", mt: 1 }}>
      {title}
    </Typography>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Recurring request"
        sx={{ display: "grid", gap: 2 }}
      >
        {section("Request")}
        <FormTextField
          control={control}
          name="name"
          label="Name"
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: RECURRING_LIMITS.name } }}
        />
        <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
          <Controller
            control={control}
            name="apartment_id"
            render={({ field, fieldState }) => (
              <UnitPicker
                building={building}
                by="apartment"
                name="apartment_id"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormTextField control={control} name="maintenance_request_type_id" label="Request type" required select fullWidth>
            {typeChoices.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="employee_id" label="Assigned to" select fullWidth>
            <MenuItem value="">
              <em>Unassigned</em>
            </MenuItem>
            {assignees.map((e) => (
              <MenuItem key={e.id} value={e.id}>
                {e.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormBooleanRadio control={control} name="is_high_priority" label="Priority" choices={["High", "Normal"]} falseFirst />
        </Box>
        <FormTextField
          control={control}
          name="description"
          label="Description"
          required
          fullWidth
          multiline
          minRows={3}
          helperText={countText(values.description ?? "", RECURRING_LIMITS.description)}
          slotProps={{ htmlInput: { maxLength: RECURRING_LIMITS.description } }}
        />
        <FormBooleanRadio control={control} name="is_permission_to_enter" label="Permission to enter" />
        <FormTextField
          control={control}
          name="permission_to_enter_comments"
          label="Entry instructions"
          fullWidth
          multiline
          minRows={2}
          helperText={countText(values.permission_to_enter_comments ?? "", RECURRING_LIMITS.permission_to_enter_comments)}
          slotProps={{ htmlInput: { maxLength: RECURRING_LIMITS.permission_to_enter_comments } }}
        />

        {section("Schedule")}
        <Controller
          control={control}
          name="interval"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={!!fieldState.error}>
              <FormLabel component="legend">Repeats</FormLabel>
              <RadioGroup row name={field.name} value={field.value} onChange={(e) => setInterval(e.target.value as RecurringInterval)}>
                {(intervals ?? RECURRING_INTERVAL_OPTIONS).map((o, i) => (
                  <FormControlLabel
                    key={o.value}
                    value={o.value}
                    control={<Radio slotProps={i === 0 ? { input: { ref: field.ref } } : undefined} />}
                    label={o.label}
                  />
                ))}
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        {values.interval === "DAILY" && (
          <FormControl component="fieldset">
            <FormLabel component="legend">On these days</FormLabel>
            <FormGroup row>
              {WEEKDAY_FLAGS.map((k) => (
                <FormCheckbox key={k} control={control} name={k} label={WEEKDAY_LABELS[k]} />
              ))}
            </FormGroup>
            <FormHelperText>None ticked: every day.</FormHelperText>
          </FormControl>
        )}
        {values.interval === "MONTHLY" && (
          <FormControl component="fieldset">
            <FormLabel component="legend">In these months</FormLabel>
            <FormGroup row>
              {MONTH_FLAGS.map((k) => (
                <FormCheckbox key={k} control={control} name={k} label={MONTH_LABELS[k]} />
              ))}
            </FormGroup>
            <FormHelperText>On the start date's day of the month. None ticked: every month.</FormHelperText>
          </FormControl>
        )}
        {schedule && (
          <Alert severity="info" role="status" aria-label="Schedule">
            {schedule}
          </Alert>
        )}
        <Box sx={fieldGrid({ sm: "1fr 1fr" })}>
          <FormDateField
            control={control}
            name="start_date"
            label="Start date"
            helperText={recurring ? "Blank: keeps the current start date" : "Blank: starts today"}
          />
          <Box>
            <FormDateField
              control={control}
              name="end_date"
              label="End date"
              shownValue={values.is_forever ? "" : undefined}
              disabled={values.is_forever}
              onValue={(v) => {
                if (v) form.setValue("is_forever", false);
              }}
            />
            <Controller
              control={control}
              name="is_forever"
              render={({ field }) => (
                <FormControlLabel
                  label={RECURRING_MESSAGES.forever}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => {
                        field.onChange(e.target.checked);
                        // 'Forever' clears the end date.
                        if (e.target.checked) form.setValue("end_date", "", { shouldValidate: true });
                      }}
                      slotProps={{ input: { ref: field.ref } }}
                    />
                  }
                />
              )}
            />
          </Box>
        </Box>
        <Controller
          control={control}
          name="is_active"
          render={({ field }) => (
            <FormControlLabel
              label="Active"
              control={
                <Switch
                  {...withoutRef(field)}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
            />
          )}
        />
        <PageFormActions
          cancelTo={listPath}
          submitting={form.formState.isSubmitting}
          error={form.formState.errors.root?.serverError?.message}
        />
      </Box>
    </Paper>
  );
}
