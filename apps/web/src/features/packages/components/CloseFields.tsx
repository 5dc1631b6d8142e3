import { useId } from "react";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { PACKAGE_COMMENT_MAX } from "@portico/contract";
import { PhotoField } from "./PhotoField.tsx";

/** Closing comment and photo (shared with the package page's close dialog). */
export function CloseFields({
  comment,
  onComment,
  photo,
  onPhoto,
  photoRequired,
  photoError,
  count,
}: {
  comment: string;
  onComment: (v: string) => void;
  photo: File | null;
  onPhoto: (f: File | null) => void;
  photoRequired: boolean;
  photoError: string | null;
  count?: number;
}) {
  const id = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "grid", gap: 2 }} aria-labelledby={id} component="section">
      <Typography id={id} variant="h2">
        Closing details{count !== undefined && count > 0 ? ` (${count})` : ""}
      </Typography>
      <TextField
        label="Closing comment"
        multiline
        minRows={2}
        value={comment}
        onChange={(e) => onComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: PACKAGE_COMMENT_MAX } }}
      />
      <PhotoField
        label="Closing photo"
        value={photo}
        onChange={onPhoto}
        required={photoRequired}
        error={photoError}
      />
    </Paper>
  );
}
