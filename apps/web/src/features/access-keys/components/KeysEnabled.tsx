import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import { KEY_MESSAGES } from "@portico/contract";
import { useCan } from "../../../lib/session.tsx";

/** The keys' screens only where the building has access keys (and for staff who may use them). */
export function KeysEnabled({ children }: { children: ReactNode }) {
  const can = useCan();
  if (!can("key.use")) return <Alert severity="info">{KEY_MESSAGES.featureOff}</Alert>;
  return <>{children}</>;
}
