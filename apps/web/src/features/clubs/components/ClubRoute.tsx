import type { ReactNode } from "react";
import { Navigate, useParams } from "react-router";
import type { Club } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useBuildingClubs } from "../api.ts";

/**
 * The club of the route (:clubId) among the building's clubs (its own and those shared with it);
 * a club of another building (or no club at all) goes to /not-found. Without `club.view`: 403's page.
 */
export function ClubRoute({ children }: { children: (club: Club) => ReactNode }) {
  const can = useCan();
  const { id: building } = useBuilding();
  const { clubId } = useParams();
  const clubs = useBuildingClubs(building);
  if (!can("club.view")) return <NotFound />;
  if (clubs.isPending) return <SectionProgress />;
  const club = clubs.data?.find((c) => String(c.id) === clubId);
  if (!club) return <Navigate to="/not-found" replace />;
  return <>{children(club)}</>;
}
