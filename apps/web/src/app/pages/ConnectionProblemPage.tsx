import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { StandalonePage } from "../../components/StandalonePage.tsx";
import { usePageTitle } from "../../lib/usePageTitle.ts";

/** The profile (or the sign-in configuration) could not be loaded. */
export function ConnectionProblemPage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  usePageTitle("Connection problem");
  const name = error instanceof Error ? error.name : "Error";
  const message = error instanceof Error ? error.message : String(error ?? "");
  return (
    <StandalonePage>
      <Typography variant="h1" gutterBottom>
        Connection problem
      </Typography>
      <Typography sx={{ mb: 2 }}>{MESSAGES.connectionProblem}</Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        <strong>{name}</strong>
        {message ? `: ${message}` : null}
      </Alert>
      <Button variant="contained" onClick={onRetry ?? (() => window.location.assign("/"))}>
        Try again
      </Button>
    </StandalonePage>
  );
}
