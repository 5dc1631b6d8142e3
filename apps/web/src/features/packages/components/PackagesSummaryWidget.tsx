import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { MESSAGES, type PackageSummary } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { formatZonedDateTime, inZone } from "../../../lib/zonedDates.ts";
import { usePackageSummary } from "../summary-api.ts";
import { PackageTypeChip } from "./PackageTypeChip.tsx";

/** The package list, every status or open only, of every unit profile (the summary's counts). */
function listLink(building: number, filters: Record<string, string>): string {
  const p = new URLSearchParams({ ...filters, include_deactivated_units: "true" });
  return `/${building}/packages/list?${p}`;
}

/** 'Today', '1 day', '9 days': whole days in the building's zone since it was opened. */
export function waitingFor(opened: string, timeZone: string | undefined, now: number = Date.now()): string {
  const days = inZone(now, timeZone).startOf("day").diff(inZone(opened, timeZone).startOf("day"), "day");
  if (days <= 0) return "Today";
  return days === 1 ? "1 day" : `${days} days`;
}

function Figure({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      sx={{
        flex: 1,
        flexDirection: "column",
        alignItems: "flex-start",
        textAlign: "left",
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        px: 1.5,
        py: 1,
        "&:hover, &:focus-visible": { bgcolor: "action.hover" },
      }}
    >
      <Typography component="span" sx={{ fontSize: "1.75rem", fontWeight: 700, lineHeight: 1.2 }}>
        {value.toLocaleString("en-US")}
      </Typography>
      <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
    </ButtonBase>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ fontSize: "0.95rem", color: "text.secondary", mb: 0.75 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SummaryBody({ summary, building, timeZone }: { summary: PackageSummary; building: number; timeZone?: string }) {
  const oldest = summary.oldest_waiting;
  return (
    <>
      <Box sx={{ display: "flex", gap: 1.5 }}>
        <Figure label="Open" value={summary.open_count} to={`/${building}/packages`} />
        <Figure
          label="Logged today"
          value={summary.logged_today}
          to={listLink(building, { package_status: "OPEN,CLOSED", min_date_opened: summary.today })}
        />
      </Box>
      <Section title="Oldest waiting">
        {oldest ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <PackageTypeChip type={oldest.package_type} />
            <Link component={RouterLink} to={`/${building}/packages/${oldest.id}`} sx={{ fontWeight: 600 }}>
              Unit {oldest.apartment_number}
            </Link>
            <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
              {waitingFor(oldest.date_opened, timeZone)} · logged {formatZonedDateTime(oldest.date_opened, timeZone)}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            No packages waiting
          </Typography>
        )}
      </Section>
      <Section title="Open by type">
        {summary.open_by_type.length === 0 ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            No packages to display
          </Typography>
        ) : (
          <Box component="ul" aria-label="Open packages by type" sx={{ listStyle: "none", p: 0, m: 0 }}>
            {summary.open_by_type.map(({ package_type: type, count }) => (
              <Box
                component="li"
                key={type.id}
                sx={{
                  display: "flex",
                  alignItems: "center",
                  gap: 1,
                  py: 0.5,
                  borderBottom: 1,
                  borderColor: "divider",
                  "&:last-of-type": { borderBottom: 0 },
                }}
              >
                <PackageTypeChip type={type} />
                <Link
                  component={RouterLink}
                  to={listLink(building, { package_status: "OPEN", package_type: String(type.id) })}
                  sx={{ flex: 1 }}
                >
                  {type.name}
                </Link>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {count.toLocaleString("en-US")}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
    </>
  );
}

/** The dashboard's Packages widget: open and logged today, the oldest waiting, open by type. */
export function PackagesSummaryWidget() {
  const { id: building, building: info } = useBuilding();
  const summary = usePackageSummary(building);
  return (
    <Box aria-busy={summary.isFetching}>
      {summary.isPending ? (
        <SectionProgress label="Loading the packages summary" />
      ) : summary.isError ? (
        <Alert severity="error">{MESSAGES.widgetError(errorMessage(summary.error))}</Alert>
      ) : (
        <SummaryBody summary={summary.data} building={building} timeZone={info?.time_zone} />
      )}
      <Box sx={{ display: "flex", gap: 1, mt: 2, flexWrap: "wrap" }}>
        <Button component={RouterLink} to={`/${building}/packages/log`} variant="contained" size="small">
          Log packages
        </Button>
        <Button component={RouterLink} to={`/${building}/packages`} variant="outlined" size="small">
          Package grid
        </Button>
      </Box>
    </Box>
  );
}
