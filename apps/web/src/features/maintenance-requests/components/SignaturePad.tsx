import { useEffect, useRef, useState, type PointerEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { MAINTENANCE_MESSAGES } from "@portico/contract";

/** The pad's drawing surface in CSS pixels (it shrinks to the dialog on a phone). */
const PAD = { width: 520, height: 200 } as const;

export interface SignaturePadProps {
  /** Saves the signature (a PNG data URL); a rejection shows 'Failed to save signature…'. */
  onSubmit: (image: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A hand-drawn signature (document 2 sections 5 and 8): pointer strokes (mouse, finger, pen) on a
 * canvas; 'Clear' starts again; 'Submit' refuses an empty pad ('Please provide a signature before
 * submitting.'), a canvas that cannot be read ('Failed to process signature. Please try again.')
 * and a failed save ('Failed to save signature. Please try again.').
 */
export function SignaturePad({ onSubmit, onCancel }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The canvas holds as many device pixels as it shows, so strokes stay sharp.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || PAD.width;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(PAD.height * ratio);
    const ctx = canvas.getContext?.("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#111";
  }, []);

  const pointOf = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const context = () => canvasRef.current?.getContext?.("2d") ?? null;

  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const { x, y } = pointOf(e);
    const ctx = context();
    ctx?.beginPath();
    ctx?.moveTo(x, y);
    // A dot is a signature mark too.
    ctx?.lineTo(x + 0.1, y + 0.1);
    ctx?.stroke();
    setInked(true);
    setError(null);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const { x, y } = pointOf(e);
    const ctx = context();
    ctx?.lineTo(x, y);
    ctx?.stroke();
  };
  const end = () => {
    drawing.current = false;
  };

  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    setInked(false);
    setError(null);
  };

  const submit = async () => {
    if (!inked) {
      setError(MAINTENANCE_MESSAGES.signatureRequired);
      return;
    }
    let image: string;
    try {
      image = canvasRef.current?.toDataURL("image/png") ?? "";
      if (!image.startsWith("data:image/png")) throw new Error("unreadable canvas");
    } catch {
      setError(MAINTENANCE_MESSAGES.signatureProcessFailed);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSubmit(image);
    } catch {
      setError(MAINTENANCE_MESSAGES.signatureSaveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="body2" id="signature-pad-hint" sx={{ color: "text.secondary" }}>
        Sign in the box with a finger, a pen or the mouse.
      </Typography>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label="Signature pad"
        aria-describedby="signature-pad-hint"
        data-inked={inked ? "true" : "false"}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
        sx={{
          width: "100%",
          maxWidth: PAD.width,
          height: PAD.height,
          border: 1,
          borderColor: error ? "error.main" : "divider",
          borderRadius: 1,
          bgcolor: "#fff",
          touchAction: "none",
          cursor: "crosshair",
          justifySelf: "center",
        }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: 1 }}>
        <Button onClick={clear} disabled={saving}>
          Clear
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={saving}>
          Submit
        </Button>
      </Box>
    </Box>
  );
}
