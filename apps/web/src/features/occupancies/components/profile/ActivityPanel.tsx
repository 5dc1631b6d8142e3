import { useState } from "react";
import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../../lib/api.ts";
import { useOptionalBuilding } from "../../../../lib/session.tsx";
import { useOccupancyEvents } from "../../profile-api.ts";
import { EventList, Pager } from "./EventList.tsx";
import { ProfilePanel } from "./ProfilePanel.tsx";

export const ACTIVITY_PAGE_SIZE = 10;

/** 'Activity': the unit's events (profile, residents, flags, notes), newest first, 10 a page. */
export function ActivityPanel({ occupancyId }: { occupancyId: number }) {
  const tz = useOptionalBuilding()?.building?.time_zone;
  const [offset, setOffset] = useState(0);
  const events = useOccupancyEvents(occupancyId, { limit: ACTIVITY_PAGE_SIZE, offset });
  return (
    <ProfilePanel title="Activity" id={`activity-${occupancyId}`}>
      {events.isPending ? (
        <SectionProgress label="Loading activity" />
      ) : events.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(events.error))}</Alert>
      ) : (
        <>
          <EventList events={events.data.results} label="Activity" timeZone={tz} dense />
          <Pager
            label="Activity pages"
            offset={offset}
            limit={ACTIVITY_PAGE_SIZE}
            count={events.data.count}
            onChange={setOffset}
            busy={events.isFetching}
          />
        </>
      )}
    </ProfilePanel>
  );
}
