import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { shiftLogTypeSettings } from "../typeSettings.ts";

/** /admin/settings/shift-log-types (document 1 section 2.2): every type, for every building. */
export function Component() {
  return <TypeListPage def={shiftLogTypeSettings} />;
}
