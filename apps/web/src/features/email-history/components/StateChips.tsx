import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { EMAIL_HISTORY_MESSAGES as M, type EmailRecord, MAIL_STATE_DISPLAY, type MailState } from "@portico/contract";
import { chipSx, STATE_COLOR, stateSummary } from "../model.ts";

/** One recipient's mail state ('Not mailed' when the row was never mailed, e.g. a printed letter). */
export function StateChip({ state }: { state: MailState | null }) {
  if (!state) return <Chip size="small" variant="outlined" label={M.notMailed} />;
  return (
    <Chip size="small" color={STATE_COLOR[state]} sx={chipSx(STATE_COLOR[state])} label={MAIL_STATE_DISPLAY[state]} />
  );
}

/** A record's recipients by state, and how many opened it. */
export function StateSummary({ record }: { record: Pick<EmailRecord, "state_counts" | "opened_count"> }) {
  const items = stateSummary(record.state_counts);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, py: 0.5 }}>
      {items.map((i) => (
        <Chip key={i.state} size="small" color={i.color} sx={chipSx(i.color)} label={i.label} />
      ))}
      {(record.state_counts.none ?? 0) > 0 && (
        <Chip size="small" variant="outlined" label={`${record.state_counts.none} ${M.notMailed}`} />
      )}
      {record.opened_count > 0 && <Chip size="small" variant="outlined" label={M.opened(record.opened_count)} />}
    </Box>
  );
}
