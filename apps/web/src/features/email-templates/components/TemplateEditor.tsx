import { lazy, Suspense } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import {
  EMAIL_TEMPLATE_LIMITS,
  EMAIL_TEMPLATE_MESSAGES as M,
  type EmailTemplate,
  EmailTemplateWrite,
} from "@portico/contract";
import { FormTextField } from "../../../components/FormFields.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useTemplate, useUpdateTemplate } from "../api.ts";
import type { CategoryOption } from "../model.ts";

const RichTextEditor = lazy(() =>
  import("../../../components/RichTextEditor.tsx").then((m) => ({ default: m.RichTextEditor })),
);

interface Values {
  title: string;
  category: string;
  content: string;
}

/** The chosen template's title, category and content, saved together ('Template successfully updated'). */
export function TemplateEditor({ id, categories }: { id: number; categories: CategoryOption[] }) {
  const template = useTemplate(id);
  if (template.isPending) return <SectionProgress label="Loading template" />;
  if (template.isError) return <Alert severity="error">{errorMessage(template.error)}</Alert>;
  return <EditorForm key={`${template.data.id}:${template.data.last_modified}`} template={template.data} categories={categories} />;
}

function EditorForm({ template, categories }: { template: EmailTemplate; categories: CategoryOption[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTemplate();
  const form = useForm<Values, unknown, EmailTemplateWrite>({
    mode: "onTouched",
    resolver: zodResolver(EmailTemplateWrite as never) as unknown as Resolver<Values, unknown, EmailTemplateWrite>,
    defaultValues: { title: template.title, category: String(template.category), content: template.content },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors("root");
    try {
      await update.mutateAsync({ id: template.id, body });
      enqueueSnackbar(M.updated, { variant: "success" });
    } catch (error) {
      applyServerErrors(error, form, { fields: ["title", "category", "content"] });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Template" sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { sm: "2fr 1fr" } }}>
        <FormTextField
          control={form.control}
          name="title"
          label="Title"
          required
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: EMAIL_TEMPLATE_LIMITS.title } }}
        />
        <Controller
          control={form.control}
          name="category"
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              select
              size="small"
              label="Category"
              required
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {categories.map((o) => (
                <MenuItem key={o.id} value={String(o.id)} sx={{ pl: 2 + o.depth * 2 }}>
                  {o.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Controller
        control={form.control}
        name="content"
        render={({ field }) => (
          <Suspense fallback={<LinearProgress aria-label="Loading the editor" />}>
            <RichTextEditor label="Content" value={field.value} onChange={field.onChange} height={360} />
          </Suspense>
        )}
      />
      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      <Box>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
          Save template
        </Button>
      </Box>
    </Box>
  );
}
