import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import AddIcon from "@mui/icons-material/Add";
import { ELEVATOR_MESSAGES as M } from "@portico/contract";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useCan } from "../../../lib/session.tsx";
import { reservationPaths } from "../model.ts";
import { useReservationTypes } from "../typesApi.ts";
import { useReadyToApproveCount } from "../api.ts";

export const RESERVATIONS_TITLE = "Service elevator reservations";

/**
 * The heading of /reservations/list and /calendar: the title, 'New reservation', the List and
 * Calendar tabs, and 'No Reservation Types Defined!…' when the building has no types.
 */
export function ReservationsHeader({ building, tab }: { building: number; tab: "list" | "calendar" }) {
  const can = useCan();
  const types = useReservationTypes(building);
  const none = types.data?.length === 0;
  const decider = can("elevator.decide");
  const ready = useReadyToApproveCount(building, decider).data?.count ?? 0;
  return (
    <>
      <PageHeader
        title={RESERVATIONS_TITLE}
        subtitle={decider && ready > 0 ? <Chip size="small" label={`${ready} awaiting approval`} /> : undefined}
        actions={
          can("elevator.use") &&
          !none && (
            <Button
              variant="contained"
              component={RouterLink}
              to={reservationPaths.create(building)}
              startIcon={<AddIcon />}
            >
              New reservation
            </Button>
          )
        }
      />
      {none && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {M.noTypes}
        </Alert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs value={tab} aria-label="Reservation views">
          <Tab value="list" label="List" component={RouterLink} to={reservationPaths.list(building)} />
          <Tab value="calendar" label="Calendar" component={RouterLink} to={reservationPaths.calendar(building)} />
        </Tabs>
      </Box>
    </>
  );
}
