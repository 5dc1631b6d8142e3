import { useId, useMemo } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import PrintIcon from "@mui/icons-material/Print";
import {
  MESSAGES,
  type Package,
  PACKAGE_UI_MESSAGES,
  packagePaths,
  PROFILE_PACKAGES_LIMIT,
  PROFILE_RECENTLY_CLOSED_DAYS,
} from "@portico/contract";
import { errorMessage, type Page } from "../../../lib/api.ts";
import { useOptionalBuilding } from "../../../lib/session.tsx";
import { dayInZone, formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { usePackages } from "../api.ts";
import { ActionButtons } from "./ActionButtons.tsx";
import { PackageTypeChip } from "./PackageTypeChip.tsx";

export interface ProfilePackagesPanelProps {
  buildingId: number;
  occupancyId: number;
}

/**
 * The unit profile's Packages panel (document 1 sections 2.4, 9): the unit's open packages and
 * those closed in the past 60 days, 10 each, linking to each package, to logging and closing
 * for the unit, and to its printable list.
 */
export function ProfilePackagesPanel({ buildingId, occupancyId }: ProfilePackagesPanelProps) {
  const headingId = useId();
  const tz = useOptionalBuilding()?.building?.time_zone;
  const since = useMemo(() => dayInZone(tz, PROFILE_RECENTLY_CLOSED_DAYS), [tz]);
  const open = usePackages({
    building: buildingId,
    occupancy: occupancyId,
    package_status: "OPEN",
    limit: PROFILE_PACKAGES_LIMIT,
  });
  const closed = usePackages({
    building: buildingId,
    occupancy: occupancyId,
    package_status: "CLOSED",
    min_date_closed: since,
    ordering: "-date_closed",
    limit: PROFILE_PACKAGES_LIMIT,
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: 1 }}>
          Packages
        </Typography>
        <ActionButtons
          size="small"
          actions={[
            { label: "Log packages", icon: <AddIcon />, to: packagePaths.log(buildingId, occupancyId) },
            { label: "Close packages", icon: <DoneAllIcon />, to: packagePaths.close(buildingId, occupancyId) },
            {
              label: "Print",
              icon: <PrintIcon />,
              to: packagePaths.printInventory(buildingId, { occupancy_id: occupancyId, groupBy: "unit" }),
            },
          ]}
        />
      </Box>
      <Section
        title="Open"
        query={open}
        empty={PACKAGE_UI_MESSAGES.noOpenForUnit}
        buildingId={buildingId}
        when={(p) => `Opened ${formatZonedDateTime(p.date_opened, tz)}`}
      />
      <Section
        title={`Closed in the past ${PROFILE_RECENTLY_CLOSED_DAYS} days`}
        query={closed}
        empty={PACKAGE_UI_MESSAGES.noRecentlyClosed}
        buildingId={buildingId}
        when={(p) => `Closed ${formatZonedDateTime(p.date_closed, tz)}`}
      />
    </Paper>
  );
}

function Section({
  title,
  query,
  empty,
  buildingId,
  when,
}: {
  title: string;
  query: { data?: Page<Package>; isPending: boolean; isError: boolean; error: unknown };
  empty: string;
  buildingId: number;
  when: (p: Package) => string;
}) {
  const id = useId();
  const rows = query.data?.results ?? [];
  const count = query.data?.count ?? 0;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 1.5 }}>
      <Typography id={id} variant="h3" sx={{ fontSize: "1rem", mb: 0.5 }}>
        {title}
        {query.data ? ` (${count})` : ""}
      </Typography>
      {query.isPending ? (
        <SectionProgress label={`Loading ${title.toLowerCase()} packages`} />
      ) : query.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(query.error))}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((p) => (
            <ListItem key={p.id} disableGutters sx={{ gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
              <PackageTypeChip type={p.package_type} />
              <Box sx={{ flex: 1, minWidth: 160 }}>
                <Link component={RouterLink} to={packagePaths.detail(buildingId, p.id)}>
                  {p.package_type.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {when(p)}
                  {p.opening_comment ? ` · ${p.opening_comment}` : ""}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {count > rows.length && (
        <Typography variant="body2" color="text.secondary">
          Showing {rows.length} of {count}.
        </Typography>
      )}
    </Box>
  );
}
