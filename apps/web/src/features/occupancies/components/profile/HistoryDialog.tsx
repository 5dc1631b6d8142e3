import { useState } from "react";
import { useOccupancyEvents, useOccupantEvents } from "../../profile-api.ts";
import { LoadedEvents } from "./LoadedEvents.tsx";
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
  const [offset, setOffset] = useState(0);
  const events = useOccupancyEvents(occupancyId, { limit: PAGE, offset }, open);
  return (
    <ProfileDialog open={open} onClose={onClose} title={`History of unit ${apartmentNumber}`} maxWidth="md">
      <LoadedEvents
        events={events}
        loadingLabel="Loading history"
        label="Unit history"
        pager={{ label: "History pages", offset, limit: PAGE, onChange: setOffset }}
      />
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
  // The resident stays shown while the dialog hides.
  const [shown, setShown] = useState(occupant);
  if (occupant && occupant !== shown) setShown(occupant);
  const events = useOccupantEvents(shown?.id ?? null);
  return (
    <ProfileDialog open={occupant !== null} onClose={onClose} title={`History of ${shown?.name ?? "resident"}`}>
      <LoadedEvents events={events} loadingLabel="Loading history" label="Resident history" />
    </ProfileDialog>
  );
}
