import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useBuilding, useCan, useMe } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { DashboardGrid } from "../components/DashboardGrid.tsx";
import { visibleWidgets } from "../model.ts";
import { DASHBOARD_WIDGETS } from "../registry.ts";

/** /{building}/dashboard: the building's heading and the widgets this user may see. */
export function Component() {
  const { building, settings } = useBuilding();
  const me = useMe();
  const can = useCan();
  usePageTitle("Dashboard");
  const shown = visibleWidgets(DASHBOARD_WIDGETS, { can, role: me.role, settings });
  const title = building?.name || building?.address || "Dashboard";

  return (
    <Box>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h1">{title}</Typography>
        {building && building.name && building.address !== building.name && (
          <Typography sx={{ color: "text.secondary", mt: 0.5 }}>{building.address}</Typography>
        )}
      </Box>
      <DashboardGrid widgets={shown} />
    </Box>
  );
}
