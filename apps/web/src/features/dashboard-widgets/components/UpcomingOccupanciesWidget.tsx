import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { DASHBOARD_MESSAGES as M, type UpcomingOccupancy } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { useUpcomingOccupancies } from "../api.ts";
import { occupancyRows, widgetPaths } from "../model.ts";
import { NoResults, WidgetList, WidgetRow, WidgetStatus } from "./WidgetStatus.tsx";

function Row({ o, building }: { o: UpcomingOccupancy; building: number }) {
  return (
    <WidgetRow>
      <Box sx={{ display: "flex", gap: 1, alignItems: "baseline" }}>
        <Link component={RouterLink} to={widgetPaths.profile(building, o.id)} sx={{ fontWeight: 600 }}>
          Unit {o.apartment_number}
        </Link>
        <Typography variant="body2" sx={{ color: "text.secondary", ml: "auto" }}>
          {formatDate(o.lease_start_date)}
        </Typography>
      </Box>
      {o.occupant_set.map((p) => (
        <Box key={p.id} sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, mt: 0.25 }}>
          <Typography variant="body2">{`${p.first_name} ${p.last_name}`.trim()}</Typography>
          {p.clubs.map((c) => (
            <Chip key={c.id} size="small" variant="outlined" label={c.name} />
          ))}
        </Box>
      ))}
    </WidgetRow>
  );
}

/**
 * 'Upcoming occupancies': leases starting today … in 3 days, their residents and clubs; 10 rows,
 * else 9 and '+N more - view all' (the unit list by lease start).
 */
export function UpcomingOccupanciesWidget() {
  const { id: building, building: info } = useBuilding();
  const query = useUpcomingOccupancies(building);
  return (
    <WidgetStatus query={query} label="the upcoming occupancies">
      {(data) => {
        if (!data.results.length) return <NoResults />;
        const { shown, more } = occupancyRows(data.results, data.count);
        return (
          <>
            <WidgetList label="Upcoming occupancies">
              {shown.map((o) => (
                <Row key={o.id} o={o} building={building} />
              ))}
            </WidgetList>
            {more > 0 && (
              <Link
                component={RouterLink}
                to={widgetPaths.upcomingUnits(building, dayInZone(info?.time_zone))}
                sx={{ display: "inline-block", mt: 1 }}
              >
                {M.moreOccupancies(more)}
              </Link>
            )}
          </>
        );
      }}
    </WidgetStatus>
  );
}
