import { useState } from "react";
import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../../lib/api.ts";
import { useOptionalBuilding } from "../../../../lib/session.tsx";
import { useOccupancyEvents, useOccupantEvents } from "../../profile-api.ts";
import { EventList, Pager } from "./EventList.tsx";
import { ProfileDialog } from "./ProfileDialog.tsx";

const PAGE = 30;

/** 'View history': every event of the unit profile, 30 a page. */
export function HistoryDialog({
  occupancyId,
  apartmentNumber,
  open,
  onClose,
}: {
  occupancyId: number;
  apartmentNumber: string;
  open: boolean;
  onClose: () => void;
}) {
  const tz = useOptionalBuilding()?.building?.time_zone;
  const [offset, setOffset] = useState(0);
  const events = useOccupancyEvents(occupancyId, { limit: PAGE, offset }, open);
  return (
    <ProfileDialog open={open} onClose={onClose} title={`History of unit ${apartmentNumber}`} maxWidth="md">
      {events.isPending ? (
        <SectionProgress label="Loading history" />
      ) : events.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(events.error))}</Alert>
      ) : (
        <>
          <EventList events={events.data.results} label="Unit history" timeZone={tz} />
          <Pager
            label="History pages"
            offset={offset}
            limit={PAGE}
            count={events.data.count}
            onChange={setOffset}
            busy={events.isFetching}
          />
        </>
      )}
    </ProfileDialog>
  );
}

/** A resident's history (GET /core/occupants/{id}/events/). */
export function OccupantHistoryDialog({
  occupant,
  onClose,
}: {
  occupant: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const tz = useOptionalBuilding()?.building?.time_zone;
  // The resident stays shown while the dialog hides.
  const [shown, setShown] = useState(occupant);
  if (occupant && occupant !== shown) setShown(occupant);
  const events = useOccupantEvents(shown?.id ?? null);
  return (
    <ProfileDialog open={occupant !== null} onClose={onClose} title={`History of ${shown?.name ?? "resident"}`}>
      {events.isPending ? (
        <SectionProgress label="Loading history" />
      ) : events.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(events.error))}</Alert>
      ) : (
        <EventList events={events.data.results} label="Resident history" timeZone={tz} />
      )}
    </ProfileDialog>
  );
}
