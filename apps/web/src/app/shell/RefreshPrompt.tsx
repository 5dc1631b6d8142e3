import { useEffect } from "react";
import Button from "@mui/material/Button";
import { useSnackbar } from "notistack";
import { MESSAGES } from "@portico/contract";
import { useNewVersionAvailable } from "./useVersionCheck.ts";

const KEY = "refresh-prompt";

/**
 * 'Please refresh to view the latest version of Portico', with a Refresh button, once
 * /index.html's ETag changes. A persistent snackbar, stacked with the others.
 */
export function RefreshPrompt({ enabled }: { enabled?: boolean }) {
  const changed = useNewVersionAvailable(enabled);
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (!changed) return;
    enqueueSnackbar(MESSAGES.refreshPrompt, {
      key: KEY,
      variant: "info",
      persist: true,
      preventDuplicate: true,
      action: (
        <Button color="inherit" size="small" variant="outlined" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      ),
    });
  }, [changed, enqueueSnackbar]);
  return null;
}
