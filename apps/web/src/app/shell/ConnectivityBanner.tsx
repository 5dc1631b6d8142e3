import { useEffect, useRef } from "react";
import Alert from "@mui/material/Alert";
import { useSnackbar } from "notistack";
import { MESSAGES, SUCCESS_ALERT_HIDE_MS } from "@portico/contract";
import { useOnline } from "../../lib/useOnline.ts";
import { isOfflineMode } from "../../lib/auth.ts";

/**
 * The offline/online notice bar at the top. Offline since start-up (no data could be loaded):
 * the offline page notice; gone offline while working: 'You are now offline…'. Back online:
 * 'You are now back online.' for a moment.
 */
export function ConnectivityBanner() {
  const online = useOnline();
  const wasOffline = useRef(!online);
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      enqueueSnackbar(MESSAGES.backOnline, { variant: "success", autoHideDuration: SUCCESS_ALERT_HIDE_MS });
    }
  }, [online, enqueueSnackbar]);
  if (online) return null;
  return (
    <Alert severity="warning" square role="status" sx={{ borderRadius: 0, py: 0 }}>
      {isOfflineMode() ? MESSAGES.offlinePage : MESSAGES.offline}
    </Alert>
  );
}

/** The notice shown instead of a page that could not load because the browser is offline. */
export function OfflineNotice() {
  return (
    <Alert severity="warning" sx={{ m: 2 }}>
      {MESSAGES.offlinePage}
    </Alert>
  );
}
