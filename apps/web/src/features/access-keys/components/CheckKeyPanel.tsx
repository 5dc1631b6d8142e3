import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ReplayIcon from "@mui/icons-material/Replay";
import { type AccessKey, KEY_MESSAGES } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { useKeyJourney } from "../api.ts";
import { KEY_STATUS_LABEL } from "../model.ts";
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
          <KeyFacts accessKey={key} building={building} />
          <Button
            variant="outlined"
            startIcon={<ReplayIcon />}
            onClick={() => setKey(null)}
            sx={{ justifySelf: "start" }}
          >
            Scan another key
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

function KeyFacts({ accessKey: k, building }: { accessKey: AccessKey; building: number }) {
  const { building: info } = useBuilding();
  const out = k.status === "OUT" || k.status === "MISSING";
  const journey = useKeyJourney(out ? k.latest_open_journey : null, building);
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography>
        Key <strong>{k.name}</strong> of apartment {k.apartment_number}: {KEY_STATUS_LABEL[k.status]}
      </Typography>
      {k.status === "MISSING" && <Alert severity="error">{KEY_MESSAGES.reportedMissing}</Alert>}
      {k.status === "IN" && (
        <Alert severity="success">
          The key is in: <strong>{k.location || "no location"}</strong>.
        </Alert>
      )}
      {out &&
        (journey.data ? (
          <JourneyCard journey={journey.data} apartment={k.apartment_number} timeZone={info?.time_zone} />
        ) : journey.isPending && k.latest_open_journey ? (
          <SectionProgress label="Loading the key's journey" />
        ) : null)}
    </Box>
  );
}
