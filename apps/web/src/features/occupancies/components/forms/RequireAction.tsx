import type { ComponentType, ReactNode } from "react";
import { Navigate } from "react-router";
import type { Action } from "@portico/contract";
import { useBuilding, useCan } from "../../../../lib/session.tsx";
import { unitListPath } from "../list/unitLinks.ts";

/**
 * Manager pages of the unit-profile area: users who may not do `action` here go to the unit
 * list (document 1 section 6, "others redirected"). The server refuses them regardless.
 */
export function RequireAction({ action, children }: { action: Action; children: ReactNode }) {
  const can = useCan();
  const { id } = useBuilding();
  if (!can(action)) return <Navigate to={unitListPath(id)} replace />;
  return <>{children}</>;
}

/** A route's page that only users who may do `action` here see (see RequireAction). */
export function requiring(action: Action, Page: ComponentType) {
  return function Component() {
    return (
      <RequireAction action={action}>
        <Page />
      </RequireAction>
    );
  };
}
