import { Suspense } from "react";
import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ErrorBoundary } from "../../../components/ErrorBoundary.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useBuilding, useCan, useMe } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { DASHBOARD_WIDGETS, type DashboardWidget } from "../widgets.ts";

/** /{building}/dashboard: the building's heading and the two-column frame the widgets fill. */
export function Component() {
  const { building } = useBuilding();
  const me = useMe();
  const can = useCan();
  usePageTitle("Dashboard");
  const shown = DASHBOARD_WIDGETS.filter(
    (w) => (!w.action || can(w.action)) && (!w.roles || w.roles.includes(me.role)),
  );
  const left = shown.filter((w) => w.column === "left");
  const right = shown.filter((w) => w.column === "right");
  const title = building?.name || building?.address || "Dashboard";

  return (
    <Box>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h1">{title}</Typography>
        {building && building.name && building.address !== building.name && (
          <Typography sx={{ color: "text.secondary", mt: 0.5 }}>{building.address}</Typography>
        )}
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }} data-testid="dashboard-left">
          <WidgetColumn widgets={left} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }} data-testid="dashboard-right">
          <WidgetColumn widgets={right} />
        </Grid>
      </Grid>
    </Box>
  );
}

function WidgetColumn({ widgets }: { widgets: DashboardWidget[] }) {
  return (
    <Stack spacing={3}>
      {widgets.map(({ key, Component: Widget }) => (
        <ErrorBoundary key={key}>
          <Suspense fallback={<SectionProgress />}>
            <Widget />
          </Suspense>
        </ErrorBoundary>
      ))}
    </Stack>
  );
}
