import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useSnackbar } from "notistack";
import type { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import DialogActions from "@mui/material/DialogActions";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { FlagWrite, type Occupancy } from "@portico/contract";
import { applyServerErrors, serverErrorText, withoutRef } from "../../../../lib/forms.ts";
import { useMe } from "../../../../lib/session.tsx";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { useCreateFlag, useRemoveFlag } from "../../profile-api.ts";
import { readDraft, writeDraft } from "./drafts.ts";
import { ProfileDialog } from "./ProfileDialog.tsx";
import { FLAG_ORANGE, flagButtonSx } from "./styles.ts";

type FlagValues = z.input<typeof FlagWrite>;

export interface FlagDialogProps {
  occupancy: Pick<Occupancy, "id" | "apartment_number" | "flag">;
  open: boolean;
  onClose: () => void;
  timeZone?: string | null;
}

/** Flag the unit (comment, 'Managers only'), or remove its flag. */
export function FlagDialog({ occupancy, open, onClose, timeZone }: FlagDialogProps) {
  // A fresh form per opening; the last one stays while the dialog hides.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  const [mode, setMode] = useState<"add" | "remove">(occupancy.flag ? "remove" : "add");
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
      setMode(occupancy.flag ? "remove" : "add");
    }
  }
  const title =
    mode === "remove"
      ? `Remove flag from unit ${occupancy.apartment_number}`
      : `Flag unit ${occupancy.apartment_number}`;
  return (
    <ProfileDialog open={open} onClose={onClose} title={title}>
      {mode === "remove" ? (
        <RemoveFlag key={session} occupancy={occupancy} onClose={onClose} timeZone={timeZone} />
      ) : (
        <AddFlag key={session} occupancyId={occupancy.id} onClose={onClose} />
      )}
    </ProfileDialog>
  );
}

function AddFlag({ occupancyId, onClose }: { occupancyId: number; onClose: () => void }) {
  const me = useMe();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateFlag(occupancyId);
  const form = useForm<FlagValues, unknown, FlagWrite>({
    resolver: zodResolver(FlagWrite),
    defaultValues: readDraft<FlagValues>("flag", me.id, occupancyId) ?? { comment: "", is_manager_only: false },
  });
  const {
    control,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  // What is typed is kept as a draft until it is saved.
  const values = useWatch({ control });
  const draft = values.comment?.trim() ? JSON.stringify(values) : null;
  const saved = useRef(false);
  useEffect(() => {
    if (!saved.current) writeDraft("flag", me.id, occupancyId, draft === null ? null : JSON.parse(draft));
  }, [draft, me.id, occupancyId]);

  const onSubmit = handleSubmit(async (body) => {
    clearErrors("root");
    try {
      await create.mutateAsync(body);
      saved.current = true;
      writeDraft("flag", me.id, occupancyId, null);
      enqueueSnackbar(body.is_manager_only ? "Unit flagged (managers only)" : "Unit flagged", { variant: "success" });
      onClose();
    } catch (error) {
      applyServerErrors(error, form, { fields: ["comment", "is_manager_only"] });
    }
  });
  const rootError = (errors.root as Record<string, { message?: string }> | undefined)?.serverError?.message;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Flag form">
      <Stack spacing={2}>
        <Controller
          control={control}
          name="comment"
          render={({ field, fieldState }) => (
            <TextField
              {...withoutRef(field)}
              inputRef={field.ref}
              value={field.value ?? ""}
              label="Comment"
              multiline
              minRows={3}
              required
              autoFocus
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? "Why is this unit flagged? Staff see this on the profile."}
            />
          )}
        />
        <Controller
          control={control}
          name="is_manager_only"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    slotProps={{ input: { ref: field.ref } }}
                    checked={!!field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label="Managers only"
              />
              <FormHelperText sx={{ mt: -0.5, ml: 4 }}>Hidden from front desk and other staff.</FormHelperText>
            </Box>
          )}
        />
        {rootError && (
          <Alert severity="error" role="alert" data-testid="flag-form-error">
            {rootError}
          </Alert>
        )}
      </Stack>
      <DialogActions sx={{ px: 0, pb: 0, pt: 2 }}>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting} sx={flagButtonSx(true)}>
          Flag unit
        </Button>
      </DialogActions>
    </Box>
  );
}

function RemoveFlag({
  occupancy,
  onClose,
  timeZone,
}: {
  occupancy: FlagDialogProps["occupancy"];
  onClose: () => void;
  timeZone?: string | null;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const remove = useRemoveFlag(occupancy.id);
  const [error, setError] = useState<string | null>(null);
  // The flag as it was when the dialog opened (the profile refetches after removing it).
  const [flag] = useState(occupancy.flag);
  if (!flag) return null;
  const by = flag.entered_by
    ? `${flag.entered_by.first_name} ${flag.entered_by.last_name}`.trim() || flag.entered_by.username
    : null;

  const onRemove = async () => {
    setError(null);
    try {
      await remove.mutateAsync(flag.id);
      enqueueSnackbar("Flag removed", { variant: "success" });
      onClose();
    } catch (e) {
      setError(serverErrorText(e));
    }
  };

  return (
    <Box>
      <Typography sx={{ mb: 1 }}>Remove this flag? Staff will no longer see it on the profile.</Typography>
      <Box sx={{ borderLeft: 3, borderColor: FLAG_ORANGE, pl: 1.5, py: 0.5 }}>
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{flag.comment}</Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {[flag.is_manager_only ? "Managers only" : "All staff", by, formatZonedDateTime(flag.date_created, timeZone)]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <DialogActions sx={{ px: 0, pb: 0, pt: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void onRemove()} loading={remove.isPending}>
          Remove flag
        </Button>
      </DialogActions>
    </Box>
  );
}
