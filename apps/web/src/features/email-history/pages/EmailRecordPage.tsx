import { useParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { EMAIL_HISTORY_MESSAGES as M, EMAIL_RECORD_TYPE_TABS, type EmailRecordDetail } from "@portico/contract";
import { Fact } from "../../../components/Fact.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { errorMessage, NotFoundError } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useEmailRecord } from "../api.ts";
import { EmailBody } from "../components/EmailBody.tsx";
import { RecordRecipients } from "../components/RecordRecipients.tsx";
import { StateSummary } from "../components/StateChips.tsx";
import { historyPath } from "../model.ts";

/**
 * /{building}/communication/records/{id}: one email record of the history — subject, sender,
 * date, the body in a sandboxed frame, its attachments and its recipients with their states.
 */
export function Component() {
  const can = useCan();
  const { recordId } = useParams();
  const id = recordId && /^\d+$/.test(recordId) ? Number(recordId) : 0;
  if (!can("email.history") || !id) return <NotFound />;
  return <RecordPage id={id} />;
}

function RecordPage({ id }: { id: number }) {
  const { id: building } = useBuilding();
  const record = useEmailRecord(id, building);
  usePageTitle(record.data?.subject || "Email history");
  if (record.error instanceof NotFoundError) return <NotFound />;
  if (record.isError) return <Alert severity="error">{M.listError(errorMessage(record.error))}</Alert>;
  if (!record.data) return <CircularProgress aria-label="Loading" />;
  return <RecordView record={record.data} building={building} />;
}

function RecordView({ record, building }: { record: EmailRecordDetail; building: number }) {
  const { building: info } = useBuilding();
  return (
    <Box>
      <PageHeader
        title={record.subject || M.noSubject}
        back={{ to: historyPath(building, null, record.type), label: EMAIL_RECORD_TYPE_TABS[record.type] }}
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="dl"
          sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 1 }}
        >
          <Fact label="Sender">
            {record.sender_name}
            {record.sender_email ? ` <${record.sender_email}>` : ""}
          </Fact>
          <Fact label="Date">{formatZonedDateTime(record.date_created, info?.time_zone)}</Fact>
          <Fact label="Recipients">{String(record.recipient_count)}</Fact>
          {record.additional_recipients && <Fact label="Additional recipients">{record.additional_recipients}</Fact>}
          <Fact label="Delivery">
            <StateSummary record={record} />
          </Fact>
          <Fact label="Attachments">
            {record.attachment_set.length === 0
              ? M.noAttachments
              : record.attachment_set.map((a) => (
                  <Link
                    key={a.attachment_url}
                    href={a.attachment_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mr: 2 }}
                  >
                    <AttachFileIcon fontSize="small" aria-hidden />
                    {a.name}
                  </Link>
                ))}
          </Fact>
        </Box>
      </Paper>
      <Box sx={{ mb: 3 }}>
        <EmailBody html={record.body} />
      </Box>
      <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
        Recipients
      </Typography>
      <RecordRecipients recordId={record.id} building={building} />
    </Box>
  );
}
