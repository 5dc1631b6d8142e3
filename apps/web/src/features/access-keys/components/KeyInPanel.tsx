import { useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { type AccessKey, canSignIn, KEY_MESSAGES } from "@portico/contract";
import { useKeyIn } from "../api.ts";
import { locationLabel } from "../model.ts";
import { RfidInput } from "./RfidInput.tsx";
import { useKeyLookup } from "./useKeyLookup.ts";
import { WrongKey } from "./WrongKey.tsx";

/**
 * Signing a key in (document 2 section 2): one step, scan the key. A key that is not out (already
 * IN, or inactive) is the wrong key: where it belongs is shown, with a re-scan.
 */
export function KeyInPanel({ building }: { building: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const lookup = useKeyLookup(building);
  const keyIn = useKeyIn(building);
  const [wrong, setWrong] = useState<AccessKey | null>(null);
  const [done, setDone] = useState<AccessKey | null>(null);

  const onScan = async (rfid: string) => {
    setDone(null);
    const key = await lookup.lookup(rfid);
    if (!key) return;
    if (!canSignIn(key)) {
      setWrong(key);
      return;
    }
    keyIn.mutate(
      { id: key.id, rfid },
      {
        onSuccess: () => {
          setDone(key);
          enqueueSnackbar(`Key ${key.name} signed in`, { variant: "success" });
        },
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }} role="region" aria-label="Sign a key in">
      <Typography variant="h3" sx={{ fontSize: "1.05rem" }}>
        Scan key
      </Typography>
      {wrong ? (
        <WrongKey scanned={wrong} reason={KEY_MESSAGES.alreadyIn} onRescan={() => setWrong(null)} />
      ) : (
        <RfidInput
          onScan={(r) => void onScan(r)}
          busy={lookup.busy || keyIn.isPending}
          error={lookup.error ?? (keyIn.isError ? KEY_MESSAGES.updateFailed : null)}
        />
      )}
      {done && (
        <Alert severity="success">
          Key {done.name} of apartment {done.apartment_number} is in. Return it to{" "}
          <strong>{locationLabel(done) || "its key box"}</strong>.
        </Alert>
      )}
    </Box>
  );
}
