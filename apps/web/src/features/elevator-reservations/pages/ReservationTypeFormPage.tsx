import { NotFound } from "../../../components/NotFound.tsx";
import { TypeFormPage } from "../../../components/type-lists/TypeForm.tsx";
import { useCan } from "../../../lib/session.tsx";
import { reservationTypeSettings } from "../typeSettings.tsx";

/** /admin/settings/reservation-types/create and /edit/{reservationTypeId} (Office users). */
export function Component() {
  const can = useCan();
  if (!can("reservation_types.manage")) return <NotFound />;
  return <TypeFormPage def={reservationTypeSettings} />;
}
