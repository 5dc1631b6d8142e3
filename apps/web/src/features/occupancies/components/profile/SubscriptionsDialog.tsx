import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { TRACK_FIELDS, type Occupancy, type TrackField } from "@portico/contract";
import { DialogFormActions } from "../../../../components/FormActions.tsx";
import { errorMessage } from "../../../../lib/api.ts";
import { useOpenSession } from "../../../../lib/useOpenSession.ts";
import { useSaveTracking } from "../../profile-api.ts";
import { TRACK_LABELS } from "./model.ts";
import { ProfileDialog } from "./ProfileDialog.tsx";

type Tracks = Record<TrackField, boolean>;

const fromTracking = (t: Occupancy["tracking"]): Tracks =>
  Object.fromEntries(TRACK_FIELDS.map((f) => [f, !!t?.[f]])) as Tracks;

export interface SubscriptionsDialogProps {
  occupancy: Pick<Occupancy, "id" | "apartment_number" | "tracking">;
  open: boolean;
  onClose: () => void;
}

/** The caller's subscriptions to the unit: five switches, created (POST) or changed (PATCH). */
export function SubscriptionsDialog({ occupancy, open, onClose }: SubscriptionsDialogProps) {
  const session = useOpenSession(open);
  return (
    <ProfileDialog
      open={open}
      onClose={onClose}
      title={`Subscriptions for unit ${occupancy.apartment_number}`}
      maxWidth="xs"
    >
      <SubscriptionsForm key={session} occupancy={occupancy} onClose={onClose} />
    </ProfileDialog>
  );
}

function SubscriptionsForm({ occupancy, onClose }: Omit<SubscriptionsDialogProps, "open">) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTracking(occupancy.id);
  const [tracks, setTracks] = useState<Tracks>(() => fromTracking(occupancy.tracking));
  const [error, setError] = useState<string | null>(null);
  const initial = fromTracking(occupancy.tracking);
  const changed = TRACK_FIELDS.some((f) => tracks[f] !== initial[f]);

  const onSave = async () => {
    setError(null);
    try {
      await save.mutateAsync({ trackId: occupancy.tracking?.id ?? null, body: tracks });
      enqueueSnackbar("Subscriptions saved", { variant: "success" });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <form
      aria-label="Subscriptions"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
    >
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
        Get notified about this unit&apos;s activity.
      </Typography>
      <FormGroup>
        {TRACK_FIELDS.map((f) => (
          <FormControlLabel
            key={f}
            control={
              <Switch
                checked={tracks[f]}
                onChange={(e) => setTracks((t) => ({ ...t, [f]: e.target.checked }))}
                disabled={save.isPending}
              />
            }
            label={TRACK_LABELS[f]}
          />
        ))}
      </FormGroup>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <DialogFormActions onCancel={onClose} busy={save.isPending} label="Save" submit={{ disabled: !changed }} />
    </form>
  );
}
