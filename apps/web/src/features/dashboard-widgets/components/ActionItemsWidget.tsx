import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { DASHBOARD_MESSAGES as M } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { useActionItems } from "../api.ts";
import { widgetPaths } from "../model.ts";
import { NoResults, WidgetStatus } from "./WidgetStatus.tsx";

/**
 * 'Action items': service elevator requests to approve (to the list of requested ones) and
 * amenity reservations pending approval (to the amenity reservations), each shown only when the
 * server sends it (the viewer's own gates).
 */
export function ActionItemsWidget() {
  const { id: building } = useBuilding();
  const query = useActionItems(building);
  return (
    <WidgetStatus query={query} label="the action items">
      {(items) => {
        const rows = [
          items.elevator_requests_to_approve !== undefined && {
            key: "elevator",
            text: M.elevatorRequests(items.elevator_requests_to_approve),
            to: widgetPaths.elevatorRequests(building),
          },
          items.pending_amenity_approvals !== undefined && {
            key: "amenity",
            text: M.amenityApprovals(items.pending_amenity_approvals),
            to: widgetPaths.amenityReservations(building),
          },
        ].filter((r) => r !== false);
        if (!rows.length) return <NoResults />;
        return (
          <Box
            component="ul"
            aria-label="Action items"
            sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 0.75 }}
          >
            {rows.map((r) => (
              <li key={r.key}>
                <Link component={RouterLink} to={r.to}>
                  {r.text}
                </Link>
              </li>
            ))}
          </Box>
        );
      }}
    </WidgetStatus>
  );
}
