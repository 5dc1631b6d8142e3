import { useState } from "react";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import { LOCKOUT_MESSAGES, type LockoutRequesterType, MESSAGES } from "@portico/contract";
import { PhotoCapture } from "../../../components/PhotoCapture.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { ApiError } from "../../../lib/api.ts";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { formatDate } from "../../../lib/dates.ts";
import { useOccupancy } from "../../occupancies/index.ts";
import { useCreateLockout, useRegisteredGuests } from "../api.ts";
import { useOptionalBuilding } from "../../../lib/session.tsx";
import {
  emptyLockoutDraft,
  type LockoutDraft,
  type LockoutDraftErrors,
  lockoutDraftErrors,
  lockoutPaths,
} from "../model.ts";

const SERVER_FIELDS = ["occupancy_id", "occupant_id", "instruction_id", "photo_url"] as const;

/**
 * A lockout (document 2 sections 2, 4, 5): the unit, who asked — a resident of the unit
 * (default) or one of its unexpired registered guests — and a photo (48 MB at most), sent as
 * multipart to POST /core/occupancies/{id}/lockouts/. Success: 'Lockout created, click to View
 * all lockouts' (the alert goes to the list) and an empty form.
 */
export function LockoutForm({
  building,
  initialOccupancy = null,
  onCreated,
}: {
  building: number;
  initialOccupancy?: number | null;
  onCreated?: () => void;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const create = useCreateLockout();
  const [draft, setDraft] = useState<LockoutDraft>(() => emptyLockoutDraft(initialOccupancy));
  const [shown, setShown] = useState<LockoutDraftErrors>({});
  // A new photo component after each success (it keeps its own preview).
  const [round, setRound] = useState(0);
  const occupancy = useOccupancy(draft.occupancy);
  const tz = useOptionalBuilding()?.building?.time_zone;
  const guests = useRegisteredGuests(draft.occupancy, tz, draft.requesterType === "guest");
  const occupants = (occupancy.data?.occupant_set ?? []).filter((o) => o.is_active !== false);
  const guestList = guests.data ?? [];
  // The unit's first resident unless another is chosen (the API's default too).
  const occupant = draft.occupant ?? occupants[0]?.id ?? null;
  const error = create.error;
  const tooLarge = error instanceof ApiError && error.status === 413;
  const field = (f: keyof LockoutDraftErrors, server: (typeof SERVER_FIELDS)[number]) =>
    shown[f] ?? (serverFieldText(error, server) || undefined);
  const other = error && !tooLarge ? serverErrorText(error, SERVER_FIELDS) : "";
  const noGuests = draft.requesterType === "guest" && draft.occupancy !== null && guests.isSuccess && !guestList.length;

  const put = (next: Partial<LockoutDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setShown({});
  };

  const submit = () => {
    // The unit's residents or guests are still loading.
    if (draft.occupancy !== null && (draft.requesterType === "guest" ? !guests.isSuccess : !occupancy.isSuccess))
      return;
    const errors = lockoutDraftErrors(
      { ...draft, occupant },
      { occupants: occupants.length, guests: guestList.length },
    );
    setShown(errors);
    if (Object.keys(errors).length) return;
    create.mutate(
      {
        occupancy: draft.occupancy!,
        requester_type: draft.requesterType,
        occupant_id: draft.requesterType === "resident" ? occupant : null,
        instruction_id: draft.requesterType === "guest" ? draft.instruction : null,
        photo: draft.photo,
      },
      {
        onSuccess: () => {
          const key = enqueueSnackbar(
            <Link
              component="button"
              color="inherit"
              onClick={() => {
                closeSnackbar(key);
                void navigate(lockoutPaths.list(building));
              }}
            >
              {LOCKOUT_MESSAGES.created}
            </Link>,
            { variant: "success" },
          );
          setDraft(emptyLockoutDraft(null));
          setRound((r) => r + 1);
          create.reset();
          onCreated?.();
        },
      },
    );
  };

  return (
    <Box
      component="form"
      aria-label="Create lockout"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: "grid", gap: 2 }}
    >
      <UnitPicker
        building={building}
        value={draft.occupancy}
        onChange={(v) => put({ occupancy: v, occupant: null, instruction: null })}
        error={field("occupancy", "occupancy_id")}
        required
      />
      <FormControl>
        <FormLabel id="lockout-requester">Requester</FormLabel>
        <RadioGroup
          row
          aria-labelledby="lockout-requester"
          name="requesterType"
          value={draft.requesterType}
          onChange={(e) =>
            put({ requesterType: e.target.value as LockoutRequesterType, occupant: null, instruction: null })
          }
        >
          <FormControlLabel value="resident" control={<Radio />} label="Resident" />
          <FormControlLabel value="guest" control={<Radio />} label="Guest" />
        </RadioGroup>
      </FormControl>
      {draft.requesterType === "resident" ? (
        <TextField
          select
          label="Resident"
          name="occupant_id"
          required
          disabled={draft.occupancy === null}
          value={occupant ?? ""}
          onChange={(e) => put({ occupant: Number(e.target.value) })}
          error={!!field("occupant", "occupant_id")}
          helperText={field("occupant", "occupant_id")}
        >
          {occupants.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {`${o.first_name} ${o.last_name}`.trim()}
            </MenuItem>
          ))}
        </TextField>
      ) : noGuests ? (
        <Alert severity="warning">{LOCKOUT_MESSAGES.noRegisteredGuests}</Alert>
      ) : (
        <TextField
          select
          label="Registered guest"
          name="instruction_id"
          required
          disabled={draft.occupancy === null || guests.isPending}
          value={draft.instruction ?? ""}
          onChange={(e) => put({ instruction: Number(e.target.value) })}
          error={!!field("instruction", "instruction_id")}
          helperText={field("instruction", "instruction_id")}
        >
          {guestList.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
              {g.expiration_date ? ` (until ${formatDate(g.expiration_date)})` : ""}
            </MenuItem>
          ))}
        </TextField>
      )}
      <PhotoCapture
        key={round}
        onChange={(photo) => put({ photo })}
        error={tooLarge ? MESSAGES.fileTooLarge : (shown.photo ?? (serverFieldText(error, "photo_url") || null))}
        autoStartCamera={false}
      />
      {other && <Alert severity="error">{other}</Alert>}
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button type="submit" variant="contained" loading={create.isPending} disabled={noGuests}>
          Create lockout
        </Button>
      </Box>
    </Box>
  );
}
