import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { UnauthorizedError } from "../lib/api.ts";
import { buildingsQuery, meQuery } from "../lib/queries.ts";
import { MeContext } from "../lib/session.tsx";
import { FullPageProgress } from "../components/FullPageProgress.tsx";
import { StandalonePage } from "../components/StandalonePage.tsx";
import { ConnectionProblemPage } from "./pages/ConnectionProblemPage.tsx";
import { NoBuildingsPage } from "./pages/NoBuildingsPage.tsx";
import { TenantSiteNotConfiguredPage } from "./pages/TenantSiteNotConfiguredPage.tsx";
import { OfflineNotice } from "./shell/ConnectivityBanner.tsx";
import { RefreshPrompt } from "./shell/RefreshPrompt.tsx";

/**
 * The signed-in app: loads the profile (GET /me/) and the buildings, sends tenants to their
 * site (or says none is configured), shows the connection-problem and no-buildings pages, then the routes.
 */
export function Component() {
  const me = useQuery(meQuery);
  const isTenant = me.data?.role === "TN";
  const buildings = useQuery({ ...buildingsQuery, enabled: !!me.data && !isTenant });
  const { pathname } = useLocation();

  useEffect(() => {
    if (isTenant && me.data?.tenant_site_url) window.location.assign(me.data.tenant_site_url);
  }, [isTenant, me.data?.tenant_site_url]);

  if (me.isPending) return me.fetchStatus === "paused" ? <OfflinePage /> : <FullPageProgress />;
  if (me.isError) {
    if (me.error instanceof UnauthorizedError) return <FullPageProgress label="Signing in" />;
    return <ConnectionProblemPage error={me.error} onRetry={() => void me.refetch()} />;
  }
  if (isTenant)
    return me.data.tenant_site_url ? (
      <FullPageProgress label="Opening the tenant site" />
    ) : (
      <TenantSiteNotConfiguredPage />
    );
  if (buildings.isPending) return buildings.fetchStatus === "paused" ? <OfflinePage /> : <FullPageProgress />;
  if (buildings.isError)
    return <ConnectionProblemPage error={buildings.error} onRetry={() => void buildings.refetch()} />;
  const adminPath = pathname === "/admin" || pathname.startsWith("/admin/");
  if (buildings.data.length === 0 && !(me.data.role === "OF" && adminPath)) return <NoBuildingsPage />;

  return (
    <MeContext.Provider value={me.data}>
      <Outlet />
      <RefreshPrompt />
    </MeContext.Provider>
  );
}

function OfflinePage() {
  return (
    <StandalonePage>
      <OfflineNotice />
    </StandalonePage>
  );
}
