import { useId, useMemo, type ChangeEvent } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  type Base64Photo,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MAX_PHOTOS_PER_WRITE,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_PHOTO_LIMIT_BYTES,
  type MaintenanceRequest,
  MaintenanceRequestCreate,
  type MaintenanceRequestType,
  MESSAGES,
} from "@portico/contract";
import { FormTextField } from "../../../components/FormFields.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { ApiError } from "../../../lib/api.ts";
import { applyServerErrors, checkedBy } from "../../../lib/forms.ts";
import { useApartmentsDropdown } from "../../../lib/queries.ts";
import { useCreateMaintenanceRequest, useEditMaintenanceRequest, useMaintenanceAssignees } from "../api.ts";

/** The request form's values as the inputs hold them. */
export interface RequestFormValues {
  apartment_id: number | null;
  maintenance_request_type_id: string;
  description: string;
  is_high_priority: boolean;
  is_permission_to_enter: boolean;
  permission_to_enter_comments: string;
  /** '' for nobody. */
  employee_id: string;
  additional_emails: string;
  additional_phone_numbers: string;
  /** New photos (sent as base64). */
  photos: File[];
}

/** The form's fields, top to bottom (server errors land under them; the first gets focus). */
export const REQUEST_FORM_FIELDS = [
  "apartment_id",
  "maintenance_request_type_id",
  "description",
  "is_high_priority",
  "is_permission_to_enter",
  "permission_to_enter_comments",
  "employee_id",
  "additional_emails",
  "additional_phone_numbers",
  "photos",
] as const;

const rule = MaintenanceRequestCreate.shape;

/** The form's checks: the contract's rules and messages (description, entry instructions ≤ 2000; photos < 10 MB). */
export const requestFormSchema = z.object({
  apartment_id: z
    .number()
    .nullable()
    .refine((v) => v !== null, MESSAGES.fieldRequired),
  maintenance_request_type_id: z.string().min(1, MESSAGES.fieldRequired),
  description: z.string().superRefine(checkedBy(rule.description)),
  is_high_priority: z.boolean(),
  is_permission_to_enter: z.boolean(),
  permission_to_enter_comments: z.string().superRefine(checkedBy(rule.permission_to_enter_comments)),
  employee_id: z.string(),
  additional_emails: z.string().superRefine(checkedBy(rule.additional_emails)),
  additional_phone_numbers: z.string().superRefine(checkedBy(rule.additional_phone_numbers)),
  photos: z
    .array(z.instanceof(File))
    .max(MAINTENANCE_MAX_PHOTOS_PER_WRITE, MAINTENANCE_MESSAGES.tooManyPhotos)
    .refine((files) => files.every((f) => f.size <= MAINTENANCE_PHOTO_LIMIT_BYTES), MAINTENANCE_MESSAGES.photoTooLarge),
});

/** A new request's values: the unit from the page's query, Normal priority, no permission to enter. */
export const emptyRequestValues = (apartmentId: number | null): RequestFormValues => ({
  apartment_id: apartmentId,
  maintenance_request_type_id: "",
  description: "",
  is_high_priority: false,
  is_permission_to_enter: false,
  permission_to_enter_comments: "",
  employee_id: "",
  additional_emails: "",
  additional_phone_numbers: "",
  photos: [],
});

/** A request's values to edit. */
export const requestValuesOf = (r: MaintenanceRequest): RequestFormValues => ({
  apartment_id: r.apartment_id,
  maintenance_request_type_id: String(r.maintenance_request_type_id),
  description: r.description,
  is_high_priority: r.is_high_priority,
  is_permission_to_enter: r.is_permission_to_enter,
  permission_to_enter_comments: r.permission_to_enter_comments,
  employee_id: r.employee_id === null ? "" : String(r.employee_id),
  additional_emails: r.additional_emails,
  additional_phone_numbers: r.additional_phone_numbers,
  photos: [],
});

/** A file as the API takes an inline photo: its type, name and base64 content. */
export function base64PhotoOf(file: File): Promise<Base64Photo> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? "");
      resolve({ type: file.type, name: file.name, content: url.slice(url.indexOf(",") + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error("The photo could not be read."));
    reader.readAsDataURL(file);
  });
}

/** A chosen photo the browser cannot read. */
export const PHOTO_UNREADABLE = "Failed to read the photo. Please try again.";

const counter = (value: string, max: number) => `${value.length}/${max}`;
const yesNo = (v: boolean) => (v ? "yes" : "no");

export interface RequestFormProps {
  building: number;
  types: readonly MaintenanceRequestType[];
  initial: RequestFormValues;
  /** The request being edited (absent: a new one). */
  request?: MaintenanceRequest;
  /** The unit profile the page was opened for (kept while that unit stays chosen). */
  occupancyId?: number | null;
  onSaved: (saved: MaintenanceRequest) => void;
  onCancel: () => void;
}

/**
 * A maintenance request, new or edited (document 2 sections 2, 5): unit, request type (active
 * types; its instruction text shown), description (≤ 2000, counter), priority High or Normal,
 * permission to enter Yes or No with entry instructions (≤ 2000, counter), assignee (the
 * building's maintenance staff), additional e-mails and phone numbers, photos (each under 10 MB,
 * sent as base64). Server errors land under their fields; nothing typed is lost.
 */
export function RequestForm({ building, types, initial, request, occupancyId, onSaved, onCancel }: RequestFormProps) {
  const id = useId();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateMaintenanceRequest(building);
  const edit = useEditMaintenanceRequest(building);
  const assignees = useMaintenanceAssignees(building);
  const dropdown = useApartmentsDropdown(building);
  const form = useForm<RequestFormValues>({
    mode: "onTouched",
    resolver: zodResolver(requestFormSchema) as Resolver<RequestFormValues>,
    defaultValues: initial,
  });
  const { control, handleSubmit, formState, setError } = form;
  const typeId = useWatch({ control, name: "maintenance_request_type_id" });
  const apartmentId = useWatch({ control, name: "apartment_id" });
  const description = useWatch({ control, name: "description" });
  const entry = useWatch({ control, name: "permission_to_enter_comments" });
  const chosenType = types.find((t) => String(t.id) === typeId);
  // An edited request keeps its type even when the type is no longer active.
  const offered = useMemo(() => {
    if (!request || types.some((t) => t.id === request.maintenance_request_type_id)) return types;
    return [
      ...types,
      {
        id: request.maintenance_request_type_id,
        name: request.maintenance_request_type_name,
        instruction_text: "",
      } as MaintenanceRequestType,
    ];
  }, [types, request]);
  const assigneeList = useMemo(() => {
    const list = (assignees.data ?? []).map((e) => ({ id: e.id, name: `${e.first_name} ${e.last_name}`.trim() }));
    if (request?.employee_id && !list.some((e) => e.id === request.employee_id))
      list.push({ id: request.employee_id, name: request.employee_name ?? `#${request.employee_id}` });
    return list;
  }, [assignees.data, request]);

  const occupancyFor = (apartment: number): number | null | undefined => {
    if (request && apartment === request.apartment_id) return undefined;
    if (occupancyId && apartment === initial.apartment_id) return occupancyId;
    // The unit's current profile (the API's choice too when none is sent).
    return dropdown.data?.find((a) => a.id === apartment)?.current_occupancy_id ?? null;
  };

  const submit = handleSubmit(async (v) => {
    let photos: Base64Photo[];
    try {
      photos = await Promise.all(v.photos.map(base64PhotoOf));
    } catch {
      setError("photos", { message: PHOTO_UNREADABLE });
      return;
    }
    const occupancy = occupancyFor(v.apartment_id!);
    const body = {
      apartment_id: v.apartment_id!,
      ...(occupancy !== undefined ? { occupancy_id: occupancy } : {}),
      maintenance_request_type_id: Number(v.maintenance_request_type_id),
      description: v.description,
      is_high_priority: v.is_high_priority,
      is_permission_to_enter: v.is_permission_to_enter,
      permission_to_enter_comments: v.permission_to_enter_comments,
      employee_id: v.employee_id ? Number(v.employee_id) : null,
      additional_emails: v.additional_emails,
      additional_phone_numbers: v.additional_phone_numbers,
      ...(photos.length ? { photos } : {}),
    };
    try {
      const saved = request ? await edit.mutateAsync({ id: request.id, body }) : await create.mutateAsync(body);
      enqueueSnackbar(request ? MAINTENANCE_MESSAGES.updated : MAINTENANCE_MESSAGES.created, { variant: "success" });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 413)
        setError("photos", { type: "413", message: MAINTENANCE_MESSAGES.photoTooLarge }, { shouldFocus: true });
      else applyServerErrors(err, form, { fields: REQUEST_FORM_FIELDS });
    }
  });

  const busy = formState.isSubmitting;
  return (
    <Box
      component="form"
      noValidate
      aria-label={request ? "Edit request details" : "New maintenance request"}
      onSubmit={submit}
      sx={{ display: "grid", gap: 2.5 }}
    >
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
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            required
          />
        )}
      />
      {apartmentId !== null && occupancyFor(apartmentId) === null && (
        <Typography variant="body2" sx={{ color: "text.secondary", mt: -1.5 }}>
          This unit has no current unit profile: no resident will be told.
        </Typography>
      )}
      <Box>
        <FormTextField
          control={control}
          name="maintenance_request_type_id"
          select
          fullWidth
          label="Request type"
          required
        >
          {offered.map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
            </MenuItem>
          ))}
        </FormTextField>
        {chosenType?.instruction_text && (
          <Alert severity="info" sx={{ mt: 1, whiteSpace: "pre-line" }} data-testid="type-instructions">
            {chosenType.instruction_text}
          </Alert>
        )}
      </Box>
      <FormTextField
        control={control}
        name="description"
        label="Description"
        required
        multiline
        minRows={3}
        helperText={counter(description, MAINTENANCE_LIMITS.description)}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <Controller
          control={control}
          name="is_high_priority"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={`${id}-priority`}>Priority</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-priority`}
                name="is_high_priority"
                value={field.value ? "high" : "normal"}
                onChange={(e) => field.onChange(e.target.value === "high")}
              >
                <FormControlLabel
                  value="normal"
                  label="Normal"
                  control={<Radio slotProps={{ input: { ref: field.ref } }} />}
                />
                <FormControlLabel value="high" label="High" control={<Radio />} />
              </RadioGroup>
            </FormControl>
          )}
        />
        <Controller
          control={control}
          name="is_permission_to_enter"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={`${id}-pte`}>Permission to enter</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-pte`}
                name="is_permission_to_enter"
                value={yesNo(field.value)}
                onChange={(e) => field.onChange(e.target.value === "yes")}
              >
                <FormControlLabel
                  value="yes"
                  label="Yes"
                  control={<Radio slotProps={{ input: { ref: field.ref } }} />}
                />
                <FormControlLabel value="no" label="No" control={<Radio />} />
              </RadioGroup>
            </FormControl>
          )}
        />
      </Box>
      <FormTextField
        control={control}
        name="permission_to_enter_comments"
        label="Entry instructions"
        multiline
        minRows={2}
        helperText={counter(entry, MAINTENANCE_LIMITS.permission_to_enter_comments)}
      />
      <FormTextField
        control={control}
        name="employee_id"
        select
        fullWidth
        label="Assigned to"
        helperText={assignees.isError ? "The maintenance staff could not be loaded." : undefined}
      >
        <MenuItem value="">
          <em>Nobody yet</em>
        </MenuItem>
        {assigneeList.map((e) => (
          <MenuItem key={e.id} value={String(e.id)}>
            {e.name}
          </MenuItem>
        ))}
      </FormTextField>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <FormTextField
          control={control}
          name="additional_emails"
          label="Additional e-mails"
          helperText="Also told about this request; separate addresses with ;"
        />
        <FormTextField
          control={control}
          name="additional_phone_numbers"
          label="Additional phone numbers"
          helperText="Separate numbers with ;"
        />
      </Box>
      <Controller
        control={control}
        name="photos"
        render={({ field, fieldState }) => {
          const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            if (!files.length) return;
            if (files.some((f) => f.size > MAINTENANCE_PHOTO_LIMIT_BYTES)) {
              setError("photos", { type: "size", message: MAINTENANCE_MESSAGES.photoTooLarge });
              const fitting = files.filter((f) => f.size <= MAINTENANCE_PHOTO_LIMIT_BYTES);
              if (fitting.length) field.onChange([...field.value, ...fitting]);
              return;
            }
            form.clearErrors("photos");
            field.onChange([...field.value, ...files]);
          };
          return (
            <Box role="group" aria-labelledby={`${id}-photos`} sx={{ display: "grid", gap: 1 }}>
              <Typography id={`${id}-photos`} variant="subtitle2">
                {request ? "Add photos" : "Photos"}
              </Typography>
              <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
                <Button
                  component="label"
                  htmlFor={`${id}-file`}
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  disabled={busy}
                >
                  Upload photo
                  <input
                    id={`${id}-file`}
                    ref={field.ref}
                    type="file"
                    accept="image/*"
                    multiple
                    hidden
                    onChange={onFiles}
                  />
                </Button>
                {field.value.map((f, i) => (
                  <Chip
                    key={`${f.name}-${i}`}
                    label={f.name}
                    onDelete={() => field.onChange(field.value.filter((_, j) => j !== i))}
                  />
                ))}
              </Box>
              {fieldState.error && <Alert severity="error">{fieldState.error.message}</Alert>}
            </Box>
          );
        }}
      />
      {formState.errors.root?.serverError && (
        <Alert severity="error">{formState.errors.root.serverError.message}</Alert>
      )}
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" loading={busy}>
          {request ? "Save" : "Create request"}
        </Button>
      </Box>
    </Box>
  );
}
