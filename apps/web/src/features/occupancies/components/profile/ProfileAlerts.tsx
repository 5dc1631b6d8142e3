import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import FlagIcon from "@mui/icons-material/Flag";
import type { Occupancy } from "@portico/contract";
import { formatZonedDateTime } from "../../../../lib/zonedDates.ts";
import { profileAlerts } from "./model.ts";
import { FLAG_ORANGE_DARK } from "./styles.ts";

export interface ProfileAlertsProps {
  occupancy: Pick<
    Occupancy,
    "is_active" | "is_do_not_disturb" | "lease_end_date" | "move_out_date" | "occupant_set" | "flag"
  >;
  /** 'YYYY-MM-DD' in the building's time zone. */
  today: string;
  timeZone?: string | null;
}

/** The unit's flag (as the viewer may see it) and the three profile alerts. */
export function ProfileAlerts({ occupancy, today, timeZone }: ProfileAlertsProps) {
  const alerts = profileAlerts(occupancy, today);
  const flag = occupancy.flag;
  if (!flag && alerts.length === 0) return null;
  const by = flag?.entered_by
    ? `${flag.entered_by.first_name} ${flag.entered_by.last_name}`.trim() || flag.entered_by.username
    : null;
  return (
    <Stack spacing={1} component="section" aria-label="Alerts" data-testid="profile-alerts">
      {flag && (
        <Alert severity="warning" icon={<FlagIcon />} role="note" data-testid="profile-flag">
          <AlertTitle sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            Flagged
            {flag.is_manager_only && (
              <Chip label="Managers only" size="small" sx={{ bgcolor: "#fff", color: FLAG_ORANGE_DARK }} />
            )}
          </AlertTitle>
          <span style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{flag.comment}</span>
          <div style={{ opacity: 0.8, fontSize: "0.85em", marginTop: 4 }}>
            {[by, formatZonedDateTime(flag.date_created, timeZone)].filter(Boolean).join(" · ")}
          </div>
        </Alert>
      )}
      {alerts.map((a) => (
        <Alert key={a.kind} severity={a.severity} role="note" data-testid={`alert-${a.kind}`}>
          <AlertTitle>{a.title}</AlertTitle>
          {a.text}
        </Alert>
      ))}
    </Stack>
  );
}
