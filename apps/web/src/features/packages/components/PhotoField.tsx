import { useEffect, useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormHelperText from "@mui/material/FormHelperText";
import Typography from "@mui/material/Typography";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { MESSAGES, UPLOAD_LIMIT_BYTES } from "@portico/contract";
import { LANDSCAPE_PHOTO_FRAME, PhotoCapture } from "../../../components/PhotoCapture.tsx";

export interface PhotoFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
}

/**
 * A photo from the camera (the shared PhotoCapture in a dialog, a landscape frame) or from a
 * file. Camera failures are only logged (document 2 section 8); the file picker is always there.
 */
export function PhotoField({ label, value, onChange, required, error, disabled }: PhotoFieldProps) {
  const id = useId();
  const [camera, setCamera] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const preview = usePreviewUrl(value);
  const shown = localError ?? error ?? null;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > UPLOAD_LIMIT_BYTES) {
      setLocalError(MESSAGES.fileTooLarge);
      return;
    }
    setLocalError(null);
    onChange(file);
  };

  return (
    <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={shown ? `${id}-error` : undefined}>
      <Typography id={`${id}-label`} variant="subtitle2" component="div" sx={{ mb: 1 }}>
        {label}
        {required ? " (required)" : " (optional)"}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
        <Button
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          onClick={() => setCamera(true)}
          disabled={disabled}
        >
          Take photo
        </Button>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={disabled}>
          Upload photo
          <input
            hidden
            type="file"
            accept="image/*"
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </Button>
        {value && (
          <Button color="error" onClick={() => onChange(null)} disabled={disabled}>
            Remove photo
          </Button>
        )}
      </Box>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt={`${label} preview`}
          sx={{ mt: 1, maxWidth: 240, maxHeight: 180, borderRadius: 1, border: 1, borderColor: "divider" }}
        />
      )}
      {shown && (
        <FormHelperText id={`${id}-error`} error>
          {shown}
        </FormHelperText>
      )}
      <CameraDialog
        open={camera}
        onClose={() => setCamera(false)}
        onCapture={(file) => {
          setCamera(false);
          setLocalError(null);
          onChange(file);
        }}
      />
    </Box>
  );
}

function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/** The camera in a dialog: a shot closes it with the photo as a JPEG file. */
function CameraDialog({
  open,
  onClose,
  onCapture,
}: {
  open: boolean;
  onClose: () => void;
  onCapture: (file: File) => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Take photo</DialogTitle>
      <DialogContent>
        <PhotoCapture
          frame={LANDSCAPE_PHOTO_FRAME}
          facingMode="environment"
          allowUpload={false}
          onChange={(blob) => {
            if (blob) onCapture(new File([blob], "closing-photo.jpg", { type: "image/jpeg" }));
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
