import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ListAltIcon from "@mui/icons-material/ListAlt";
import { ELEVATOR_MAX_LIMIT, ELEVATOR_MESSAGES as M } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useCloseOnNavigate } from "../../../lib/useCloseOnNavigate.ts";
import { dayInZone, formatZonedDayHeading } from "../../../lib/zonedDates.ts";
import { useElevatorReservations } from "../api.ts";
import { contactOf, flagsOf, reservationPaths, timeRangeOf } from "../model.ts";
import { DecisionActions } from "./DecisionActions.tsx";

/**
 * The Elevators drawer (document 1 section 2.1): today's service elevator reservations of the
 * building, by start time, each with its status (and the decisions for deciders), a link to its
 * edit page, 'New reservation' and the full list.
 */
export function ElevatorsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const can = useCan();
  useCloseOnNavigate(onClose);
  if (!can("nav.elevators")) return null;
  return (
    <SideDrawer open={open} onClose={onClose} title="Today's service elevator reservations" width={520}>
      {open && <TodaysReservations />}
    </SideDrawer>
  );
}

function TodaysReservations() {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const today = dayInZone(tz);
  const list = useElevatorReservations(building, {
    min_start_date: today,
    max_start_date: today,
    ordering: "start_time",
    limit: ELEVATOR_MAX_LIMIT,
  });
  const rows = list.data?.results ?? [];
  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Typography sx={{ flex: 1, color: "text.secondary" }}>{formatZonedDayHeading(Date.now(), tz)}</Typography>
        <Button
          size="small"
          component={RouterLink}
          to={reservationPaths.create(building, today)}
          startIcon={<AddIcon />}
        >
          New reservation
        </Button>
        <Button size="small" component={RouterLink} to={reservationPaths.list(building)} startIcon={<ListAltIcon />}>
          All reservations
        </Button>
      </Box>
      {list.isPending ? (
        <SectionProgress label="Loading today's reservations" />
      ) : list.isError ? (
        <Alert severity="error">{M.listError(errorMessage(list.error))}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: "text.secondary" }}>{M.noResults}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Today's reservations"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
        >
          {rows.map((r) => (
            <Paper component="li" variant="outlined" key={r.id} sx={{ p: 1.5, display: "grid", gap: 0.5 }}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "baseline" }}>
                <Typography sx={{ fontWeight: 600, flex: 1 }}>{timeRangeOf(r)}</Typography>
                <Link component={RouterLink} to={reservationPaths.edit(building, r.id)}>
                  {r.reservation_type_name}
                </Link>
              </Box>
              <Typography variant="body2">{[r.apartment_number, contactOf(r)].filter(Boolean).join(" – ")}</Typography>
              {r.details_text && (
                <Typography variant="body2" sx={{ color: "text.secondary", whiteSpace: "pre-wrap" }}>
                  {r.details_text}
                </Typography>
              )}
              {flagsOf(r).map((f) => (
                <Typography key={f} variant="body2" sx={{ color: "error.main" }}>
                  {f}
                </Typography>
              ))}
              <DecisionActions
                reservation={r}
                building={building}
                label={`${r.apartment_number ?? ""} ${timeRangeOf(r)}`}
              />
            </Paper>
          ))}
        </Box>
      )}
    </>
  );
}
