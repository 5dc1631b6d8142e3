import { useEffect, useId, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";

const CAMERA_UNAVAILABLE = "The camera could not be started.";

interface CodeScannerProps {
  open: boolean;
  onClose: () => void;
  /** The text of the first code read (the dialog stays open: the caller closes it). */
  onScan: (text: string) => void;
  title?: string;
  /** A message under the picture (e.g. the last code was refused). */
  error?: string | null;
}

/** Stops a scanner started below (its camera stream included). */
interface Controls {
  stop: () => void;
}

/**
 * Reads the first QR code or barcode (every format ZXing knows: QR, Code 128/39/93, EAN, UPC,
 * ITF, Codabar, PDF 417, Data Matrix, Aztec — pool cards too) the camera sees, in a dialog.
 * ZXing is loaded only when the dialog opens; the camera stops when it closes.
 */
export function CodeScanner({ open, onClose, onScan, title = "Scan code", error }: CodeScannerProps) {
  const id = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const [state, setState] = useState<"starting" | "on" | "failed">("starting");

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let controls: Controls | null = null;
    let last = "";
    setState("starting");
    void (async () => {
      try {
        const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
          import("@zxing/browser"),
          import("@zxing/library"),
        ]);
        const hints = new Map<import("@zxing/library").DecodeHintType, unknown>([
          [DecodeHintType.POSSIBLE_FORMATS, Object.values(BarcodeFormat).filter((f) => typeof f === "number")],
          [DecodeHintType.TRY_HARDER, true],
        ]);
        const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
        // Wait for the dialog's video element.
        while (!videoRef.current && !stopped) await new Promise((r) => setTimeout(r, 20));
        if (stopped || !videoRef.current) return;
        const c = await reader.decodeFromConstraints(
          { video: { facingMode: "environment" } },
          videoRef.current,
          (result) => {
            const text = result?.getText();
            // The same code seen again in the next frames is read once.
            if (!text || text === last) return;
            last = text;
            onScanRef.current(text);
          },
        );
        if (stopped) c.stop();
        else {
          controls = c;
          setState("on");
        }
      } catch (err) {
        console.warn("could not start the code scanner", err);
        if (!stopped) setState("failed");
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2 }}>
        {state === "starting" && <LinearProgress aria-label="Starting the camera" />}
        {state === "failed" ? (
          <Alert severity="error">{CAMERA_UNAVAILABLE}</Alert>
        ) : (
          <Box
            component="video"
            ref={videoRef}
            muted
            playsInline
            aria-label="Camera"
            sx={{ width: "100%", maxHeight: 360, bgcolor: "grey.900", borderRadius: 1 }}
          />
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
