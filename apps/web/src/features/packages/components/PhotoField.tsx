import { useEffect, useId, useRef, useState } from "react";
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

export interface PhotoFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
}

/** Camera capture size (document 1 section 9: about 340 by 420). */
const CAPTURE = { width: 420, height: 340 };

/**
 * A photo from the camera (a live preview and "Capture") or from a file. Camera failures are
 * only logged (document 2 section 8); the file picker is always there.
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
  const video = useRef<HTMLVideoElement | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let active = true;
    let current: MediaStream | null = null;
    setFailed(false);
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      console.error("could not initialize the video camera");
      setFailed(true);
      return;
    }
    media
      .getUserMedia({ video: { facingMode: "environment", ...CAPTURE }, audio: false })
      .then((s) => {
        if (!active) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        current = s;
        setStream(s);
      })
      .catch((err) => {
        console.error("could not initialize the video camera", err);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
      current?.getTracks().forEach((t) => t.stop());
      setStream(null);
    };
  }, [open]);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => {});
    }
  }, [stream]);

  const capture = () => {
    const v = video.current;
    if (!v) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth || CAPTURE.width;
    canvas.height = v.videoHeight || CAPTURE.height;
    canvas.getContext("2d")?.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob) onCapture(new File([blob], "closing-photo.jpg", { type: "image/jpeg" }));
      },
      "image/jpeg",
      0.85,
    );
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Take photo</DialogTitle>
      <DialogContent>
        {failed ? (
          <Typography>The camera is not available. Use “Upload photo” instead.</Typography>
        ) : (
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label="Camera preview"
            sx={{ width: CAPTURE.width, maxWidth: "100%", height: CAPTURE.height, bgcolor: "black", borderRadius: 1 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={capture} disabled={failed || !stream}>
          Capture
        </Button>
      </DialogActions>
    </Dialog>
  );
}
