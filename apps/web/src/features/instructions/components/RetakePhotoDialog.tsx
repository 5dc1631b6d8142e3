import { useState } from "react";
import { useSnackbar } from "notistack";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { Instruction } from "@portico/contract";
import { PhotoCapture } from "../../../components/PhotoCapture.tsx";
import { useRetakeInstructionPhoto } from "../api.ts";

/** What the console gets when an instruction photo cannot be saved (document 2 section 8: only logged). */
export const PHOTO_FAILURE_LOG = "could not save the instruction photo";

/**
 * 'Retake photo' of an instruction: the shared PhotoCapture (camera or file), saved with
 * PATCH /instructions/instructions-photos/{id}/. A failure is only logged; the dialog closes.
 */
export function RetakePhotoDialog({
  instruction,
  building,
  open,
  onClose,
}: {
  instruction: Instruction;
  building: number;
  open: boolean;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const retake = useRetakeInstructionPhoto(building);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const save = () => {
    if (!photo) return;
    retake.mutate(
      { id: instruction.id, photo },
      {
        onSuccess: () => enqueueSnackbar("Photo saved", { variant: "success" }),
        onError: (err) => console.log(PHOTO_FAILURE_LOG, err),
        onSettled: () => {
          setPhoto(null);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Retake photo of {instruction.name || "the guest"}</DialogTitle>
      <DialogContent>
        {/* The camera stops when the dialog starts hiding. */}
        {open && <PhotoCapture onChange={setPhoto} disabled={retake.isPending} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={retake.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={!photo} loading={retake.isPending}>
          Save photo
        </Button>
      </DialogActions>
    </Dialog>
  );
}
