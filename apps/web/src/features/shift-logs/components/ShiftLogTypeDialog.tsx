import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { MESSAGES, MODAL_CLOSE_DELAY_MS, SHIFT_LOG_TYPE_LIMITS, type ShiftLogType } from "@portico/contract";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { useCreateShiftLogType, useUpdateShiftLogType } from "../api.ts";
import { typeFormSchema, type TypeFormValues, typeToValues, typeValuesToPayload } from "../model.ts";

export interface ShiftLogTypeDialogProps {
  open: boolean;
  /** The type being edited; null = a new type. */
  type: ShiftLogType | null;
  onClose: () => void;
}

const FIELDS = ["name", "short_name", "display_order", "description"] as const;

/** Create or edit a shift log type: name, short name, display order, description. */
export function ShiftLogTypeDialog({ open, type, onClose }: ShiftLogTypeDialogProps) {
  const isMobile = useIsMobile();
  // A fresh form per opening; the last one stays while the dialog closes.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession((n) => n + 1);
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      transitionDuration={{ exit: MODAL_CLOSE_DELAY_MS }}
      aria-labelledby="shift-log-type-dialog-title"
    >
      <TypeForm key={session} type={type} onClose={onClose} />
    </Dialog>
  );
}

function TypeForm({ type, onClose }: { type: ShiftLogType | null; onClose: () => void }) {
  const uid = useId();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateShiftLogType();
  const update = useUpdateShiftLogType();
  const form = useForm<TypeFormValues>({
    mode: "onChange",
    resolver: zodResolver(typeFormSchema),
    defaultValues: typeToValues(type),
  });
  const {
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  const fieldErrors = Object.keys(errors).some((k) => k !== "root");

  const onSubmit = handleSubmit(async (values) => {
    clearErrors("root");
    const body = typeValuesToPayload(values);
    try {
      if (type) await update.mutateAsync({ id: type.id, body });
      else await create.mutateAsync(body);
      enqueueSnackbar(MESSAGES.dataSaved, { variant: "success" });
      onClose();
    } catch (error) {
      applyServerErrors(error, form, { fields: FIELDS });
    }
  });

  const text = (
    name: keyof TypeFormValues,
    label: string,
    extra: { required?: boolean; multiline?: boolean; max?: number; numeric?: boolean; autoFocus?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          id={`${uid}-${name}`}
          label={label}
          required={extra.required}
          multiline={extra.multiline}
          minRows={extra.multiline ? 3 : undefined}
          autoFocus={extra.autoFocus}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
          slotProps={{
            htmlInput: {
              maxLength: extra.max,
              ...(extra.numeric ? { inputMode: "numeric" as const, pattern: "[0-9]*" } : {}),
            },
          }}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id="shift-log-type-dialog-title">{type ? "Edit shift log type" : "Add shift log type"}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
          {text("name", "Name", { required: true, max: SHIFT_LOG_TYPE_LIMITS.name, autoFocus: true })}
          {text("short_name", "Short name", { required: true, max: SHIFT_LOG_TYPE_LIMITS.short_name })}
          {text("display_order", "Display order", { numeric: true })}
          {text("description", "Description", { multiline: true, max: SHIFT_LOG_TYPE_LIMITS.description })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={fieldErrors}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
