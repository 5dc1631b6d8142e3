import { useState } from "react";
import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { MEMO_MESSAGES } from "@portico/contract";
import { errorMessage, type QueryParams } from "../../../lib/api.ts";
import { fetchMatchingRecipients } from "../api.ts";
import { type ChosenRecipient, chosenOf } from "../model.ts";

/**
 * Add every resident matching a filter (a floor, a memo group's units): the call, its progress,
 * what it added (a status line) and why it failed.
 */
export function useRecipientAdder(building: number, onAdd: (recipients: ChosenRecipient[]) => void) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (params: QueryParams, describe: (n: number) => string) => {
    setBusy(true);
    setFailure(null);
    setNote(null);
    try {
      const rows = (await fetchMatchingRecipients(building, params)).results;
      onAdd(rows.map(chosenOf));
      setNote(describe(rows.length));
    } catch (e) {
      setFailure(`${MEMO_MESSAGES.recipientsFailed}: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const status = note && (
    <Typography variant="body2" color="text.secondary" role="status">
      {note}
    </Typography>
  );
  const alert = failure && <Alert severity="error">{failure}</Alert>;
  return { run, busy, status, alert };
}
