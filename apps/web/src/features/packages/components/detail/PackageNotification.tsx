import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Package } from "@portico/contract";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { RecordTable } from "../RecordTable.tsx";
import { DetailSection } from "./DetailSection.tsx";

type EmailRecipient = NonNullable<Package["record"]>["recipient_set"][number];
type TextRecipient = Package["text_recipient_set"][number];

const sentAt = (time: string | null | undefined, tz?: string) =>
  time ? formatZonedDateTime(time, tz) : "Not sent yet";

/** The notification email (its text, recipients and their delivery) and the text messages. */
export function PackageNotification({ pkg, tz }: { pkg: Package; tz?: string }) {
  const record = pkg.record;
  return (
    <DetailSection id="package-notification" title="Notification email">
      {!record ? (
        <Typography color="text.secondary">
          {pkg.package_type.group === "KEYS"
            ? "Packages of the keys group do not notify residents."
            : "No notification email was sent for this package."}
        </Typography>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>{record.subject}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {formatZonedDateTime(record.date_created, tz)} · {record.state}
          </Typography>
          <Box
            sx={{
              whiteSpace: "pre-wrap",
              bgcolor: "grey.50",
              border: 1,
              borderColor: "divider",
              borderRadius: 1,
              p: 1.5,
              mb: 2,
              fontSize: "0.9rem",
            }}
          >
            {record.body_text}
          </Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            Recipients
          </Typography>
          <Box sx={{ overflowX: "auto" }}>
            <RecordTable<EmailRecipient, string>
              label="Email recipients"
              rows={record.recipient_set}
              rowKey={(r) => `${r.email}-${r.name}`}
              columns={[
                { header: "Name", cell: (r) => r.name || "—" },
                { header: "Email", cell: (r) => r.email },
                {
                  header: "Current email",
                  cell: (r) => (r.current_email && r.current_email !== r.email ? r.current_email : "—"),
                },
                { header: "Sent", cell: (r) => sentAt(r.time_sent, tz) },
                {
                  header: "Delivery",
                  cell: (r) => `${r.mandrill_state}${r.mandrill_reject_reason ? ` (${r.mandrill_reject_reason})` : ""}`,
                },
                { header: "Opens", cell: (r) => r.opens, align: "right" },
              ]}
            />
          </Box>
        </>
      )}
      {pkg.text_recipient_set.length > 0 && (
        <>
          <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
            Text messages
          </Typography>
          <RecordTable<TextRecipient, string>
            label="Text message recipients"
            rows={pkg.text_recipient_set}
            rowKey={(t) => `${t.phone_number}-${t.name}`}
            columns={[
              { header: "Name", cell: (t) => t.name },
              { header: "Phone", cell: (t) => t.phone_number },
              { header: "Sent", cell: (t) => sentAt(t.time_sent, tz) },
              { header: "Delivery", cell: (t) => `${t.state}${t.error ? ` (${t.error})` : ""}` },
            ]}
          />
        </>
      )}
    </DetailSection>
  );
}
