import { useEffect, useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type AccessKey, KEY_MESSAGES } from "@portico/contract";
import { PhotoCapture } from "../../../components/PhotoCapture.tsx";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { useKeyOut, useKeys } from "../api.ts";
import { canAdvance, keyPickerState, OUT_STEPS, type Recipient } from "../model.ts";
import { RecipientPicker } from "./RecipientPicker.tsx";
import { RfidInput } from "./RfidInput.tsx";
import { useKeyLookup } from "./useKeyLookup.ts";
import { WrongKey } from "./WrongKey.tsx";

/**
 * Signing a key out (document 2 section 2), four steps: the unit and its key, the recipient, a
 * photo of the recipient, then the key is scanned. Next stays disabled until the step is done;
 * scanning another key than the chosen one says where that key goes back, with a re-scan.
 */
export function KeyOutWizard({ building, onDone }: { building: number; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [step, setStep] = useState(0);
  const [apartment, setApartment] = useState<number | null>(null);
  const [keyId, setKeyId] = useState<number | null>(null);
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [wrong, setWrong] = useState<AccessKey | null>(null);
  const keys = useKeys(
    { building, apartment: apartment ?? undefined, status: "IN", is_active: true, ordering: "name" },
    { enabled: apartment !== null },
  );
  const available = apartment === null ? [] : (keys.data?.results ?? []);
  const picker = keyPickerState(available);
  const chosen = available.find((k) => k.id === keyId) ?? null;
  const lookup = useKeyLookup(building);
  const keyOut = useKeyOut(building);
  const state = { keyId, recipient, photo };
  // The photo step starts with a fresh camera: a photo is taken again when it is shown again.
  const go = (to: number) => {
    if (to === 2) setPhoto(null);
    setWrong(null);
    setStep(to);
  };

  // One key: chosen at once (its picker is disabled).
  useEffect(() => {
    if (picker.only !== null && keyId !== picker.only) setKeyId(picker.only);
  }, [picker.only, keyId]);

  const onScan = async (rfid: string) => {
    if (!chosen || !recipient || !photo) return;
    const scanned = await lookup.lookup(rfid);
    if (!scanned) return;
    if (scanned.id !== chosen.id) {
      setWrong(scanned);
      return;
    }
    keyOut.mutate(
      { id: chosen.id, photo, entity_id: recipient.entity_id, entity_type: recipient.entity_type, rfid },
      {
        onSuccess: () => {
          enqueueSnackbar(`Key ${chosen.name} signed out to ${recipient.name}`, { variant: "success" });
          onDone();
        },
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }} aria-label="Sign a key out" role="region">
      <Stepper activeStep={step} alternativeLabel>
        {OUT_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <Box sx={{ display: "grid", gap: 2 }}>
          <UnitPicker
            building={building}
            by="apartment"
            value={apartment}
            onChange={(a) => {
              setApartment(a);
              setKeyId(null);
              setRecipient(null);
            }}
            required
            size="small"
          />
          <TextField
            select
            label="Key"
            size="small"
            value={keyId ?? ""}
            disabled={picker.disabled}
            onChange={(e) => {
              setKeyId(Number(e.target.value));
              setRecipient(null);
            }}
            slotProps={{ select: { displayEmpty: true } }}
          >
            <MenuItem value="" disabled>
              {apartment !== null && !keys.isPending && picker.empty ? KEY_MESSAGES.noAvailableKey : "Choose a key"}
            </MenuItem>
            {available.map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.name}
                {k.location ? ` (${k.location.label})` : ""}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {step === 1 && keyId !== null && (
        <RecipientPicker building={building} keyId={keyId} value={recipient} onChange={setRecipient} />
      )}
      {step === 2 && (
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Take a photo of {recipient?.name ?? "the recipient"}.
          </Typography>
          <PhotoCapture onChange={setPhoto} />
        </Box>
      )}
      {step === 3 && chosen && (
        <Box sx={{ display: "grid", gap: 1.5 }}>
          <Typography>
            Scan key <strong>{chosen.name}</strong>
            {chosen.location ? ` from ${chosen.location.label}` : ""} to sign it out to {recipient?.name}.
          </Typography>
          {wrong ? (
            <WrongKey
              scanned={wrong}
              reason={KEY_MESSAGES.notThisKey}
              onRescan={() => {
                setWrong(null);
                lookup.setError(null);
              }}
            />
          ) : (
            <RfidInput
              onScan={(r) => void onScan(r)}
              busy={lookup.busy || keyOut.isPending}
              error={lookup.error ?? (keyOut.isError ? KEY_MESSAGES.updateFailed : null)}
            />
          )}
        </Box>
      )}
      {step === 3 && !chosen && <Alert severity="error">{KEY_MESSAGES.updateFailed}</Alert>}
      <Box sx={{ display: "flex", justifyContent: "space-between" }}>
        <Button onClick={() => go(step - 1)} disabled={step === 0 || keyOut.isPending}>
          Back
        </Button>
        {step < OUT_STEPS.length - 1 && (
          <Button variant="contained" onClick={() => go(step + 1)} disabled={!canAdvance(step, state)}>
            Next
          </Button>
        )}
      </Box>
    </Box>
  );
}
