import { useState } from "react";
import { useOccupancyEvents } from "../../profile-api.ts";
import { LoadedEvents } from "./LoadedEvents.tsx";
import { ProfilePanel } from "./ProfilePanel.tsx";

export const ACTIVITY_PAGE_SIZE = 10;

/** 'Activity': the unit's events (profile, residents, flags, notes), newest first, 10 a page. */
export function ActivityPanel({ occupancyId }: { occupancyId: number }) {
  const [offset, setOffset] = useState(0);
  const events = useOccupancyEvents(occupancyId, { limit: ACTIVITY_PAGE_SIZE, offset });
  return (
    <ProfilePanel title="Activity" id={`activity-${occupancyId}`}>
      <LoadedEvents
        events={events}
        loadingLabel="Loading activity"
        label="Activity"
        dense
        pager={{ label: "Activity pages", offset, limit: ACTIVITY_PAGE_SIZE, onChange: setOffset }}
      />
    </ProfilePanel>
  );
}
