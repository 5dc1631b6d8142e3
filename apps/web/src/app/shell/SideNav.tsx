import { useLocation } from "react-router";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Divider from "@mui/material/Divider";
import Box from "@mui/material/Box";
import { RouterLink } from "../../components/RouterLink.tsx";
import type { NavItem } from "./nav.ts";
import { hasShellDrawer, useOptionalShellDrawer } from "./drawers.tsx";

export interface SideNavGroup {
  key: string;
  items: NavItem[];
}

/** An entry's icon (when it has one) and label. */
function ItemText({ icon: Icon, label }: { icon: NavItem["icon"]; label: string }) {
  return (
    <>
      {Icon && (
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon />
        </ListItemIcon>
      )}
      <ListItemText primary={label} />
    </>
  );
}

/** A sidebar <nav>: groups of links separated by dividers; the current page is marked. */
export function SideNav({
  label,
  groups,
  building,
  onNavigate,
}: {
  label: string;
  groups: SideNavGroup[];
  building: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const drawers = useOptionalShellDrawer();
  const shown = groups.filter((g) => g.items.length > 0);
  // The current page is the most specific link that matches (Unit profiles, not also Manage).
  const matches = (to: string) => to !== "/" && (pathname === to || pathname.startsWith(`${to}/`));
  const opensDrawer = (item: NavItem) => !!item.drawer && !!drawers && hasShellDrawer(item.key);
  const current = shown
    .flatMap((g) => g.items.filter((item) => !opensDrawer(item)).map((item) => item.to(building)))
    .filter(matches)
    .sort((a, b) => b.length - a.length)[0];
  return (
    <Box component="nav" aria-label={label} sx={{ py: 1 }}>
      {shown.map((g, i) => (
        <Box key={g.key}>
          {i > 0 && <Divider sx={{ my: 1 }} />}
          <List disablePadding>
            {g.items.map((item) => {
              const to = item.to(building);
              const active = to === current;
              if (opensDrawer(item) && drawers)
                return (
                  <li key={item.key}>
                    <ListItemButton
                      aria-haspopup="dialog"
                      onClick={() => {
                        onNavigate?.();
                        drawers.open(item.key);
                      }}
                      sx={{ mx: 1, borderRadius: 1 }}
                    >
                      <ItemText icon={item.icon} label={item.label} />
                    </ListItemButton>
                  </li>
                );
              return (
                <li key={item.key}>
                  <ListItemButton
                    component={RouterLink}
                    to={to}
                    selected={active}
                    aria-current={active ? "page" : undefined}
                    onClick={onNavigate}
                    sx={{ mx: 1, borderRadius: 1 }}
                  >
                    <ItemText icon={item.icon} label={item.label} />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        </Box>
      ))}
    </Box>
  );
}
