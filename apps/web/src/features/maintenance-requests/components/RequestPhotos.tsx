import { useId, useState, type ChangeEvent } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import LockIcon from "@mui/icons-material/Lock";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { MAINTENANCE_MESSAGES, MAINTENANCE_PHOTO_LIMIT_BYTES, type MaintenanceRequest } from "@portico/contract";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { PhotoThumb } from "../../../components/PhotoThumb.tsx";
import { ApiError } from "../../../lib/api.ts";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useAddRequestPhoto } from "../api.ts";
import { personName } from "../model.ts";

/**
 * A request's photos: thumbnails with their captions (private ones marked), each opening the
 * full photo. Below: a photo (under 10 MB, 'Please select a file under 10 MB', the server's 413
 * the same), a caption and the private flag, sent as multipart to POST /maintenance-requests/photos/.
 */
export function RequestPhotos({
  request,
  building,
  timeZone,
  readOnly,
}: {
  request: MaintenanceRequest;
  building: number;
  timeZone?: string;
  readOnly?: boolean;
}) {
  const photos = request.maintenancerequestphoto_set;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {photos.length === 0 ? (
        <EmptyState>No photos</EmptyState>
      ) : (
        <Box
          component="ul"
          aria-label="Photos"
          sx={{
            listStyle: "none",
            m: 0,
            p: 0,
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
          }}
        >
          {photos.map((p, i) => (
            <Box component="li" key={p.id ?? i} data-testid="request-photo" sx={{ display: "grid", gap: 0.5 }}>
              <PhotoThumb src={p.photo_url} size={150} label={`Photo: ${p.caption || `photo ${i + 1}`}`} />
              <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                {p.caption}
              </Typography>
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                {[personName(p.entered_by), formatZonedDateTime(p.date_created, timeZone)].filter(Boolean).join(" · ")}
              </Typography>
              {p.is_private && (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  icon={<LockIcon />}
                  label="Private"
                  sx={{ justifySelf: "start" }}
                />
              )}
            </Box>
          ))}
        </Box>
      )}
      {!readOnly && <AddPhotoForm request={request} building={building} />}
    </Box>
  );
}

/** A photo is chosen before 'Add photo'. */
export const PHOTO_REQUIRED = "Please choose a photo.";

function AddPhotoForm({ request, building }: { request: MaintenanceRequest; building: number }) {
  const id = useId();
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddRequestPhoto(building);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    add.reset();
    if (chosen && chosen.size > MAINTENANCE_PHOTO_LIMIT_BYTES) {
      setFile(null);
      setFileError(MAINTENANCE_MESSAGES.photoTooLarge);
      e.target.value = "";
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const error = add.error;
  const tooLarge = error instanceof ApiError && error.status === 413;
  const photoError =
    fileError ?? (tooLarge ? MAINTENANCE_MESSAGES.photoTooLarge : serverFieldText(error, "photo_url") || null);
  const captionError = serverFieldText(error, "caption");
  const other = error && !tooLarge ? serverErrorText(error, ["photo_url", "caption"]) : "";

  const submit = () => {
    if (!file) {
      setFileError(PHOTO_REQUIRED);
      return;
    }
    add.mutate(
      { maintenance_request_id: request.id, photo: file, caption: caption.trim(), is_private: isPrivate },
      {
        onSuccess: () => {
          setFile(null);
          setCaption("");
          setPrivate(false);
          setRound((r) => r + 1);
          enqueueSnackbar(MAINTENANCE_MESSAGES.photoAdded, { variant: "success" });
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Add a photo"
      className="print-hide"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "grid", gap: 1 }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Button component="label" htmlFor={`${id}-file`} variant="outlined" startIcon={<UploadFileIcon />}>
          Choose photo
          <input key={round} id={`${id}-file`} type="file" accept="image/*" hidden onChange={onFile} />
        </Button>
        <Typography variant="body2" sx={{ color: "text.secondary", overflowWrap: "anywhere" }}>
          {file ? file.name : "No photo chosen"}
        </Typography>
      </Box>
      {photoError && <Alert severity="error">{photoError}</Alert>}
      <TextField
        label="Caption"
        name="caption"
        value={caption}
        onChange={(e) => setCaption(e.target.value)}
        error={!!captionError}
        helperText={captionError || undefined}
        size="small"
      />
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <FormControlLabel
          label="Private (staff only)"
          control={<Checkbox checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />}
        />
        <Button type="submit" variant="outlined" loading={add.isPending}>
          Add photo
        </Button>
      </Box>
      {other && <Alert severity="error">{other}</Alert>}
    </Box>
  );
}
