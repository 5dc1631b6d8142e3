import { useEffect, useId, useMemo, useRef } from "react";
import { Controller } from "react-hook-form";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { SHIFT_LOG_MESSAGES, SHIFT_LOG_NOTE_BODY_MAX, type ShiftLogNote } from "@portico/contract";
import { ApiError } from "../../../lib/api.ts";
import { applyServerErrors, withoutRef } from "../../../lib/forms.ts";
import { useBuildingSettings } from "../../../lib/queries.ts";
import { useCreateShiftLogNote, useShiftLogTypes, useUpdateShiftLogNote } from "../api.ts";
import {
  clearDraft,
  emptyNoteValues,
  loadDraft,
  noteFormSchema,
  noteToValues,
  type NoteFormMode,
  type NoteFormValues,
  saveDraft,
  toNotePayload,
} from "../model.ts";
import { FormCheckbox } from "./FormCheckbox.tsx";
import { FormTextField } from "./FormTextField.tsx";
import { FormUnitsPicker } from "./UnitsPicker.tsx";
import { useCheckedForm } from "./useCheckedForm.ts";

/** The body's character count shows from this length on (80 % of the limit). */
const BODY_COUNT_FROM = Math.floor(SHIFT_LOG_NOTE_BODY_MAX * 0.8);

export interface NoteFormProps {
  mode: NoteFormMode;
  buildingId: number;
  /** The note being edited (mode 'edit'). */
  note?: ShiftLogNote;
  /** Local storage key of the draft (create and end-of-shift forms). */
  draftKey?: string;
  onSaved?: (note: ShiftLogNote) => void;
  onCancel?: () => void;
  /** Create form: the 'End of shift note' button (shown when given). */
  onEndOfShift?: () => void;
  autoFocus?: boolean;
}

const FIELDS = ["body", "shift_log_type_id", "apartment_ids", "is_high_priority", "location"] as const;

/** Server field names that belong to a form field of another name. */
function renameServerFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== "object" || Array.isArray(error.body))
    return error;
  const body = { ...(error.body as Record<string, unknown>) };
  for (const from of ["no_apartment", "occupancy_ids"]) {
    if (from in body) {
      const prev = Array.isArray(body.apartment_ids) ? body.apartment_ids : [];
      body.apartment_ids = [...prev, ...(Array.isArray(body[from]) ? (body[from] as unknown[]) : [body[from]])];
      delete body[from];
    }
  }
  for (const from of ["building_id", "is_end_of_shift"]) {
    if (from in body) {
      body.non_field_errors = [
        ...(Array.isArray(body.non_field_errors) ? body.non_field_errors : []),
        ...(Array.isArray(body[from]) ? (body[from] as unknown[]) : [body[from]]),
      ];
      delete body[from];
    }
  }
  return new ApiError(error.status, error.statusText, body, error.message);
}

/**
 * The note form: add (with its draft kept per building and user), end of shift, or edit.
 * Messages are the spec's; the submit button is disabled while a field shows an error; a
 * failed save keeps everything typed and puts the server's messages under their fields.
 */
export function NoteForm({
  mode,
  buildingId,
  note,
  draftKey,
  onSaved,
  onCancel,
  onEndOfShift,
  autoFocus,
}: NoteFormProps) {
  const uid = useId();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useBuildingSettings(buildingId);
  const recordsLocation = !!settings.data?.shiftlogsettings.is_recordable_by_location;
  const types = useShiftLogTypes();
  const create = useCreateShiftLogNote();
  const update = useUpdateShiftLogNote();
  const schema = useMemo(() => noteFormSchema(mode), [mode]);

  const initial = useMemo<NoteFormValues>(
    () =>
      mode === "edit" && note ? noteToValues(note) : ((draftKey ? loadDraft(draftKey) : null) ?? emptyNoteValues()),
    // The form starts from these once; later drafts are written by the form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const form = useCheckedForm<NoteFormValues>(schema, initial);
  const {
    control,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;

  // Keep the draft as it is typed.
  useEffect(() => {
    if (!draftKey || mode === "edit") return;
    const sub = form.watch((values) => saveDraft(draftKey, { ...emptyNoteValues(), ...values } as NoteFormValues));
    return () => sub.unsubscribe();
  }, [form, draftKey, mode]);

  const bodyRef = useRef<HTMLTextAreaElement | null>(null);

  const knownLabels = useMemo(
    () => new Map((note?.apartments ?? []).map((a) => [a.id, a.apartment_number] as const)),
    [note],
  );

  const typeOptions = useMemo(() => {
    const list = (types.data ?? []).map((t) => ({ id: String(t.id), name: t.name }));
    if (note?.shift_log_type_id && !list.some((t) => t.id === String(note.shift_log_type_id)))
      list.push({ id: String(note.shift_log_type_id), name: note.shift_log_type_name ?? "Current type" });
    return list;
  }, [types.data, note]);

  const onSubmit = handleSubmit(async (values) => {
    clearErrors("root");
    const payload = toNotePayload(values, { mode, buildingId, recordsLocation });
    try {
      let saved: ShiftLogNote;
      if (mode === "edit" && note) {
        const { building_id: _b, ...patch } = payload;
        saved = await update.mutateAsync({ id: note.id, body: patch });
        enqueueSnackbar(SHIFT_LOG_MESSAGES.noteUpdated, { variant: "success" });
      } else {
        saved = await create.mutateAsync(payload);
        enqueueSnackbar(mode === "end-of-shift" ? SHIFT_LOG_MESSAGES.endOfShiftLogged : SHIFT_LOG_MESSAGES.noteAdded, {
          variant: "success",
        });
        if (draftKey) clearDraft(draftKey);
        reset(emptyNoteValues());
        // Ready for the next note.
        setTimeout(() => bodyRef.current?.focus(), 0);
      }
      onSaved?.(saved);
    } catch (error) {
      applyServerErrors(renameServerFields(error), form, { fields: FIELDS });
    }
  });

  const fieldErrors = Object.keys(errors).some((k) => k !== "root");
  const submitLabel = mode === "edit" ? "Save changes" : mode === "end-of-shift" ? "Log end of shift" : "Add note";

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={mode === "edit" ? "Edit note" : mode === "end-of-shift" ? "End of shift note" : "Add a note"}
    >
      <Stack spacing={2}>
        {errors.root?.serverError && (
          <Alert severity="error" role="alert">
            {errors.root.serverError.message}
          </Alert>
        )}
        <Controller
          control={control}
          name="body"
          render={({ field, fieldState }) => (
            <TextField
              {...withoutRef(field)}
              inputRef={(el: HTMLTextAreaElement | null) => {
                field.ref(el);
                bodyRef.current = el;
              }}
              id={`${uid}-body`}
              label={mode === "end-of-shift" ? "End of shift note" : "Note"}
              required
              multiline
              minRows={3}
              maxRows={12}
              autoFocus={autoFocus}
              error={!!fieldState.error}
              helperText={
                <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
                  <span>{fieldState.error?.message ?? (mode !== "edit" ? "Ctrl+Enter to save" : "")}</span>
                  {/* Near the limit, the count of characters. */}
                  {field.value.trim().length > BODY_COUNT_FROM && (
                    <Box component="span" sx={{ flexShrink: 0 }}>
                      {field.value.trim().length.toLocaleString("en-US")} /{" "}
                      {SHIFT_LOG_NOTE_BODY_MAX.toLocaleString("en-US")}
                    </Box>
                  )}
                </Box>
              }
              onKeyDown={(e) => {
                if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  void onSubmit();
                }
              }}
              fullWidth
            />
          )}
        />
        {mode !== "end-of-shift" && (
          <Box
            sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "minmax(0, 2fr) minmax(0, 3fr)" } }}
          >
            <FormTextField control={control} name="shift_log_type_id" id={`${uid}-type`} select label="Type">
              <MenuItem value="">
                <em>No type</em>
              </MenuItem>
              {typeOptions.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormUnitsPicker
              control={control}
              name="apartment_ids"
              building={buildingId}
              required
              knownLabels={knownLabels}
            />
          </Box>
        )}
        {recordsLocation && mode !== "end-of-shift" && (
          <FormTextField control={control} name="location" id={`${uid}-location`} label="Location" />
        )}
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
          <FormCheckbox control={control} name="is_high_priority" label="High priority" />
          <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1, ml: "auto" }}>
            {onCancel && (
              <Button onClick={onCancel} disabled={isSubmitting}>
                Cancel
              </Button>
            )}
            {onEndOfShift && mode === "create" && (
              <Button variant="outlined" color="secondary" onClick={onEndOfShift} disabled={isSubmitting}>
                End of shift note
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={isSubmitting || fieldErrors} loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}
