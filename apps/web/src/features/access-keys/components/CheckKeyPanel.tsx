import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ReplayIcon from "@mui/icons-material/Replay";
import { type AccessKey, KEY_MESSAGES, KEY_STATUS_DISPLAY } from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { locationLabel } from "../model.ts";
import { JourneyCard } from "./JourneyCard.tsx";
import { RfidInput } from "./RfidInput.tsx";
import { useKeyLookup } from "./useKeyLookup.ts";

/**
 * Check Key Location (document 2 section 2): scan a key; out or missing, its Current Key Journey
 * card (missing also asks for it to be scanned in); in, where it is kept. 'Scan another key' resets.
 */
export function CheckKeyPanel({ building }: { building: number }) {
  const lookup = useKeyLookup(building);
  const [key, setKey] = useState<AccessKey | null>(null);
  const onScan = async (rfid: string) => setKey(await lookup.lookup(rfid));
  return (
    <Box sx={{ display: "grid", gap: 1.5 }} role="region" aria-label="Check key location">
      {key ? (
        <>
          <KeyFacts accessKey={key} />
          <Button
            variant="outlined"
            startIcon={<ReplayIcon />}
            onClick={() => setKey(null)}
            sx={{ justifySelf: "start" }}
          >
            {KEY_MESSAGES.scanAnother}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="h3" sx={{ fontSize: "1.05rem" }}>
            Scan a key to find it
          </Typography>
          <RfidInput onScan={(r) => void onScan(r)} busy={lookup.busy} error={lookup.error} />
        </>
      )}
    </Box>
  );
}

function KeyFacts({ accessKey: k }: { accessKey: AccessKey }) {
  const { building: info } = useBuilding();
  const journey = k.status === "IN" ? null : k.latest_open_journey;
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography>
        Key <strong>{k.name}</strong> of apartment {k.apartment_number}: {KEY_STATUS_DISPLAY[k.status]}
      </Typography>
      {k.status === "MISSING" && <Alert severity="error">{KEY_MESSAGES.reportedMissing}</Alert>}
      {k.status === "IN" && (
        <Alert severity="success">
          The key is in: <strong>{locationLabel(k) || "no location"}</strong>.
        </Alert>
      )}
      {journey && <JourneyCard journey={journey} apartment={k.apartment_number} timeZone={info?.time_zone} />}
    </Box>
  );
}
