import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { useCan } from "../../../lib/session.tsx";
import { memoGroupSettings } from "../settings.ts";

/** /{building}/communication/memo-groups: the building's memo groups, for managers. */
export function Component() {
  const can = useCan();
  if (!can("memo.send")) return <Alert severity="info">{MESSAGES.permissionDenied}</Alert>;
  return <TypeListPage def={memoGroupSettings} />;
}
