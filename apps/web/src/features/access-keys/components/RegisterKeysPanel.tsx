import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { KEY_MESSAGES } from "@portico/contract";
import { UnitPicker } from "../../../components/UnitPicker.tsx";
import { ApiError } from "../../../lib/api.ts";
import { serverErrorText } from "../../../lib/forms.ts";
import { fetchKeyByRfid, useKeyLocations, useRegisterKey } from "../api.ts";
import { RfidInput } from "./RfidInput.tsx";

/**
 * Register Keys (document 2 section 2): scan a tag no key has, pick its apartment and key-box
 * location (Register is disabled until both), then the form resets for the next key.
 */
export function RegisterKeysPanel({ building }: { building: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const [rfid, setRfid] = useState<string | null>(null);
  const [apartment, setApartment] = useState<number | null>(null);
  const [location, setLocation] = useState<number | null>(null);
  const [scanError, setScanError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const locations = useKeyLocations({ building, no_access_key: true, is_active: true }, { enabled: rfid !== null });
  const register = useRegisterKey(building);

  const onScan = async (tag: string) => {
    setScanError(null);
    setChecking(true);
    try {
      await fetchKeyByRfid(tag, building);
      setScanError(KEY_MESSAGES.alreadyRegistered);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setRfid(tag);
      else setScanError(KEY_MESSAGES.updateFailed);
    } finally {
      setChecking(false);
    }
  };

  const reset = () => {
    setRfid(null);
    setApartment(null);
    setLocation(null);
    register.reset();
  };

  const submit = () => {
    if (!rfid || apartment === null || location === null) return;
    register.mutate(
      { rfid, apartment, location, status: "IN", is_active: true },
      {
        onSuccess: (key) => {
          enqueueSnackbar(`Key ${key.name} registered`, { variant: "success" });
          reset();
        },
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }} role="region" aria-label="Register keys">
      {rfid === null ? (
        <>
          <Typography variant="h3" sx={{ fontSize: "1.05rem" }}>
            Scan a new key
          </Typography>
          <RfidInput onScan={(t) => void onScan(t)} busy={checking} error={scanError} />
        </>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: "grid", gap: 1.5 }}
        >
          <Typography>
            New key: <strong>{rfid}</strong>
          </Typography>
          <UnitPicker
            building={building}
            by="apartment"
            value={apartment}
            onChange={setApartment}
            required
            size="small"
          />
          <TextField
            select
            label="Location"
            size="small"
            required
            value={location ?? ""}
            onChange={(e) => setLocation(Number(e.target.value))}
          >
            {(locations.data ?? []).map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {l.label}
              </MenuItem>
            ))}
          </TextField>
          {register.isError && (
            <Alert severity="error">{serverErrorText(register.error) || KEY_MESSAGES.updateFailed}</Alert>
          )}
          <Box sx={{ display: "flex", justifyContent: "space-between" }}>
            <Button onClick={reset} disabled={register.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={apartment === null || location === null}
              loading={register.isPending}
            >
              Register
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
