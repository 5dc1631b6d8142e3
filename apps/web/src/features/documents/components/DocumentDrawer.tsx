import { useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import Typography from "@mui/material/Typography";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  type BuildingDocument,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES as M,
  DOCUMENT_UPLOAD_LIMIT_BYTES,
  DocumentFields,
  MESSAGES,
} from "@portico/contract";
import { FormCheckbox, FormTextField } from "../../../components/FormFields.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { type DocumentInput, useCreateDocument, useUpdateDocument } from "../api.ts";

interface Values {
  title: string;
  subtitle: string;
  is_visible_to_tenants: boolean;
  is_visible_to_staff: boolean;
  file: File | null;
}

const FIELDS = ["title", "subtitle", "is_visible_to_tenants", "is_visible_to_staff", "file"] as const;

/** The drawer's schema: the contract's fields, a file (required for a new document, 48 MB at most). */
const schemaFor = (isNew: boolean) =>
  DocumentFields.extend({
    subtitle: z.string().max(DOCUMENT_LIMITS.subtitle, MESSAGES.maxLength(DOCUMENT_LIMITS.subtitle)),
    is_visible_to_tenants: z.boolean(),
    is_visible_to_staff: z.boolean(),
    file: z
      .instanceof(File)
      .nullable()
      .refine((f) => !isNew || f !== null, M.fileRequired)
      .refine((f) => !f || f.size <= DOCUMENT_UPLOAD_LIMIT_BYTES, M.tooLarge),
  });

/** Upload a document or edit one in a drawer (multipart). */
export function DocumentDrawer({
  open,
  document,
  onClose,
}: {
  open: boolean;
  document: BuildingDocument | null;
  onClose: () => void;
}) {
  return (
    <SideDrawer open={open} onClose={onClose} title={document ? `Edit ${document.title}` : "Upload document"}>
      {open && <DocumentForm key={document?.id ?? "new"} document={document} onDone={onClose} />}
    </SideDrawer>
  );
}

function DocumentForm({ document, onDone }: { document: BuildingDocument | null; onDone: () => void }) {
  const { id: building } = useBuilding();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateDocument(building);
  const update = useUpdateDocument();
  const [schema] = useState(() => schemaFor(!document));
  const form = useForm<Values, unknown, Values>({
    mode: "onTouched",
    resolver: zodResolver(schema as never) as unknown as Resolver<Values, unknown, Values>,
    defaultValues: {
      title: document?.title ?? "",
      subtitle: document?.subtitle ?? "",
      is_visible_to_tenants: document?.is_visible_to_tenants ?? false,
      is_visible_to_staff: document?.is_visible_to_staff ?? true,
      file: null,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors("root");
    const input: DocumentInput = values;
    try {
      if (document) await update.mutateAsync({ id: document.id, input });
      else await create.mutateAsync(input);
      enqueueSnackbar(M.updated, { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, { fields: FIELDS, fileField: "file" });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Document" sx={{ display: "grid", gap: 2 }}>
      <FormTextField
        control={form.control}
        name="title"
        label="Title"
        required
        autoFocus
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.title } }}
      />
      <FormTextField
        control={form.control}
        name="subtitle"
        label="Subtitle"
        fullWidth
        size="small"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.subtitle } }}
      />
      <Controller
        control={form.control}
        name="file"
        render={({ field, fieldState }) => (
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
              {document ? "Replace file" : "Choose file"}
              <input
                ref={field.ref}
                name="file"
                type="file"
                hidden
                aria-label="File"
                onChange={(e) => {
                  field.onChange(e.target.files?.[0] ?? null);
                  field.onBlur();
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ mt: 0.5, color: "text.secondary" }}>
              {field.value?.name ?? document?.file_name ?? "No file chosen"}
            </Typography>
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </Box>
        )}
      />
      <FormCheckbox control={form.control} name="is_visible_to_staff" label="Visible to staff" />
      <FormCheckbox control={form.control} name="is_visible_to_tenants" label="Visible to tenants" />
      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Save
        </Button>
        <Button onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
