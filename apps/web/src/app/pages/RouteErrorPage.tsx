import { useEffect } from "react";
import { useRouteError } from "react-router";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { MESSAGES } from "@portico/contract";
import { StandalonePage } from "../../components/StandalonePage.tsx";

const RELOAD_KEY = "portico.chunk-reload-at";

/** A lazy chunk that no longer exists (a new version was deployed). */
export function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error ?? "");
  return /dynamically imported module|module script failed|Importing a module script|error loading dynamically|MIME type/i.test(
    msg,
  );
}

/** After a deploy, reload once to pick up the new version (at most every 30 s). */
function useReloadOnChunkError(error: unknown) {
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 30_000) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
  }, [error]);
}

/** The whole app failed to route or render (outside the shell). */
export function RouteErrorPage() {
  const error = useRouteError();
  useReloadOnChunkError(error);
  if (error) console.error(error);
  return (
    <StandalonePage>
      <Typography variant="h1" gutterBottom>
        Error
      </Typography>
      <Typography role="alert" sx={{ mb: 3 }}>
        {MESSAGES.crashed}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Refresh
      </Button>
    </StandalonePage>
  );
}

/** A page inside the shell failed to load or render: the shell stays, the section says so. */
export function SectionRouteError() {
  const error = useRouteError();
  useReloadOnChunkError(error);
  if (error) console.error(error);
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      }
    >
      {MESSAGES.crashed}
    </Alert>
  );
}
