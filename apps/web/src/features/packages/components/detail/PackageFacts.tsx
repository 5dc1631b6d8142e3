import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type Package, PACKAGE_MESSAGES as M } from "@portico/contract";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { RouterLink } from "../../../../components/RouterLink.tsx";
import { personName } from "../../model.ts";
import { PackageTypeChip } from "../PackageTypeChip.tsx";
import { DetailSection } from "./DetailSection.tsx";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A comment as typed (line breaks kept), or a dash. */
const CommentText = ({ text }: { text: string }) => (
  <Box component="span" sx={{ whiteSpace: "pre-wrap" }}>
    {text || "—"}
  </Box>
);

/** When, and by whom. */
const doneAt = (date: string | null, by: Package["opened_by"], tz?: string) =>
  `${formatZonedDateTime(date, tz)}${by ? ` by ${personName(by)}` : ""}`;

/** The package's details; a closed package's status is the link that re-opens it. */
export function PackageFacts({
  pkg,
  building,
  tz,
  onReopen,
}: {
  pkg: Package;
  building: number;
  tz?: string;
  onReopen: () => void;
}) {
  const open = pkg.status === "OPEN";
  return (
    <DetailSection id="package-details" title="Details">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gridTemplateColumns: { xs: "1fr", sm: "180px 1fr" },
          columnGap: 2,
          rowGap: 1,
          "& dt": { fontWeight: 600, color: "text.secondary" },
          "& dd": { m: 0, overflowWrap: "anywhere" },
        }}
      >
        <Field label="Status">
          {open ? (
            <Chip size="small" color="success" label={pkg.status_display} />
          ) : (
            <Link component="button" type="button" onClick={onReopen} sx={{ fontSize: "inherit" }}>
              {M.closedReopenLink}
            </Link>
          )}
        </Field>
        <Field label="Unit">
          <Link component={RouterLink} to={`/${building}/manage/unit-profiles/${pkg.occupancy_id}`}>
            {pkg.apartment_number}
          </Link>
          {pkg.occupancy_status !== "CURRENT" && (
            <Typography component="span" sx={{ ml: 1, color: "text.secondary" }}>
              ({pkg.occupancy_status === "FUTURE" ? "future tenant" : "inactive tenant"})
            </Typography>
          )}
        </Field>
        <Field label="Residents">
          {pkg.occupants.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(", ") || "—"}
        </Field>
        <Field label="Package type">
          <PackageTypeChip type={pkg.package_type} withName />
        </Field>
        <Field label="Opened">{doneAt(pkg.date_opened, pkg.opened_by, tz)}</Field>
        <Field label="Opening comment">
          <CommentText text={pkg.opening_comment} />
        </Field>
        {!open && (
          <>
            <Field label="Closed">{doneAt(pkg.date_closed, pkg.closed_by, tz)}</Field>
            <Field label="Closing comment">
              <CommentText text={pkg.closing_comment} />
            </Field>
            <Field label="Closing photo">
              {pkg.closing_photo_url ? (
                <Link href={pkg.closing_photo_url} target="_blank" rel="noopener">
                  <Box
                    component="img"
                    src={pkg.closing_photo_url}
                    alt={`Closing photo of package ${pkg.id}`}
                    sx={{ maxWidth: 280, maxHeight: 220, borderRadius: 1, border: 1, borderColor: "divider" }}
                  />
                </Link>
              ) : (
                "—"
              )}
            </Field>
          </>
        )}
        {pkg.carrier && <Field label="Carrier">{pkg.carrier}</Field>}
        {pkg.barcode && <Field label="Barcode">{pkg.barcode}</Field>}
      </Box>
    </DetailSection>
  );
}
