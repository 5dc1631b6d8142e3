import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { useCan } from "../../../lib/session.tsx";
import { keyLocationSettings } from "../locationSettings.ts";

/** /{building}/keys/locations: the key boxes, for managers of a building with access keys. */
export function Component() {
  const can = useCan();
  if (!can("key_locations.manage")) return <Alert severity="info">{MESSAGES.permissionDenied}</Alert>;
  return <TypeListPage def={keyLocationSettings} />;
}
