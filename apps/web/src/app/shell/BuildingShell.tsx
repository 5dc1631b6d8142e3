import { lazy, Suspense, useEffect, useMemo } from "react";
import { Navigate, Outlet, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import Button from "@mui/material/Button";
import { useSnackbar } from "notistack";
import { MESSAGES } from "@portico/contract";
import { BuildingContext, type BuildingState, useCan, useMe } from "../../lib/session.tsx";
import { useBuildings, useBuildingSettings } from "../../lib/queries.ts";
import { setLastBuilding } from "../../lib/cookies.ts";
import { signOut } from "../../lib/auth.ts";
import { useIsMobile } from "../../lib/useIsMobile.ts";
import { FullPageProgress } from "../../components/FullPageProgress.tsx";
import { ShellLayout } from "./ShellLayout.tsx";
import { SideNav } from "./SideNav.tsx";
import { QuickSearch } from "./QuickSearch.tsx";
import { BuildingSwitcher } from "./BuildingSwitcher.tsx";
import { MobileBuildingPicker } from "./MobileBuildingPicker.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { ADMIN_LINK, SIDEBAR_NAV, TOP_NAV, visibleNav } from "./nav.ts";
import { TopNav } from "./TopNav.tsx";
import { ShellDrawerProvider } from "./drawers.tsx";
import { useLiveUpdates } from "../../lib/live.ts";
import { LIVE_TOPIC_QUERIES } from "../liveTopics.ts";

import { AccountScopePage, AMENITY_PATHS } from "../pages/AccountScopePage.tsx";

const NotFoundStandalone = lazy(() =>
  import("../pages/NotFoundPage.tsx").then((m) => ({ default: m.NotFoundStandalone })),
);

/** /{building}/…: checks the building, remembers it, and frames the page with the shell. */
export function Component() {
  const { buildingId = "" } = useParams();
  const id = /^\d+$/.test(buildingId) ? Number(buildingId) : null;
  const me = useMe();
  const buildings = useBuildings();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();

  const building = id !== null ? buildings.data?.find((b) => b.id === id) : undefined;
  const accessible = !!building;
  // Property owners have no screen that reads the building's settings (the API refuses them).
  const settings = useBuildingSettings(accessible && me.role !== "PO" ? id : null);

  // ?building= selects a building.
  const queryBuilding = search.get("building");
  const switchTo =
    queryBuilding && /^\d+$/.test(queryBuilding) && Number(queryBuilding) !== id ? Number(queryBuilding) : null;

  useEffect(() => {
    if (id === null || switchTo !== null || !buildings.data || accessible) return;
    enqueueSnackbar(MESSAGES.noBuildingAccess, { variant: "error", autoHideDuration: 4000, preventDuplicate: true });
    navigate("/", { replace: true });
  }, [id, switchTo, buildings.data, accessible, enqueueSnackbar, navigate]);

  useEffect(() => {
    if (accessible && id !== null) setLastBuilding(me.id, id);
  }, [accessible, id, me.id]);

  const state = useMemo<BuildingState | null>(
    () => (id !== null && building ? { id, building, settings: settings.data } : null),
    [id, building, settings.data],
  );

  if (id === null)
    return (
      <Suspense fallback={<FullPageProgress />}>
        <NotFoundStandalone />
      </Suspense>
    );
  if (switchTo !== null) return <Navigate to={`/${switchTo}/dashboard`} replace />;
  if (buildings.isPending) return <FullPageProgress />;
  if (!state) return <FullPageProgress />;
  if (me.role === "AO" && !AMENITY_PATHS.test(location.pathname))
    return <Navigate to={`/${id}/amenity-reservations`} replace />;

  return (
    <BuildingContext.Provider value={state}>
      <ShellDrawerProvider>
        <BuildingFrame buildings={buildings.data ?? []} />
      </ShellDrawerProvider>
    </BuildingContext.Provider>
  );
}

function BuildingFrame({ buildings }: { buildings: NonNullable<ReturnType<typeof useBuildings>["data"]> }) {
  const me = useMe();
  const can = useCan();
  const isMobile = useIsMobile();
  const { buildingId } = useParams();
  const id = Number(buildingId);
  // The screens of this building refetch what other users change (one stream per tab).
  useLiveUpdates(can("live.watch") ? id : null, LIVE_TOPIC_QUERIES);
  const dev = import.meta.env.DEV;
  const propertyOwner = me.role === "PO";
  const { pathname } = useLocation();
  // Property owners have no pages; club admins only the amenity and club pages.
  const outOfScope = propertyOwner || (me.role === "CA" && !AMENITY_PATHS.test(pathname));
  // The quick search opens unit profiles: only for those who may view them.
  const quickSearch = !propertyOwner && can("occupancy.view");

  const topNav = visibleNav(TOP_NAV, { role: me.role, can, dev });
  const sideItems = visibleNav(SIDEBAR_NAV, { role: me.role, can, dev });
  const adminItems = visibleNav([ADMIN_LINK], { role: me.role, can, dev });

  const signOutButton = (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      onClick={() => void signOut()}
      sx={{ whiteSpace: "nowrap" }}
    >
      Sign out
    </Button>
  );

  const actions = propertyOwner ? (
    signOutButton
  ) : (
    <>
      {!isMobile && topNav.length > 0 && <TopNav items={topNav} building={id} />}
      {!isMobile && quickSearch && <QuickSearch building={id} />}
      {isMobile ? (
        <MobileBuildingPicker buildings={buildings} current={id} />
      ) : (
        <BuildingSwitcher buildings={buildings} current={id} />
      )}
      {!isMobile && signOutButton}
      <UserMenu me={me} />
    </>
  );

  return (
    <ShellLayout
      brand={me.portfolio.employee_portal_name || "Portico"}
      logoUrl={me.portfolio.logo_url}
      brandTo={`/${id}/dashboard`}
      sidebar={
        propertyOwner
          ? null
          : (close) => (
              <SideNav
                label="Building navigation"
                building={id}
                onNavigate={close}
                groups={[
                  { key: "building", items: sideItems },
                  { key: "mobile-top", items: isMobile ? topNav : [] },
                  { key: "admin", items: adminItems },
                ]}
              />
            )
      }
      actions={actions}
      mobileRow={quickSearch ? <QuickSearch building={id} fullWidth /> : undefined}
    >
      {outOfScope ? <AccountScopePage role={me.role} building={id} /> : <Outlet />}
    </ShellLayout>
  );
}
