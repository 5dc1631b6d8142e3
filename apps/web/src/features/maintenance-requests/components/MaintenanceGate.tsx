import type { ComponentType } from "react";
import { NotFound } from "../../../components/NotFound.tsx";
import { useCan } from "../../../lib/session.tsx";

/** A maintenance screen: staff with `maintenance.use` see it, others the not-found page. */
export function maintenanceScreen(Screen: ComponentType) {
  return function Component() {
    const can = useCan();
    return can("maintenance.use") ? <Screen /> : <NotFound />;
  };
}
