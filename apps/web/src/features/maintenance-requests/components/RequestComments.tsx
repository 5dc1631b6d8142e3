import { useForm } from "react-hook-form";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import LockIcon from "@mui/icons-material/Lock";
import { MAINTENANCE_LIMITS, MAINTENANCE_MESSAGES, type MaintenanceRequest, MESSAGES } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { FormCheckbox, FormTextField } from "../../../components/FormFields.tsx";
import { applyServerErrors } from "../../../lib/forms.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useAddRequestComment } from "../api.ts";
import { personName } from "../model.ts";

interface CommentFormValues {
  comment: string;
  is_private: boolean;
}

const FIELDS = ["comment", "is_private"] as const;

/**
 * A request's comments, oldest first: who, when, the status it moved to, and the text; private
 * ones (staff only, never sent to residents) are marked. Below: a new comment, public unless
 * ticked private (POST /maintenance-requests/comments/).
 */
export function RequestComments({
  request,
  building,
  timeZone,
  readOnly,
}: {
  request: MaintenanceRequest;
  building: number;
  timeZone?: string;
  /** Print: the comments without the form. */
  readOnly?: boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddRequestComment(building);
  const form = useForm<CommentFormValues>({ defaultValues: { comment: "", is_private: false } });
  const { control, handleSubmit, formState, reset, setError } = form;

  const submit = handleSubmit(async (v) => {
    const comment = v.comment.trim();
    if (!comment) {
      setError("comment", { message: MESSAGES.fieldRequired }, { shouldFocus: true });
      return;
    }
    try {
      await add.mutateAsync({ maintenance_request_id: request.id, comment, is_private: v.is_private });
      reset();
      enqueueSnackbar(MAINTENANCE_MESSAGES.commentAdded, { variant: "success" });
    } catch (err) {
      applyServerErrors(err, form, { fields: FIELDS });
    }
  });

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {request.comments.length === 0 ? (
        <EmptyState>No comments</EmptyState>
      ) : (
        <Box component="ol" aria-label="Comments" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}>
          {request.comments.map((c, i) => (
            <Box
              component="li"
              key={c.id ?? i}
              data-testid="request-comment"
              sx={{
                borderLeft: 3,
                borderColor: c.is_private ? "warning.main" : "divider",
                bgcolor: c.is_private ? "action.hover" : undefined,
                pl: 1.5,
                py: 0.5,
              }}
            >
              <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {personName(c.entered_by) || "Staff"}
                </Typography>
                <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
                  {formatZonedDateTime(c.date_created, timeZone)}
                </Typography>
                {c.change_status_to && (
                  <Typography component="span" variant="body2">
                    Status changed to <strong>{c.change_status_to_display ?? c.change_status_to}</strong>
                  </Typography>
                )}
                {c.is_private && (
                  <Chip size="small" color="warning" variant="outlined" icon={<LockIcon />} label="Private" />
                )}
              </Box>
              {c.comment && (
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mt: 0.25 }}>
                  {c.comment}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      {!readOnly && (
        <Box
          component="form"
          noValidate
          aria-label="Add a comment"
          onSubmit={submit}
          className="print-hide"
          sx={{ display: "grid", gap: 1 }}
        >
          <FormTextField
            control={control}
            name="comment"
            label="New comment"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: MAINTENANCE_LIMITS.comment } }}
          />
          <Box
            sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1 }}
          >
            <FormCheckbox control={control} name="is_private" label="Private (staff only)" />
            <Button type="submit" variant="outlined" loading={formState.isSubmitting}>
              Add comment
            </Button>
          </Box>
          {formState.errors.root?.serverError && (
            <Alert severity="error">{formState.errors.root.serverError.message}</Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
