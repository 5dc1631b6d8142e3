import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ActiveEmployee } from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { formatZonedTime } from "../../../lib/zonedDates.ts";
import { useActiveEmployees } from "../api.ts";
import { NoResults, WidgetList, WidgetRow, WidgetStatus } from "./WidgetStatus.tsx";

const nameOf = (e: ActiveEmployee) => `${e.app_user.first_name} ${e.app_user.last_name}`.trim();
const initials = (e: ActiveEmployee) =>
  `${e.app_user.first_name.charAt(0)}${e.app_user.last_name.charAt(0)}`.toUpperCase() || "?";

/** 'Active employees today': the building's staff who signed in today, the latest first. */
export function ActiveEmployeesWidget() {
  const { id: building, building: info } = useBuilding();
  const query = useActiveEmployees(building);
  return (
    <WidgetStatus query={query} label="the active employees">
      {(data) =>
        data.results.length === 0 ? (
          <NoResults />
        ) : (
          <WidgetList label="Active employees today">
            {data.results.map((e) => (
              <WidgetRow inline key={e.id}>
                <Avatar src={e.photo_url_thumbnail ?? undefined} alt={nameOf(e)} sx={{ width: 36, height: 36, bgcolor: "secondary.main" }}>
                  {initials(e)}
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {nameOf(e)}
                  </Typography>
                  {e.title && (
                    <Typography variant="body2" sx={{ color: "text.secondary" }} noWrap>
                      {e.title}
                    </Typography>
                  )}
                </Box>
                {e.app_user.last_login && (
                  <Typography variant="body2" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
                    {formatZonedTime(e.app_user.last_login, info?.time_zone)}
                  </Typography>
                )}
              </WidgetRow>
            ))}
          </WidgetList>
        )
      }
    </WidgetStatus>
  );
}
