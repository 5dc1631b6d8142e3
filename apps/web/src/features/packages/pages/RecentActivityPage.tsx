import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { MESSAGES, PACKAGE_MESSAGES as M, packagePaths } from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { usePackageActivity } from "../api.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

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
      {activity.isPending ? (
        <SectionProgress label="Loading activity" />
      ) : activity.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(activity.error))}</Alert>
      ) : rows.length === 0 ? (
        <EmptyState>{M.noActivity}</EmptyState>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Package activity">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Unit</TableCell>
                <TableCell>Package type</TableCell>
                <TableCell>Event</TableCell>
                <TableCell>Note</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Package</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id} hover>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    {formatZonedTime(e.date_created, tz)}
                    <Box component="span" sx={{ color: "text.secondary", ml: 1 }}>
                      {formatZonedDate(e.date_created, tz)}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{e.package.apartment_number}</TableCell>
                  <TableCell>
                    <PackageTypeChip type={e.package.package_type} withName />
                  </TableCell>
                  <TableCell>{e.type_display}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{e.note}</TableCell>
                  <TableCell>{e.performed_by ?? "—"}</TableCell>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={packagePaths.detail(building, e.package.id)}
                      aria-label={`View package ${e.package.id}`}
                    >
                      View
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
