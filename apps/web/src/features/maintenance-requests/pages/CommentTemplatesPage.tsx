import { useId, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import AddIcon from "@mui/icons-material/Add";
import {
  type CommentTemplate,
  CommentTemplateWrite,
  MAINTENANCE_SETTINGS_LIMITS,
  MAINTENANCE_SETTINGS_MESSAGES,
  MESSAGES,
} from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { DialogFormActions } from "../../../components/FormActions.tsx";
import { FormTextField } from "../../../components/FormFields.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RowActions, useConfirmDelete } from "../../../components/RowActions.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/forms.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { useOpenSession } from "../../../lib/useOpenSession.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { visuallyHidden } from "../../../components/visuallyHidden.ts";
import {
  useCommentTemplates,
  useCreateCommentTemplate,
  useDeleteCommentTemplate,
  useUpdateCommentTemplate,
} from "../api.ts";

const M = MAINTENANCE_SETTINGS_MESSAGES;
const L = MAINTENANCE_SETTINGS_LIMITS;
const TemplateFields = CommentTemplateWrite.omit({ building_id: true });
type TemplateFields = ReturnType<typeof TemplateFields.parse>;
interface Values {
  title: string;
  template: string;
  display_order: string;
}
const FIELDS = ["title", "template", "display_order"] as const;

export function Component() {
  const can = useCan();
  if (!can("maintenance.manage_templates")) return <NotFound />;
  return <Page />;
}

/**
 * /{building}/settings/maintenance-request-comment-templates (managers): the comments a status
 * update can start from, by display order; added and edited in a dialog ('Template successfully
 * updated'), deleted after a confirmation ('An error occurred: {message}' when that fails).
 */
function Page() {
  usePageTitle("Comment templates");
  const { id: building } = useBuilding();
  const { enqueueSnackbar } = useSnackbar();
  const templates = useCommentTemplates(building);
  const remove = useConfirmDelete<CommentTemplate>({
    mutation: useDeleteCommentTemplate(),
    nameOf: (t) => t.title,
    message: "Status updates will no longer offer this template. Comments already written keep their text.",
    onError: (err) => enqueueSnackbar(M.templateError(errorMessage(err)), { variant: "error", autoHideDuration: 4000 }),
  });
  const [dialog, setDialog] = useState<{ open: boolean; template: CommentTemplate | null }>({
    open: false,
    template: null,
  });
  const list = templates.data ?? [];

  return (
    <Box>
      <PageHeader
        title="Maintenance request comment templates"
        subtitle="The comments a status update can start from, in this order."
        back={{ to: `/${building}/settings/building?tab=maintenance`, label: "Building settings" }}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, template: null })}>
            Add template
          </Button>
        }
      />
      {templates.isPending ? (
        <SectionProgress label="Loading the comment templates" />
      ) : templates.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(templates.error))}</Alert>
      ) : list.length === 0 ? (
        <EmptyState>No comment templates</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Comment templates" size="small">
            <TableHead>
              <TableRow>
                <TableCell align="right" sx={{ width: 80 }}>
                  Order
                </TableCell>
                <TableCell>Title</TableCell>
                <TableCell>Template</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell align="right">{t.display_order}</TableCell>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {t.title}
                  </TableCell>
                  <TableCell sx={{ color: "text.secondary", whiteSpace: "pre-wrap", maxWidth: 520 }}>{t.template}</TableCell>
                  <TableCell>
                    <RowActions
                      size="medium"
                      name={t.title}
                      onEdit={() => setDialog({ open: true, template: t })}
                      onDelete={() => remove.ask(t)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TemplateDialog
        building={building}
        open={dialog.open}
        template={dialog.template}
        next={list.length ? Math.max(...list.map((t) => t.display_order)) + 1 : 0}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      {remove.dialog}
    </Box>
  );
}

function TemplateDialog({
  building,
  open,
  template,
  next,
  onClose,
}: {
  building: number;
  open: boolean;
  template: CommentTemplate | null;
  /** The display order a new template starts with. */
  next: number;
  onClose: () => void;
}) {
  const titleId = useId();
  const isMobile = useIsMobile();
  const session = useOpenSession(open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={isMobile} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{template ? `Edit ${template.title}` : "Add comment template"}</DialogTitle>
      <DialogContent dividers>
        <TemplateForm key={session} building={building} template={template} next={next} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** A template's title (≤ 100), text (≤ 2000, counted) and display order (an integer ≥ 0). */
export function TemplateForm({
  building,
  template,
  next,
  onDone,
}: {
  building: number;
  template: CommentTemplate | null;
  next: number;
  onDone: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateCommentTemplate();
  const update = useUpdateCommentTemplate();
  const form = useForm<Values, unknown, TemplateFields>({
    mode: "onTouched",
    resolver: zodResolver(TemplateFields as never) as unknown as Resolver<Values, unknown, TemplateFields>,
    defaultValues: {
      title: template?.title ?? "",
      template: template?.template ?? "",
      display_order: String(template?.display_order ?? next),
    },
  });
  const text = useWatch({ control: form.control, name: "template" }) ?? "";
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors("root");
    try {
      if (template) await update.mutateAsync({ id: template.id, body });
      else await create.mutateAsync({ ...body, building_id: building });
      enqueueSnackbar(M.templateUpdated, { variant: "success" });
      onDone();
    } catch (error) {
      applyServerErrors(error, form, { fields: FIELDS });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Comment template" sx={{ display: "grid", gap: 2 }}>
      <FormTextField
        control={form.control}
        name="title"
        label="Title"
        required
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { maxLength: L.template_title } }}
      />
      <FormTextField
        control={form.control}
        name="template"
        label="Template"
        required
        fullWidth
        multiline
        minRows={4}
        helperText={`${text.length}/${L.template}`}
        slotProps={{ htmlInput: { maxLength: L.template } }}
      />
      <FormTextField
        control={form.control}
        name="display_order"
        label="Display order"
        required
        sx={{ maxWidth: 200 }}
        slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*" } }}
      />
      {errors.root?.serverError && <Alert severity="error">{errors.root.serverError.message}</Alert>}
      <DialogFormActions onCancel={onDone} busy={isSubmitting} label="Save" />
    </Box>
  );
}
