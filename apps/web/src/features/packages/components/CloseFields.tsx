import { useId, useState } from "react";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { PACKAGE_COMMENT_MAX, PACKAGE_MESSAGES as M } from "@portico/contract";
import { PhotoField } from "./PhotoField.tsx";

/**
 * The state of the closing details: comment, photo, the photo's message and the form's.
 * `fields` goes to CloseFields; a new photo clears its message.
 */
export function useClosingDetails(photoRequired: boolean) {
  const [comment, setComment] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onPhoto = (f: File | null) => {
    setPhoto(f);
    setPhotoError(null);
  };
  /** False (and the photo's message shown) when a required photo is missing. */
  const photoReady = () => {
    if (photoRequired && !photo) {
      setPhotoError(M.photoRequired);
      return false;
    }
    return true;
  };
  return {
    comment,
    photo,
    error,
    setError,
    setPhotoError,
    photoReady,
    fields: { comment, onComment: setComment, photo, onPhoto, photoRequired, photoError },
  };
}

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
      <PhotoField label="Closing photo" value={photo} onChange={onPhoto} required={photoRequired} error={photoError} />
    </Paper>
  );
}
