import { useState } from "react";
import { type AccessKey, KEY_MESSAGES } from "@portico/contract";
import { ApiError } from "../../../lib/api.ts";
import { fetchKeyByRfid } from "../api.ts";

/** The message of a failed scan: an unknown tag, or the spec's retry message. */
export function scanErrorText(err: unknown): string {
  return err instanceof ApiError && err.status === 404 ? KEY_MESSAGES.notMapped : KEY_MESSAGES.updateFailed;
}

/**
 * Looks a scanned tag up (GET /access-keys/keys/rfid/{rfid}/): the key, or null with the error
 * shown ('This RFID tag is not mapped to a registered key.' for an unknown tag).
 */
export function useKeyLookup(building: number) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lookup = async (rfid: string): Promise<AccessKey | null> => {
    setBusy(true);
    setError(null);
    try {
      return await fetchKeyByRfid(rfid, building);
    } catch (err) {
      setError(scanErrorText(err));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { lookup, busy, error, setError };
}
