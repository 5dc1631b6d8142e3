import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { packageTypeSettings } from "../typeSettings.tsx";

/** /admin/settings/package-types: every package type, for every building. */
export function Component() {
  return <TypeListPage def={packageTypeSettings} />;
}
