import { Navigate, Outlet } from "react-router";
import Button from "@mui/material/Button";
import { useCan, useMe } from "../../lib/session.tsx";
import { signOut } from "../../lib/auth.ts";
import { useIsMobile } from "../../lib/useIsMobile.ts";
import { ShellLayout } from "./ShellLayout.tsx";
import { SideNav } from "./SideNav.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { ADMIN_NAV, USER_MODE_LINK, visibleNav } from "./nav.ts";

/** /admin/…: portfolio (admin) mode, for office users only; everyone else goes to /. */
export function Component() {
  const me = useMe();
  const can = useCan();
  const isMobile = useIsMobile();
  if (!can("admin.access")) return <Navigate to="/" replace />;
  const items = visibleNav(ADMIN_NAV, { role: me.role, can, dev: import.meta.env.DEV });
  return (
    <ShellLayout
      brand={me.portfolio.employee_portal_name || "Portico"}
      logoUrl={me.portfolio.logo_url}
      brandTo="/admin/dashboard"
      modeLabel="Admin"
      sidebar={(close) => (
        <SideNav
          label="Admin navigation"
          building={0}
          onNavigate={close}
          groups={[
            { key: "admin", items },
            { key: "user-mode", items: [USER_MODE_LINK] },
          ]}
        />
      )}
      actions={
        <>
          {!isMobile && (
            <Button color="inherit" variant="outlined" size="small" onClick={() => void signOut()}>
              Sign out
            </Button>
          )}
          <UserMenu me={me} />
        </>
      }
    >
      <Outlet />
    </ShellLayout>
  );
}
