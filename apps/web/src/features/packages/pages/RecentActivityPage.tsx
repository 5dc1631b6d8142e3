import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { PACKAGE_MESSAGES as M, packagePaths } from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { usePackageActivity } from "../api.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { LoadedTable, type TableTexts } from "../components/RecordTable.tsx";

const ACTIVITY_TABLE: TableTexts = { label: "Package activity", loadingLabel: "Loading activity", empty: M.noActivity };

/** /{building}/packages/recent-activity: package events of the past 24 hours, newest first. */
export function Component() {
  usePageTitle("Recent package activity");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const activity = usePackageActivity(building);
  const rows = activity.data?.results ?? [];

  return (
    <Box>
      <PageHeader
        title="Recent package activity"
        subtitle="The past 24 hours"
        back={{ to: packagePaths.grid(building), label: "Packages" }}
      />
      <LoadedTable
        {...ACTIVITY_TABLE}
        query={activity}
        items={rows}
        columns={[
          {
            header: "Time",
            sx: { whiteSpace: "nowrap" },
            cell: (e) => (
              <>
                {formatZonedTime(e.date_created, tz)}
                <Box component="span" sx={{ color: "text.secondary", ml: 1 }}>
                  {formatZonedDate(e.date_created, tz)}
                </Box>
              </>
            ),
          },
          { header: "Unit", cell: (e) => e.package.apartment_number, sx: { fontWeight: 600 } },
          { header: "Package type", cell: (e) => <PackageTypeChip type={e.package.package_type} withName /> },
          { header: "Event", cell: (e) => e.type_display },
          { header: "Note", cell: (e) => e.note, sx: { overflowWrap: "anywhere" } },
          { header: "By", cell: (e) => e.performed_by ?? "—" },
          {
            header: "Package",
            cell: (e) => (
              <Link
                component={RouterLink}
                to={packagePaths.detail(building, e.package.id)}
                aria-label={`View package ${e.package.id}`}
              >
                View
              </Link>
            ),
          },
        ]}
      />
    </Box>
  );
}
