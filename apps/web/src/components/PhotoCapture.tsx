import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import ReplayIcon from "@mui/icons-material/Replay";
import NoPhotographyIcon from "@mui/icons-material/NoPhotography";
import { MESSAGES, UPLOAD_LIMIT_BYTES } from "@portico/contract";

/** A resident's photo: a portrait frame (document 1 section 4: about 340 by 420). */
export const PHOTO_FRAME = { width: 340, height: 420 } as const;
/** A package's closing photo: a landscape frame (document 1 section 9). */
export const LANDSCAPE_PHOTO_FRAME = { width: 420, height: 340 } as const;

export interface PhotoFrame {
  width: number;
  height: number;
}
export const CAMERA_FAILURE_LOG = "could not initialize the video camera";

export interface PhotoCaptureProps {
  /** The chosen photo: a camera shot (JPEG of the frame's size) or the uploaded file; null when cleared. */
  onChange: (photo: Blob | null) => void;
  /** The frame and the shot's size in pixels (default PHOTO_FRAME, 340×420). */
  frame?: PhotoFrame;
  /** The camera to use: the one facing the user (a mirrored preview; default) or the one facing away. */
  facingMode?: "user" | "environment";
  /** Offer 'Upload photo' beside the camera (default true). */
  allowUpload?: boolean;
  disabled?: boolean;
  /** An error to show under the frame (e.g. the server's). */
  error?: string | null;
  /** Start the camera at once (default true). */
  autoStartCamera?: boolean;
}

type CameraState = "off" | "starting" | "on" | "failed";

/**
 * Take a photo with the camera (getUserMedia in the frame, 340×420 unless told) or upload an image file.
 * A camera that cannot start is only logged ('could not initialize the video camera'); the
 * upload stays available. Files over 48 MB are refused with the spec's message.
 */
export function PhotoCapture({
  onChange,
  disabled,
  error,
  autoStartCamera = true,
  frame = PHOTO_FRAME,
  facingMode = "user",
  allowUpload = true,
}: PhotoCaptureProps) {
  const id = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>("off");
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  }, []);

  const startCamera = useCallback(async () => {
    const media = typeof navigator !== "undefined" ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      console.log(CAMERA_FAILURE_LOG);
      setCamera("failed");
      return;
    }
    setCamera("starting");
    try {
      const stream = await media.getUserMedia({
        video: { facingMode, width: { ideal: frame.width * 2 }, height: { ideal: frame.height * 2 } },
        audio: false,
      });
      stopCamera();
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setCamera("on");
    } catch {
      console.log(CAMERA_FAILURE_LOG);
      setCamera("failed");
    }
  }, [stopCamera, facingMode, frame.width, frame.height]);

  useEffect(() => {
    if (autoStartCamera) void startCamera();
    return stopCamera;
  }, [autoStartCamera, startCamera, stopCamera]);

  // The preview's object URL is released when replaced.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (blob: Blob) => {
    setLocalError(null);
    stopCamera();
    setCamera((c) => (c === "on" || c === "starting" ? "off" : c));
    setPreview(URL.createObjectURL(blob));
    onChange(blob);
  };

  const takePhoto = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = frame.width;
    canvas.height = frame.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    // Cover: crop the middle of the video to the frame's aspect.
    const target = frame.width / frame.height;
    const vw = video.videoWidth;
    const vh = video.videoHeight;
    const sw = vw / vh > target ? vh * target : vw;
    const sh = vw / vh > target ? vh : vw / target;
    ctx.drawImage(video, (vw - sw) / 2, (vh - sh) / 2, sw, sh, 0, 0, frame.width, frame.height);
    canvas.toBlob((blob) => blob && choose(blob), "image/jpeg", 0.9);
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > UPLOAD_LIMIT_BYTES) {
      setLocalError(MESSAGES.fileTooLarge);
      return;
    }
    choose(file);
  };

  const retake = () => {
    setPreview(null);
    onChange(null);
    void startCamera();
  };

  const shownError = localError ?? error;

  return (
    <Stack spacing={1.5} sx={{ alignItems: "center" }}>
      <Box
        sx={{
          position: "relative",
          width: frame.width,
          maxWidth: "100%",
          aspectRatio: `${frame.width} / ${frame.height}`,
          bgcolor: "grey.900",
          borderRadius: 1,
          overflow: "hidden",
          border: 1,
          borderColor: "divider",
        }}
      >
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt="Photo preview"
            sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
          />
        ) : (
          <>
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              aria-label="Camera"
              sx={{
                width: "100%",
                height: "100%",
                objectFit: "cover",
                display: camera === "on" ? "block" : "none",
                transform: facingMode === "user" ? "scaleX(-1)" : undefined,
              }}
            />
            {camera !== "on" && (
              <Box
                sx={{
                  position: "absolute",
                  inset: 0,
                  display: "flex",
                  flexDirection: "column",
                  alignItems: "center",
                  justifyContent: "center",
                  gap: 1,
                  color: "grey.100",
                  p: 2,
                  textAlign: "center",
                }}
              >
                <NoPhotographyIcon aria-hidden />
                <Typography variant="body2">
                  {camera === "starting"
                    ? "Starting the camera…"
                    : allowUpload
                      ? "No camera. Upload a photo instead."
                      : "The camera is not available."}
                </Typography>
              </Box>
            )}
          </>
        )}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", justifyContent: "center" }}>
        {preview ? (
          <Button startIcon={<ReplayIcon />} onClick={retake} disabled={disabled}>
            Retake
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<PhotoCameraIcon />}
            onClick={takePhoto}
            disabled={disabled || camera !== "on"}
          >
            Take photo
          </Button>
        )}
        {allowUpload && (
          <Button component="label" htmlFor={`${id}-file`} startIcon={<UploadFileIcon />} disabled={disabled}>
            Upload photo
            <input id={`${id}-file`} type="file" accept="image/*" hidden onChange={onFile} disabled={disabled} />
          </Button>
        )}
      </Stack>
      {shownError && (
        <Alert severity="error" sx={{ alignSelf: "stretch" }}>
          {shownError}
        </Alert>
      )}
    </Stack>
  );
}
