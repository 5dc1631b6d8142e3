import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import ReplayIcon from "@mui/icons-material/Replay";
import { type AccessKey, KEY_MESSAGES } from "@portico/contract";

/** The incorrect-key screen: which key was scanned and where it must be returned, with a re-scan. */
export function WrongKey({ scanned, reason, onRescan }: { scanned: AccessKey; reason: string; onRescan: () => void }) {
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" startIcon={<ReplayIcon />} onClick={onRescan}>
          Re-scan
        </Button>
      }
    >
      <AlertTitle>Incorrect key</AlertTitle>
      {reason} {KEY_MESSAGES.wrongKey(scanned.name, scanned.apartment_number, scanned.location?.label ?? null)}
    </Alert>
  );
}
