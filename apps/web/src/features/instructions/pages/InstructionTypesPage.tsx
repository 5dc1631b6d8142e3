import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { instructionTypeSettings } from "../typeSettings.tsx";

/** /admin/settings/instruction-types (Office users): every instruction type, for every building. */
export function Component() {
  return <TypeListPage def={instructionTypeSettings} />;
}
