import { NotFound } from "../../../components/NotFound.tsx";
import { TypeListPage } from "../../../components/type-lists/TypeListPage.tsx";
import { useCan } from "../../../lib/session.tsx";
import { reservationTypeSettings } from "../typeSettings.tsx";

/** /admin/settings/reservation-types (Office users): every service elevator reservation type. */
export function Component() {
  const can = useCan();
  if (!can("reservation_types.manage")) return <NotFound />;
  return <TypeListPage def={reservationTypeSettings} />;
}
