import { TypeFormPage } from "../../../components/type-lists/TypeForm.tsx";
import { packageTypeSettings } from "../typeSettings.tsx";

/** /admin/settings/package-types/create and /edit/{packageTypeId}. */
export function Component() {
  return <TypeFormPage def={packageTypeSettings} />;
}
