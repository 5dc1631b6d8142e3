import type { UseQueryResult } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../../lib/api.ts";
import { useOptionalBuilding } from "../../../../lib/session.tsx";
import { EventList, type ListedEvent, Pager } from "../../../../components/EventList.tsx";
import { parseChangeNote } from "./model.ts";

export interface LoadedEventsProps {
  events: UseQueryResult<{ results: ListedEvent[]; count: number }>;
  /** The spinner's label while the first page loads. */
  loadingLabel: string;
  /** The list's accessible name. */
  label: string;
  dense?: boolean;
  /** Paged lists: the pager's name, where the page starts and its size. */
  pager?: { label: string; offset: number; limit: number; onChange: (offset: number) => void };
}

/** Events of the unit, a resident or a note, in the building's time zone: loading, failed, or listed. */
export function LoadedEvents({ events, loadingLabel, label, dense, pager }: LoadedEventsProps) {
  const tz = useOptionalBuilding()?.building?.time_zone;
  if (events.isPending) return <SectionProgress label={loadingLabel} />;
  if (events.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(events.error))}</Alert>;
  return (
    <>
      <EventList
        events={events.data.results}
        label={label}
        timeZone={tz}
        dense={dense}
        parseChanges={parseChangeNote}
      />
      {pager && <Pager {...pager} count={events.data.count} busy={events.isFetching} />}
    </>
  );
}
