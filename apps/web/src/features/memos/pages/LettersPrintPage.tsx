import { Fragment } from "react";
import { useParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import PrintIcon from "@mui/icons-material/Print";
import { EMAIL_RECIPIENTS_MAX_LIMIT, RECIPIENT_NOT_MAILED } from "@portico/contract";
import { FullPageProgress } from "../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PrintStyles } from "../../../components/PrintStyles.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { buildingLabel, useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useEmailRecord, useRecordRecipients } from "../../email-history/index.ts";
import { letterPages } from "../model.ts";

/**
 * /{building}/communication/letters/{record}/print: a letter on paper, one page per unit for the
 * residents without e-mail (the record's recipients that were not mailed).
 */
export function Component() {
  usePageTitle("Print letters");
  const can = useCan();
  if (!can("email.history")) return <NotFound />;
  return <Page />;
}

function Page() {
  const { id: building, building: info } = useBuilding();
  const recordId = Number(useParams().recordId) || 0;
  const record = useEmailRecord(recordId, building);
  const recipients = useRecordRecipients(recordId, {
    state: RECIPIENT_NOT_MAILED,
    limit: EMAIL_RECIPIENTS_MAX_LIMIT,
    offset: 0,
  });
  if (!recordId) return <NotFound />;
  if (record.isPending || recipients.isPending) return <FullPageProgress />;
  if (record.isError || recipients.isError)
    return <Alert severity="error">{errorMessage(record.error ?? recipients.error)}</Alert>;
  const pages = letterPages(recipients.data.results);

  return (
    <Box>
      <PrintStyles />
      <PageHeader
        title={`Letters – ${record.data.subject}`}
        subtitle={`${pages.length} unit${pages.length === 1 ? "" : "s"} without e-mail · ${buildingLabel(info)}`}
        back={{ to: `/${building}/communication?tab=letters`, label: "Letters" }}
        actions={
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!pages.length}>
            Print
          </Button>
        }
      />
      {pages.length === 0 && <Alert severity="info">Every recipient of this letter has an e-mail address.</Alert>}
      {pages.map((p, i) => (
        <Fragment key={p.unit}>
          <Box
            component="article"
            aria-label={`Letter to unit ${p.unit}`}
            sx={{
              bgcolor: "background.paper",
              p: 4,
              mb: 3,
              border: 1,
              borderColor: "divider",
              "@media print": { border: 0, p: 0, m: 0, breakAfter: i < pages.length - 1 ? "page" : "auto" },
            }}
          >
            <Typography variant="body2" sx={{ mb: 2 }}>
              {buildingLabel(info)}
              <br />
              Unit {p.unit}
              <br />
              {p.names.join(", ")}
            </Typography>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {record.data.subject}
            </Typography>
            {/* The body was cleaned by the server's allowlist (no scripts, handlers or javascript: URLs). */}
            <Box sx={{ "& img": { maxWidth: "100%" } }} dangerouslySetInnerHTML={{ __html: record.data.body }} />
            <Typography variant="body2" sx={{ mt: 3 }}>
              {record.data.sender_name}
            </Typography>
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
