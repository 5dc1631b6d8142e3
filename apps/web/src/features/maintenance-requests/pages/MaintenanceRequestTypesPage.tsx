import { NotFound } from "../../../components/NotFound.tsx";
import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { useCan } from "../../../lib/session.tsx";
import { maintenanceRequestTypeSettings } from "../typeSettings.ts";

/** /admin/settings/maintenance-request-types (Office users): every maintenance request type, for every building. */
export function Component() {
  const can = useCan();
  if (!can("maintenance.manage_types")) return <NotFound />;
  return <TypeListPage def={maintenanceRequestTypeSettings} />;
}
