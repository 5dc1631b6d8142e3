import { Navigate, useSearchParams } from "react-router";
import type { Building } from "@portico/contract";
import { useMe } from "../../lib/session.tsx";
import { useBuildings } from "../../lib/queries.ts";
import { getLastBuilding } from "../../lib/cookies.ts";
import { FullPageProgress } from "../../components/FullPageProgress.tsx";

/** Which building `/` opens: ?building=, else the remembered one if still accessible, else the first. */
export function pickBuilding(
  buildings: readonly Building[],
  last: number | null,
  requested: number | null,
): number | null {
  if (requested !== null) return requested;
  if (last !== null && buildings.some((b) => b.id === last)) return last;
  return buildings[0]?.id ?? null;
}

export function RootRedirect() {
  const me = useMe();
  const buildings = useBuildings();
  const [search] = useSearchParams();
  if (!buildings.data) return <FullPageProgress />;
  const q = search.get("building");
  const requested = q && /^\d+$/.test(q) ? Number(q) : null;
  const target = pickBuilding(buildings.data, getLastBuilding(me.id), requested);
  if (target === null) return <FullPageProgress />;
  return <Navigate to={`/${target}/${me.role === "AO" ? "amenity-reservations" : "dashboard"}`} replace />;
}
