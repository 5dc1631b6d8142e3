import Box from "@mui/material/Box";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { LoadedList } from "../../../../components/LoadedList.tsx";
import { usePackageEvents } from "../../api.ts";
import { RecordTable } from "../RecordTable.tsx";
import { DetailSection } from "./DetailSection.tsx";

/** The package's events, oldest first as the API lists them. */
export function PackageActivity({ id, building, tz }: { id: number; building: number; tz?: string }) {
  const events = usePackageEvents(id, building);
  return (
    <DetailSection id="package-activity" title="Activity">
      <LoadedList query={events} items={events.data?.results} loadingLabel="Loading activity" empty="No events">
        {(rows) => (
          <Box sx={{ overflowX: "auto" }}>
            <RecordTable
              label="Package events"
              rows={rows}
              rowKey={(e) => e.id}
              columns={[
                { header: "Date", cell: (e) => formatZonedDateTime(e.date_created, tz), sx: { whiteSpace: "nowrap" } },
                { header: "Event", cell: (e) => e.type_display },
                { header: "Note", cell: (e) => e.note, sx: { overflowWrap: "anywhere" } },
                { header: "By", cell: (e) => e.performed_by ?? "—" },
              ]}
            />
          </Box>
        )}
      </LoadedList>
    </DetailSection>
  );
}
