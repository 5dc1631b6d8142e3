import { useState } from "react";
import { useSnackbar } from "notistack";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import type { Occupant } from "@portico/contract";
import { PhotoCapture } from "../../../../components/PhotoCapture.tsx";
import { serverErrorText } from "../../../../lib/forms.ts";
import { useUploadOccupantPhoto } from "../../profile-api.ts";
import { occupantName } from "./model.ts";
import { ProfileDialog } from "./ProfileDialog.tsx";

/** 'Retake photo' of a resident: camera or upload, then PATCH /core/occupant-photos/{id}/. */
export function RetakePhotoDialog({
  occupant,
  occupancyId,
  buildingId,
  onClose,
}: {
  occupant: Occupant | null;
  occupancyId: number;
  buildingId: number;
  onClose: () => void;
}) {
  // The resident stays shown while the dialog hides; a fresh capture per opening.
  const [shown, setShown] = useState(occupant);
  const [session, setSession] = useState(0);
  if (occupant && occupant !== shown) {
    setShown(occupant);
    setSession((n) => n + 1);
  }
  return (
    <ProfileDialog
      open={occupant !== null}
      onClose={onClose}
      title={`Retake photo of ${shown ? occupantName(shown) : "resident"}`}
      maxWidth="xs"
    >
      {shown && (
        <PhotoForm
          key={session}
          occupant={shown}
          occupancyId={occupancyId}
          buildingId={buildingId}
          onClose={onClose}
          active={occupant !== null}
        />
      )}
    </ProfileDialog>
  );
}

function PhotoForm({
  occupant,
  occupancyId,
  buildingId,
  onClose,
  active,
}: {
  occupant: Occupant;
  occupancyId: number;
  buildingId: number;
  onClose: () => void;
  active: boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadOccupantPhoto(occupancyId);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSave = async () => {
    if (!photo) return;
    setError(null);
    try {
      await upload.mutateAsync({ occupant, photo, buildingId });
      enqueueSnackbar("Photo saved", { variant: "success" });
      onClose();
    } catch (e) {
      setError(serverErrorText(e));
    }
  };

  return (
    <>
      {/* The camera stops when the dialog starts hiding. */}
      {active ? <PhotoCapture onChange={setPhoto} disabled={upload.isPending} error={error} /> : null}
      <DialogActions sx={{ px: 0, pb: 0, pt: 2 }}>
        <Button onClick={onClose} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void onSave()} disabled={!photo} loading={upload.isPending}>
          Save photo
        </Button>
      </DialogActions>
    </>
  );
}
