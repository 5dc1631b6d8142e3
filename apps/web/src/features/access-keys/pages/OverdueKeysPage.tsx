import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { KEY_DEFAULT_OVERDUE_HOURS, KEY_QUERY_LIMIT } from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useKeys } from "../api.ts";
import { OverdueKeysList } from "../components/OverdueKeysList.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { keyPaths } from "../model.ts";
import { KeysEnabled } from "../components/KeysEnabled.tsx";

/**
 * /{building}/keys/overdue (beyond the spec): the keys out or missing longer than the building's
 * `accesskeyssettings.overdue_hours`, longest away first (GET /access-keys/keys/?overdue=true).
 */
export function Component() {
  return (
    <KeysEnabled>
      <Overdue />
    </KeysEnabled>
  );
}

function Overdue() {
  usePageTitle("Overdue keys");
  const { id: building, building: info, settings } = useBuilding();
  const hours = settings?.accesskeyssettings.overdue_hours ?? KEY_DEFAULT_OVERDUE_HOURS;
  const keys = useKeys({ building, overdue: true, is_active: true, limit: KEY_QUERY_LIMIT });
  return (
    <Box>
      <PageHeader title="Overdue keys" back={{ to: keyPaths.grid(building), label: "Keys" }} />
      <Typography sx={{ mb: 2 }}>Keys out or missing for more than {hours} hours.</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <OverdueKeysList query={keys} building={building} timeZone={info?.time_zone} label="Overdue keys" />
      </Paper>
    </Box>
  );
}
