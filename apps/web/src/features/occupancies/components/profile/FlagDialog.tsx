import { useState } from "react";
import { useSnackbar } from "notistack";
import type { z } from "zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { FlagWrite, type Occupancy } from "@portico/contract";
import { DialogFormActions } from "../../../../components/FormActions.tsx";
import { FormCheckbox, FormTextField } from "../../../../components/FormFields.tsx";
import { serverErrorText } from "../../../../lib/forms.ts";
import { useOpenSession } from "../../../../lib/useOpenSession.ts";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { useCreateFlag, useRemoveFlag } from "../../profile-api.ts";
import { ProfileDialog } from "./ProfileDialog.tsx";
import { useProfileForm } from "./useProfileForm.ts";
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
  const [mode, setMode] = useState<"add" | "remove">(occupancy.flag ? "remove" : "add");
  const session = useOpenSession(open, () => setMode(occupancy.flag ? "remove" : "add"));
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
  const create = useCreateFlag(occupancyId);
  const { form, onSubmit, rootError } = useProfileForm<FlagValues, FlagWrite>({
    schema: FlagWrite,
    defaultValues: { comment: "", is_manager_only: false },
    fields: ["comment", "is_manager_only"],
    save: async (body) => {
      await create.mutateAsync(body);
      return body.is_manager_only ? "Unit flagged (managers only)" : "Unit flagged";
    },
    onDone: onClose,
    draft: { kind: "flag", occupancyId, worthKeeping: (v) => !!v.comment?.trim() },
  });
  const { control } = form;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Flag form">
      <Stack spacing={2}>
        <FormTextField
          control={control}
          name="comment"
          label="Comment"
          multiline
          minRows={3}
          required
          autoFocus
          helperText="Why is this unit flagged? Staff see this on the profile."
        />
        <FormCheckbox
          control={control}
          name="is_manager_only"
          label="Managers only"
          below={() => (
            <FormHelperText sx={{ mt: -0.5, ml: 4 }}>Hidden from front desk and other staff.</FormHelperText>
          )}
        />
        {rootError && (
          <Alert severity="error" role="alert" data-testid="flag-form-error">
            {rootError}
          </Alert>
        )}
      </Stack>
      <DialogFormActions
        onCancel={onClose}
        busy={form.formState.isSubmitting}
        label="Flag unit"
        submit={{ sx: flagButtonSx(true) }}
      />
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
      <DialogFormActions
        onCancel={onClose}
        busy={remove.isPending}
        cancelAutoFocus
        label="Remove flag"
        submit={{ type: "button", color: "error", onClick: () => void onRemove() }}
      />
    </Box>
  );
}
