import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import { MAINTENANCE_LIMITS, MAINTENANCE_MESSAGES, type MaintenanceRequest, MESSAGES } from "@portico/contract";
import { DateField } from "../../../components/DateField.tsx";
import { DialogFormActions } from "../../../components/FormActions.tsx";
import { FormCheckbox, FormTextField } from "../../../components/FormFields.tsx";
import { applyServerErrors, withoutRef } from "../../../lib/forms.ts";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { useBuildingCommentTemplates, useMaintenanceStatuses, useUpdateRequestStatus } from "../api.ts";

interface StatusFormValues {
  status: string;
  date_on_hold_until: string;
  template: string;
  comment: string;
  is_private: boolean;
}

const FIELDS = ["status", "date_on_hold_until", "comment", "is_private"] as const;
const ON_HOLD = "ON_HOLD";

/**
 * 'Update status' (document 2 sections 2, 4): the building's statuses as radio options; On hold
 * asks until when (today unless changed); a comment, which a comment template fills; private
 * or not. Posts /{id}/update_status/ with {status, date_on_hold_until, comment {comment, is_private}}.
 */
export function UpdateStatusDialog({
  request,
  building,
  timeZone,
  open,
  onClose,
}: {
  request: MaintenanceRequest;
  building: number;
  timeZone?: string;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>Update status</DialogTitle>
      <DialogContent>
        {open && <StatusForm request={request} building={building} timeZone={timeZone} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function StatusForm({
  request,
  building,
  timeZone,
  onClose,
}: {
  request: MaintenanceRequest;
  building: number;
  timeZone?: string;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const statuses = useMaintenanceStatuses(building);
  const templates = useBuildingCommentTemplates(building);
  const update = useUpdateRequestStatus(building);
  const today = dayInZone(timeZone);
  const form = useForm<StatusFormValues>({
    defaultValues: {
      status: request.status,
      date_on_hold_until: request.date_on_hold_until ?? today,
      template: "",
      comment: "",
      is_private: false,
    },
  });
  const { control, handleSubmit, formState, setValue, setError } = form;
  const status = useWatch({ control, name: "status" });

  const submit = handleSubmit(async (v) => {
    const onHold = v.status === ON_HOLD;
    if (onHold && !v.date_on_hold_until) {
      setError("date_on_hold_until", { message: MESSAGES.fieldRequired }, { shouldFocus: true });
      return;
    }
    try {
      await update.mutateAsync({
        id: request.id,
        body: {
          status: v.status,
          date_on_hold_until: onHold ? v.date_on_hold_until : null,
          comment: { comment: v.comment.trim(), is_private: v.is_private },
        },
      });
      enqueueSnackbar(MAINTENANCE_MESSAGES.statusUpdated, { variant: "success" });
      onClose();
    } catch (err) {
      applyServerErrors(err, form, { fields: FIELDS });
    }
  });

  if (statuses.isError) return <Alert severity="error">{MESSAGES.failedList(statuses.error.message)}</Alert>;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Update status" sx={{ display: "grid", gap: 2 }}>
      <Controller
        control={control}
        name="status"
        rules={{ required: MESSAGES.fieldRequired }}
        render={({ field, fieldState }) => (
          <FormControl error={!!fieldState.error}>
            <FormLabel id="status-options">Status</FormLabel>
            <RadioGroup
              aria-labelledby="status-options"
              name={field.name}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {(statuses.data ?? []).map((s, i) => (
                <FormControlLabel
                  key={s.value}
                  value={s.value}
                  label={s.label}
                  control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {status === ON_HOLD && (
        <Controller
          control={control}
          name="date_on_hold_until"
          render={({ field, fieldState }) => (
            <DateField
              label="On hold until"
              name="date_on_hold_until"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="template"
        render={({ field }) => (
          <TextField
            {...withoutRef(field)}
            inputRef={field.ref}
            select
            label="Comment template"
            disabled={!templates.data?.length}
            helperText={
              templates.isSuccess && !templates.data.length ? "This building has no comment templates." : undefined
            }
            onChange={(e) => {
              field.onChange(e.target.value);
              const chosen = templates.data?.find((t) => String(t.id) === e.target.value);
              if (chosen) setValue("comment", chosen.template, { shouldDirty: true, shouldValidate: true });
            }}
          >
            {(templates.data ?? []).map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.title}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="comment"
        label="Comment"
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: MAINTENANCE_LIMITS.comment } }}
      />
      <FormCheckbox control={control} name="is_private" label="Private (staff only)" />
      {formState.errors.root?.serverError && (
        <Alert severity="error">{formState.errors.root.serverError.message}</Alert>
      )}
      <DialogFormActions onCancel={onClose} busy={formState.isSubmitting} label="Update status" />
    </Box>
  );
}
