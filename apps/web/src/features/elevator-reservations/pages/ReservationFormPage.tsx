import { useParams, useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { ELEVATOR_MESSAGES as M, isValidDay } from "@portico/contract";
import { Fact } from "../../../components/Fact.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { dayInZone, formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useElevatorReservation } from "../api.ts";
import { DecisionActions } from "../components/DecisionActions.tsx";
import { emptyReservationValues, ReservationForm, reservationValuesOf } from "../components/ReservationForm.tsx";
import { contactOf, dayLabel, flagsOf, reservationPaths } from "../model.ts";
import { useReservationTypes } from "../typesApi.ts";

/**
 * /{building}/reservations/create?date=YYYY-MM-DD and /{building}/reservations/{id}/edit
 * (document 3 sections 2, 5, 9): the reservation form; the edit page also shows the status and,
 * for deciders, Approve / Deny / Cancel.
 */
export function Component() {
  const can = useCan();
  if (!can("elevator.use")) return <NotFound />;
  return <FormPage />;
}

function FormPage() {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const raw = useParams().reservationId;
  const [search] = useSearchParams();
  const editing = raw !== undefined;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  const title = editing ? "Edit service elevator reservation" : "New service elevator reservation";
  usePageTitle(title);
  const types = useReservationTypes(building);
  const reservation = useElevatorReservation(id, building);
  const back = { to: reservationPaths.list(building), label: "Service elevator reservations" };
  const header = <PageHeader title={title} back={back} />;

  if (editing && (id === 0 || reservation.isError))
    return (
      <Box>
        {header}
        <Alert severity="error">{id === 0 ? M.notFound : errorMessage(reservation.error)}</Alert>
      </Box>
    );
  if (types.isError)
    return (
      <Box>
        {header}
        <Alert severity="error">{M.listError(errorMessage(types.error))}</Alert>
      </Box>
    );
  if (types.isPending || (editing && reservation.isPending)) return <SectionProgress label="Loading the reservation" />;
  if (types.data.length === 0)
    return (
      <Box>
        {header}
        <Alert severity="warning">{M.noTypes}</Alert>
      </Box>
    );

  const r = editing ? reservation.data : undefined;
  const date = search.get("date");
  const initial = r ? reservationValuesOf(r) : emptyReservationValues(date && isValidDay(date) ? date : dayInZone(tz));
  return (
    <Box>
      {header}
      {r && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 860, display: "grid", gap: 1 }}>
          <Box
            component="dl"
            sx={{ m: 0, display: "grid", columnGap: 2, rowGap: 0.5, gridTemplateColumns: "max-content minmax(0, 1fr)" }}
          >
            <Fact label="Status">
              {r.status_display}
              {r.status_event?.performed_by ? ` by ${r.status_event.performed_by}` : ""}
              {r.status_event ? ` on ${formatZonedDateTime(r.status_event.date_created, tz)}` : ""}
            </Fact>
            <Fact label="Entered">
              {formatZonedDateTime(r.date_created, tz)}
              {r.entered_by ? ` by ${r.entered_by}` : ""}
            </Fact>
            <Fact label="For">
              {[r.apartment_number, contactOf(r)].filter(Boolean).join(" – ")} on {dayLabel(r.reservation_date)}
            </Fact>
          </Box>
          {r.deny_reason && <Alert severity="warning">Denied: {r.deny_reason}</Alert>}
          {flagsOf(r).map((f) => (
            <Alert key={f} severity="error">
              {f}
            </Alert>
          ))}
          <DecisionActions reservation={r} building={building} label="this reservation" />
        </Paper>
      )}
      <ReservationForm key={r?.id ?? "new"} building={building} types={types.data} initial={initial} reservation={r} />
    </Box>
  );
}
