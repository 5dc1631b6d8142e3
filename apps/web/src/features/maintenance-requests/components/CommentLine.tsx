import Typography from "@mui/material/Typography";
import type { MaintenanceComment } from "@portico/contract";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { personName } from "../model.ts";

/** One comment on a line: when, who, private or not, the status it came with, and its words. */
export function CommentLine({ comment: c, timeZone }: { comment: MaintenanceComment; timeZone?: string }) {
  return (
    <>
      <Typography variant="body2" component="span" sx={{ color: "text.secondary" }}>
        {formatZonedDateTime(c.date_created, timeZone)} {personName(c.entered_by)}
        {c.is_private ? " (private)" : ""}
        {c.change_status_to_display ? ` → ${c.change_status_to_display}` : ""}
        {c.comment ? ": " : ""}
      </Typography>
      <Typography variant="body2" component="span" sx={{ whiteSpace: "pre-wrap" }}>
        {c.comment}
      </Typography>
    </>
  );
}
