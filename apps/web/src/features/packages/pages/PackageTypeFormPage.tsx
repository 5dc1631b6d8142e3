import { useNavigate, useParams } from "react-router";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import {
  MESSAGES,
  PACKAGE_ABBREVIATION_MAX,
  PACKAGE_MESSAGES as M,
  PACKAGE_TYPE_LIMITS,
  PACKAGE_UI_MESSAGES,
  type PackageGroup,
  type PackageType,
  packagePaths,
} from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/forms.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useCreatePackageType, usePackageColors, usePackageGroups, usePackageType, useUpdatePackageType } from "../api.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

const tooLong = (n: number) => `Ensure this field has no more than ${n} characters.`;

const typeFormSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.fieldRequired).max(PACKAGE_TYPE_LIMITS.name, tooLong(PACKAGE_TYPE_LIMITS.name)),
  group: z.string().min(1, MESSAGES.fieldRequired),
  color: z.string().min(1, MESSAGES.fieldRequired),
  abbreviation: z
    .string()
    .trim()
    .min(1, MESSAGES.fieldRequired)
    .max(PACKAGE_ABBREVIATION_MAX, tooLong(PACKAGE_ABBREVIATION_MAX)),
  display_order: z.string().trim().regex(/^\d*$/, "A valid integer is required."),
  email_subject: z.string().max(PACKAGE_TYPE_LIMITS.email_subject, tooLong(PACKAGE_TYPE_LIMITS.email_subject)),
  is_public_display: z.boolean(),
  is_pic_required: z.boolean(),
  is_active: z.boolean(),
});
type TypeFormValues = z.infer<typeof typeFormSchema>;

const EMPTY: TypeFormValues = {
  name: "",
  group: "INCOMING_DELIVERY",
  color: "",
  abbreviation: "",
  display_order: "0",
  email_subject: "",
  is_public_display: true,
  is_pic_required: false,
  is_active: true,
};

const valuesOf = (t: PackageType): TypeFormValues => ({
  name: t.name,
  group: t.group,
  color: t.color,
  abbreviation: t.abbreviation,
  display_order: String(t.display_order),
  email_subject: t.email_subject,
  is_public_display: t.is_public_display,
  is_pic_required: t.is_pic_required,
  is_active: t.is_active,
});

/** /admin/settings/package-types/create and /edit/{packageTypeId}. */
export function Component() {
  const { packageTypeId } = useParams();
  const id = packageTypeId && /^\d+$/.test(packageTypeId) ? Number(packageTypeId) : null;
  const editing = packageTypeId !== undefined;
  const type = usePackageType(id);
  usePageTitle(editing ? "Edit package type" : "Add package type");
  const back = { to: packagePaths.adminTypes, label: "Package types" };

  if (editing && (id === null || type.isError))
    return (
      <Box>
        <PageHeader title="Edit package type" back={back} />
        <Alert severity="error">{id === null ? "This package type was not found." : errorMessage(type.error)}</Alert>
      </Box>
    );
  if (editing && type.isPending) return <SectionProgress label="Loading the package type" />;
  return (
    <Box>
      <PageHeader title={editing ? `Edit ${type.data?.name ?? "package type"}` : "Add package type"} back={back} />
      {type.data?.is_immutable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {M.immutableType}
        </Alert>
      )}
      <TypeForm key={type.data?.id ?? "new"} type={type.data ?? null} />
    </Box>
  );
}

function TypeForm({ type }: { type: PackageType | null }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const colors = usePackageColors();
  const groups = usePackageGroups();
  const create = useCreatePackageType();
  const update = useUpdatePackageType();
  const locked = !!type?.is_immutable;
  const form = useForm<TypeFormValues>({
    resolver: zodResolver(typeFormSchema),
    defaultValues: type ? valuesOf(type) : EMPTY,
  });
  const { control, handleSubmit, formState } = form;
  const color = colors.data?.find((c) => c.name === form.watch("color"));
  const abbreviation = form.watch("abbreviation");

  const onSubmit = handleSubmit(async (v) => {
    const body = {
      name: v.name.trim(),
      group: v.group as PackageGroup,
      color: v.color,
      abbreviation: v.abbreviation.trim().toUpperCase(),
      display_order: v.display_order === "" ? 0 : Number(v.display_order),
      email_subject: v.email_subject.trim(),
      is_public_display: v.is_public_display,
      is_pic_required: v.is_pic_required,
      is_active: v.is_active,
    };
    try {
      if (type) await update.mutateAsync({ id: type.id, body });
      else await create.mutateAsync(body);
      enqueueSnackbar(PACKAGE_UI_MESSAGES.typeSaved, { variant: "success" });
      navigate(packagePaths.adminTypes);
    } catch (err) {
      applyServerErrors(err, form, { fields: Object.keys(EMPTY) });
    }
  });

  const text = (name: "name" | "abbreviation" | "display_order" | "email_subject", label: string, extra = {}) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={label}
          disabled={locked}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          {...extra}
        />
      )}
    />
  );
  const check = (name: "is_public_display" | "is_pic_required" | "is_active", label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              disabled={locked}
            />
          }
          label={label}
        />
      )}
    />
  );
  const rootError = formState.errors.root?.serverError?.message;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 2 }} aria-label="Package type">
        {text("name", "Name", { required: true })}
        <Controller
          control={control}
          name="group"
          render={({ field, fieldState }) => (
            <TextField
              select
              {...field}
              inputRef={field.ref}
              label="Group"
              required
              disabled={locked}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {(groups.data ?? []).map((g) => (
                <MenuItem key={g.value} value={g.value}>
                  {g.display}
                </MenuItem>
              ))}
              {!groups.data && <MenuItem value={field.value}>{field.value}</MenuItem>}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="color"
          render={({ field, fieldState }) => (
            <TextField
              select
              {...field}
              inputRef={field.ref}
              label="Colour"
              required
              disabled={locked}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {(colors.data ?? []).map((c) => (
                <MenuItem key={c.name} value={c.name}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      display: "inline-block",
                      width: 16,
                      height: 16,
                      borderRadius: 0.5,
                      mr: 1,
                      verticalAlign: "middle",
                      bgcolor: c.color_hex,
                      border: "1px solid rgba(0,0,0,0.3)",
                    }}
                  />
                  {c.name}
                </MenuItem>
              ))}
              {!colors.data && field.value && <MenuItem value={field.value}>{field.value}</MenuItem>}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="abbreviation"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              onChange={(e) => field.onChange(e.target.value.toUpperCase())}
              label="Abbreviation"
              required
              disabled={locked}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? `Up to ${PACKAGE_ABBREVIATION_MAX} characters`}
              slotProps={{ htmlInput: { maxLength: PACKAGE_ABBREVIATION_MAX } }}
            />
          )}
        />
        {(color || abbreviation) && (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary", fontSize: "0.875rem" }}>
            Preview:
            <PackageTypeChip
              size="medium"
              type={{
                name: form.watch("name") || "New type",
                abbreviation: abbreviation || "?",
                color_hex: color?.color_hex ?? "#9E9E9E",
                font_color_hex: color?.font_color_hex ?? "#000000",
              }}
              count={2}
            />
          </Box>
        )}
        {text("display_order", "Display order", { slotProps: { htmlInput: { inputMode: "numeric" } } })}
        {text("email_subject", "Email subject", {
          helperText: formState.errors.email_subject?.message ?? "Subject of the resident email when a package of this type is logged (blank: the default)",
        })}
        <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
          {check("is_public_display", "Public display")}
          {check("is_pic_required", "Picture required")}
          {check("is_active", "Active")}
        </Box>
        {rootError && <Alert severity="error">{rootError}</Alert>}
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button type="submit" variant="contained" disabled={locked} loading={formState.isSubmitting}>
            Save
          </Button>
          <Button type="button" onClick={() => navigate(packagePaths.adminTypes)}>
            Cancel
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
