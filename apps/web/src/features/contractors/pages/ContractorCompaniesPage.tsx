import { NotFound } from "../../../components/NotFound.tsx";
import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { useCan } from "../../../lib/session.tsx";
import { contractorTypeSettings } from "../typeSettings.ts";

/** /{building}/contractors/companies (managers): the contractor companies, for every building. */
export function Component() {
  const can = useCan();
  if (!can("contractor_types.manage")) return <NotFound />;
  return <TypeListPage def={contractorTypeSettings} />;
}
