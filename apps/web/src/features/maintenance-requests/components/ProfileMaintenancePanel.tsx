import { useId, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TablePagination from "@mui/material/TablePagination";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ListAltIcon from "@mui/icons-material/ListAlt";
import { MAINTENANCE_PROFILE_PAGE_SIZE, MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useOptionalBuilding } from "../../../lib/session.tsx";
import { formatZonedDate } from "../../../lib/zonedDates.ts";
import { useMaintenanceRequests } from "../api.ts";
import { maintenancePaths, profileQuery, type ProfileStatus, statusLabel } from "../model.ts";

/**
 * The unit profile's Maintenance requests panel (document 1 section 2.4, issue item 10): the
 * unit profile's requests, open or closed (a toggle), newest first, 5 a page; each links to its
 * request and shows its status ('On Hold until {date}'); a link files a new one for the unit.
 */
export function ProfileMaintenancePanel({
  buildingId,
  occupancyId,
  apartmentId,
}: {
  buildingId: number;
  occupancyId: number;
  apartmentId?: number | null;
}) {
  const headingId = useId();
  const tz = useOptionalBuilding()?.building?.time_zone;
  const [status, setStatus] = useState<ProfileStatus>("open");
  const [page, setPage] = useState(0);
  const query = useMaintenanceRequests(buildingId, profileQuery(occupancyId, status, page), { refetch: false });
  const rows = query.data?.results ?? [];
  const listLink = maintenancePaths.list(buildingId, apartmentId ? `apartment=${apartmentId}` : undefined);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: 1 }}>
          Maintenance requests
        </Typography>
        <Button
          size="small"
          component={RouterLink}
          to={maintenancePaths.create(buildingId, { apartmentId, occupancyId })}
          startIcon={<AddIcon />}
        >
          New maintenance request
        </Button>
        <Button size="small" component={RouterLink} to={listLink} startIcon={<ListAltIcon />}>
          All requests
        </Button>
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={status}
        onChange={(_, v: ProfileStatus | null) => {
          if (!v) return;
          setStatus(v);
          setPage(0);
        }}
        aria-label="Requests to show"
        sx={{ mb: 1 }}
      >
        <ToggleButton value="open">Open</ToggleButton>
        <ToggleButton value="closed">Closed</ToggleButton>
      </ToggleButtonGroup>
      {query.isPending ? (
        <SectionProgress label="Loading maintenance requests" />
      ) : query.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(query.error))}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>
          {status === "open" ? "No open maintenance requests" : "No closed maintenance requests"}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={status === "open" ? "Open maintenance requests" : "Closed maintenance requests"}
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
        >
          {rows.map((r) => (
            <Box component="li" key={r.id}>
              <Link component={RouterLink} to={maintenancePaths.detail(buildingId, r.id)} sx={{ fontWeight: 600 }}>
                #{r.id} {r.maintenance_request_type_name}
              </Link>
              {r.is_high_priority && (
                <Typography component="span" variant="body2" sx={{ color: "error.dark", fontWeight: 600, ml: 1 }}>
                  High
                </Typography>
              )}
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {statusLabel(r)} · opened {formatZonedDate(r.date_opened, tz)}
                {r.date_closed ? ` · closed ${formatZonedDate(r.date_closed, tz)}` : ""}
                {r.employee_name ? ` · ${r.employee_name}` : ""}
              </Typography>
              <Typography
                variant="body2"
                sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
                title={r.description}
              >
                {r.description}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {(query.data?.count ?? 0) > MAINTENANCE_PROFILE_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={query.data?.count ?? 0}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={MAINTENANCE_PROFILE_PAGE_SIZE}
          rowsPerPageOptions={[MAINTENANCE_PROFILE_PAGE_SIZE]}
        />
      )}
    </Paper>
  );
}
