import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import PrintIcon from "@mui/icons-material/Print";
import { MAINTENANCE_MESSAGES, type MaintenanceRequest } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PrintStyles } from "../../../components/PrintStyles.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { maintenanceScreen } from "../components/MaintenanceGate.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useMaintenanceRequestsByIds } from "../api.ts";
import { CommentLine } from "../components/CommentLine.tsx";
import { categoryOf, idsOf, maintenancePaths, occupantNames, personName, statusLabel } from "../model.ts";

/**
 * /{building}/maintenance/requests/bulk-print?ids=a,b,c (document 2 section 2): the chosen
 * requests, one printable block each (a page each on paper) with the detail's essentials and a
 * line for the resident's signature.
 */
export const Component = maintenanceScreen(Page);

function Page() {
  usePageTitle("Bulk print maintenance requests");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const [params] = useSearchParams();
  const ids = idsOf(params.get("ids"));
  const queries = useMaintenanceRequestsByIds(building, ids);
  const loading = queries.some((q) => q.isPending);

  return (
    <Box>
      <PrintStyles />
      <PageHeader
        title="Maintenance requests"
        subtitle={ids.length === 1 ? "1 request" : `${ids.length} requests`}
        back={{ to: maintenancePaths.list(building), label: "Maintenance requests" }}
        actions={
          <Button
            variant="contained"
            startIcon={<PrintIcon />}
            onClick={() => window.print()}
            disabled={loading || ids.length === 0}
          >
            Print
          </Button>
        }
      />
      {ids.length === 0 && <Alert severity="error">{MAINTENANCE_MESSAGES.selectAtLeastOne}</Alert>}
      {ids.map((id, i) => {
        const q = queries[i];
        if (!q || q.isPending) return <SectionProgress key={id} label={`Loading request ${id}`} />;
        if (q.isError)
          return (
            <Alert key={id} severity="error" sx={{ mb: 2 }} className="print-hide">
              {`Request #${id}: ${errorMessage(q.error)}`}
            </Alert>
          );
        return <RequestBlock key={id} request={q.data} timeZone={tz} last={i === ids.length - 1} />;
      })}
    </Box>
  );
}

/** One request on paper: the detail's essentials, its comments, and a signing line. */
function RequestBlock({
  request: r,
  timeZone,
  last,
}: {
  request: MaintenanceRequest;
  timeZone?: string;
  last: boolean;
}) {
  const headingId = `bulk-print-${r.id}`;
  const contacts = r.occupant_set
    .filter((o) => o.is_active)
    .map((o) => [personName(o), o.phone_number, o.email].filter(Boolean).join(" · "));
  const facts: [string, string][] = [
    ["Unit", `${r.apartment_number}${occupantNames(r.occupant_set) ? ` – ${occupantNames(r.occupant_set)}` : ""}`],
    ["Request type", categoryOf(r)],
    ["Status", statusLabel(r)],
    ["Priority", r.is_high_priority ? "High" : "Normal"],
    ["Permission to enter", r.is_permission_to_enter ? "Yes" : "No"],
    ["Entry instructions", r.permission_to_enter_comments],
    [
      "Entered by",
      [personName(r.entered_by), r.entered_by?.role_display, formatZonedDateTime(r.date_opened, timeZone)]
        .filter(Boolean)
        .join(", "),
    ],
    ["Assigned to", r.employee_name ?? ""],
    ["Closed on", formatZonedDate(r.date_closed, timeZone)],
    ["Contact info", contacts.join("\n")],
    ["Additional contact info", [r.additional_emails, r.additional_phone_numbers].filter(Boolean).join("\n")],
  ];
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, mb: 3, breakInside: "avoid", ...(last ? {} : { "@media print": { breakAfter: "page" } }) }}
    >
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        Request #{r.id} – Unit {r.apartment_number}
      </Typography>
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <Box key={k} sx={{ display: "contents" }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {k}
              </Box>
              <Box component="dd" sx={{ m: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {v}
              </Box>
            </Box>
          ))}
      </Box>
      <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mt: 2 }}>
        Description
      </Typography>
      <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.description}</Typography>
      {r.comments.length > 0 && (
        <>
          <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mt: 2 }}>
            Comments
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
            {r.comments.map((c) => (
              <li key={c.id}>
                <CommentLine comment={c} timeZone={timeZone} />
              </li>
            ))}
          </Box>
        </>
      )}
      <Box sx={{ display: "flex", gap: 4, mt: 5 }} role="group" aria-label="Signature line">
        <Box sx={{ flex: 2, borderTop: "1px solid", pt: 0.5 }}>Signature</Box>
        <Box sx={{ flex: 1, borderTop: "1px solid", pt: 0.5 }}>Date</Box>
      </Box>
    </Paper>
  );
}
