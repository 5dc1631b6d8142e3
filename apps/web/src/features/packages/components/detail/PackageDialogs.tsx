import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import TextField from "@mui/material/TextField";
import {
  MESSAGES,
  type Package,
  PACKAGE_COMMENT_MAX,
  PACKAGE_MESSAGES as M,
  PACKAGE_UI_MESSAGES,
} from "@portico/contract";
import { ApiError } from "../../../../lib/api.ts";
import { serverErrorText } from "../../../../lib/forms.ts";
import { useBuilding } from "../../../../lib/session.tsx";
import { useClosePackages, useEditOpeningComment } from "../../api.ts";
import { closingPhotoRequired } from "../../model.ts";
import { CloseFields, useClosingDetails } from "../CloseFields.tsx";
import { FormDialog } from "../FormDialog.tsx";

interface PackageDialogProps {
  pkg: Package;
  building: number;
  onClose: () => void;
}

/** The opening comment, edited (required). */
export function EditCommentDialog({ pkg, building, onClose }: PackageDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditOpeningComment(building);
  const [value, setValue] = useState(pkg.opening_comment);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!value.trim()) {
      setError(M.commentRequired);
      return;
    }
    edit.mutate(
      { id: pkg.id, opening_comment: value.trim() },
      {
        onSuccess: () => {
          enqueueSnackbar(PACKAGE_UI_MESSAGES.commentSaved, { variant: "success" });
          onClose();
        },
        onError: (err) => setError(serverErrorText(err)),
      },
    );
  };
  return (
    <FormDialog title="Edit opening comment" submitLabel="Save" busy={edit.isPending} onSubmit={save} onClose={onClose}>
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        label="Opening comment"
        value={value}
        error={!!error}
        helperText={error}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        slotProps={{ htmlInput: { maxLength: PACKAGE_COMMENT_MAX } }}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}

/** Closes this one package, with a comment and (when its type requires one) a photo. */
export function ClosePackageDialog({ pkg, building, onClose }: PackageDialogProps) {
  const { settings } = useBuilding();
  const { enqueueSnackbar } = useSnackbar();
  const close = useClosePackages(building);
  const details = useClosingDetails(closingPhotoRequired(settings, [pkg.package_type]));
  const submit = () => {
    details.setError(null);
    if (!details.photoReady()) return;
    close.mutate(
      { packages: [pkg.id], closing_comment: details.comment.trim(), photo: details.photo },
      {
        onSuccess: (res) => {
          enqueueSnackbar(res.message || M.closed(1), { variant: "success" });
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 413) details.setPhotoError(MESSAGES.fileTooLarge);
          else details.setError(serverErrorText(err));
        },
      },
    );
  };
  return (
    <FormDialog
      title="Close package"
      submitLabel="Close package"
      busy={close.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <CloseFields {...details.fields} />
      {details.error && (
        <Alert severity="error" role="alert">
          {details.error}
        </Alert>
      )}
    </FormDialog>
  );
}
