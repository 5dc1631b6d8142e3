import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { MAINTENANCE_SETTINGS_MESSAGES, type MaintenanceActivity } from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import { useMaintenanceActivity } from "../api.ts";
import { maintenancePaths } from "../model.ts";

const TITLE = "Maintenance activity";

/**
 * /{building}/maintenance/activity (document 2 sections 2, 9): what happened to the building's
 * requests in the last 48 hours, newest first, refreshed every 10 seconds; each entry links to
 * its request.
 */
export const Component = maintenanceScreen(Page);

function Page() {
  usePageTitle(TITLE);
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const activity = useMaintenanceActivity(building);

  return (
    <Box>
      <PageHeader
        title={TITLE}
        subtitle="The past 48 hours"
        back={{ to: maintenancePaths.list(building), label: "Maintenance requests" }}
      />
      <LoadedList
        query={activity}
        items={activity.data}
        loadingLabel="Loading activity"
        empty={MAINTENANCE_SETTINGS_MESSAGES.noActivity}
      >
        {(events) => (
          <Box component="ol" aria-label={TITLE} sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
            {events.map((e) => (
              <ActivityItem key={e.id} event={e} building={building} timeZone={tz} />
            ))}
          </Box>
        )}
      </LoadedList>
    </Box>
  );
}

function ActivityItem({
  event: e,
  building,
  timeZone,
}: {
  event: MaintenanceActivity;
  building: number;
  timeZone?: string;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: "flex", flexWrap: "wrap", gap: 1.5 }}>
      <Box sx={{ minWidth: 96, color: "text.secondary" }}>
        <Typography sx={{ fontWeight: 600, color: "text.primary" }}>
          {formatZonedTime(e.date_created, timeZone)}
        </Typography>
        <Typography variant="body2">{formatZonedDate(e.date_created, timeZone)}</Typography>
      </Box>
      <Box sx={{ flex: "1 1 240px", minWidth: 0 }}>
        <Typography>
          <Link
            component={RouterLink}
            to={maintenancePaths.detail(building, e.maintenance_request_id)}
            sx={{ fontWeight: 600 }}
          >
            Request #{e.maintenance_request_id}
          </Link>
          {e.apartment_number ? ` · Unit ${e.apartment_number}` : ""}
          {e.maintenance_request_type_name ? ` · ${e.maintenance_request_type_name}` : ""}
        </Typography>
        <Typography variant="body2">
          {e.type_display}
          {e.performed_by ? ` by ${e.performed_by}` : ""}
        </Typography>
        {e.note && (
          <Typography
            variant="body2"
            sx={{ color: "text.secondary", whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            {e.note}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
