import { useState } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import { type Club, CLUBS_MESSAGES, POOL_EXPORT_DEFAULT_DAYS } from "@portico/contract";
import { DateField } from "../../../components/DateField.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { dayInZone } from "../../../lib/zonedDates.ts";
import { exportPoolCheckins } from "../api.ts";

/** Managers' export of past pool check-ins: a date range, the last 7 days unless changed. */
export function PoolExport({ club }: { club: Club }) {
  const { building } = useBuilding();
  const tz = building?.time_zone;
  const { enqueueSnackbar } = useSnackbar();
  const [start, setStart] = useState(() => dayInZone(tz, POOL_EXPORT_DEFAULT_DAYS - 1));
  const [end, setEnd] = useState(() => dayInZone(tz));
  const [pending, setPending] = useState(false);

  const run = () => {
    if (!start || !end) {
      enqueueSnackbar(CLUBS_MESSAGES.exportDatesRequired, { variant: "warning", autoHideDuration: 4000 });
      return;
    }
    setPending(true);
    exportPoolCheckins(club.id, start, end)
      .catch((err: unknown) =>
        enqueueSnackbar(CLUBS_MESSAGES.exportFailed(errorMessage(err)), { variant: "error", autoHideDuration: 4000 }),
      )
      .finally(() => setPending(false));
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Export check-ins" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h2" sx={{ fontSize: "1.05rem", mb: 1.5 }}>
        Export check-ins
      </Typography>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <Box sx={{ width: 210 }}>
          <DateField label="Start date" size="small" value={start} onChange={setStart} />
        </Box>
        <Box sx={{ width: 210 }}>
          <DateField label="End date" size="small" value={end} onChange={setEnd} />
        </Box>
        <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={run} loading={pending} sx={{ mt: 0.25 }}>
          Export
        </Button>
      </Box>
    </Paper>
  );
}
