import { useMemo } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Instruction, type InstructionType, INSTRUCTION_LIMITS, MESSAGES } from "@portico/contract";
import { DateField } from "../../../components/DateField.tsx";
import { PageFormActions } from "../../../components/FormActions.tsx";
import { PhotoCapture } from "../../../components/PhotoCapture.tsx";
import { applyServerErrors, withoutRef } from "../../../lib/forms.ts";
import { useCreateInstruction, useEditInstruction } from "../api.ts";
import { FORM_FIELDS, type InstructionFormValues, instructionFormSchema, typeChoices } from "../model.ts";
import { InstructionTypeChip } from "./InstructionTypeChip.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";

export interface InstructionFormProps {
  building: number;
  types: readonly InstructionType[];
  /** The values to start from (today as the start date on a new one). */
  initial: InstructionFormValues;
  /** The instruction being edited (its start date is locked). */
  instruction?: Instruction;
  /** The unit's number when the unit is given (no picker then). */
  unitNumber?: string;
  cancelTo: string;
  onSaved: (saved: Instruction) => void;
}

/**
 * Create or edit an instruction (document 2 sections 2, 5): unit (when not given), type (active
 * types by display order), name, instructions, start date (locked on edit), expiration date
 * (required for types that say so; blank = no end), photo. Server errors land under their
 * fields and nothing typed is lost.
 */
export function InstructionForm({
  building,
  types,
  initial,
  instruction,
  unitNumber,
  cancelTo,
  onSaved,
}: InstructionFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateInstruction(building);
  const edit = useEditInstruction(building);
  const editing = !!instruction;
  const schema = useMemo(() => instructionFormSchema(types), [types]);
  const form = useForm<InstructionFormValues>({
    mode: "onTouched",
    resolver: zodResolver(schema) as Resolver<InstructionFormValues>,
    defaultValues: initial,
  });
  const { control, handleSubmit, formState } = form;
  const typeId = useWatch({ control, name: "instruction_type" });
  const chosen = types.find((t) => String(t.id) === typeId);
  const offered = useMemo(() => typeChoices(types, instruction?.instruction_type.id), [types, instruction]);

  const submit = handleSubmit(async (v) => {
    const input = {
      occupancy: v.occupancy!,
      instruction_type: Number(v.instruction_type),
      name: v.name.trim(),
      instruction_text: v.instruction_text,
      expiration_date: v.expiration_date,
      photo: v.photo,
    };
    try {
      const saved = instruction
        ? await edit.mutateAsync({ id: instruction.id, input })
        : await create.mutateAsync({ ...input, start_date: v.start_date });
      enqueueSnackbar(MESSAGES.dataSaved, { variant: "success" });
      onSaved(saved);
    } catch (err) {
      applyServerErrors(err, form, { fileField: "photo", fields: FORM_FIELDS });
    }
  });

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={submit} sx={{ p: 2, display: "grid", gap: 2.5 }}>
      {unitNumber !== undefined ? (
        <Typography>
          Unit <strong>{unitNumber}</strong>
        </Typography>
      ) : (
        <Controller
          control={control}
          name="occupancy"
          render={({ field, fieldState }) => (
            <UnitPicker
              ref={field.ref}
              building={building}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              required
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="instruction_type"
        render={({ field, fieldState }) => (
          <TextField
            {...withoutRef(field)}
            inputRef={field.ref}
            select
            label="Type"
            required
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {offered.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                <InstructionTypeChip type={t} withName />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            {...withoutRef(field)}
            inputRef={field.ref}
            label="Name"
            required
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? "The guest's (or restaurant's) name"}
            slotProps={{ htmlInput: { maxLength: INSTRUCTION_LIMITS.name } }}
          />
        )}
      />
      <Controller
        control={control}
        name="instruction_text"
        render={({ field, fieldState }) => (
          <TextField
            {...withoutRef(field)}
            inputRef={field.ref}
            label="Instructions"
            multiline
            minRows={3}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? `${field.value.length}/${INSTRUCTION_LIMITS.instruction_text}`}
          />
        )}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <Controller
          control={control}
          name="start_date"
          render={({ field, fieldState }) => (
            <DateField
              label="Start date"
              name="start_date"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={editing}
              error={fieldState.error?.message}
              helperText={editing ? "The start date cannot change after the instruction is created." : undefined}
            />
          )}
        />
        <Controller
          control={control}
          name="expiration_date"
          render={({ field, fieldState }) => (
            <DateField
              label={chosen?.is_end_date_required ? "Expiration date (required)" : "Expiration date"}
              name="expiration_date"
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                if (formState.errors.expiration_date) void form.trigger("expiration_date");
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              helperText={chosen?.is_end_date_required ? undefined : "Leave blank for no expiration"}
            />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="photo"
        render={({ field, fieldState }) => (
          <Box role="group" aria-label="Photo">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Photo (optional)
            </Typography>
            {instruction?.photo_url && !field.value && (
              <Box
                component="img"
                src={instruction.photo_url}
                alt="Current photo"
                sx={{ width: 120, aspectRatio: "340 / 420", objectFit: "cover", borderRadius: 1, mb: 1 }}
              />
            )}
            <PhotoCapture
              onChange={(photo) => {
                field.onChange(photo);
                form.clearErrors("photo");
              }}
              autoStartCamera={false}
              error={fieldState.error?.message}
            />
          </Box>
        )}
      />
      <PageFormActions
        cancelTo={cancelTo}
        submitting={formState.isSubmitting}
        error={formState.errors.root?.serverError?.message ?? undefined}
      />
    </Paper>
  );
}
