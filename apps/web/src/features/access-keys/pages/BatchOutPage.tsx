import { useEffect, useState } from "react";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Paper from "@mui/material/Paper";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import {
  type AccessKey,
  KEY_BATCH_MAX_ROWS,
  KEY_BATCH_START_ROWS,
  KEY_MESSAGES,
  KEY_QUERY_LIMIT,
  KEY_SCAN_HIGHLIGHT_MS,
} from "@portico/contract";
import { PhotoCapture } from "../../../components/PhotoCapture.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useCreateVerbalPermission, useKeyOut, useKeys } from "../api.ts";
import { BatchRowFields } from "../components/BatchRowFields.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { RfidInput } from "../components/RfidInput.tsx";
import { useKeyLookup } from "../components/useKeyLookup.ts";
import { WrongKey } from "../components/WrongKey.tsx";
import {
  type BatchRow,
  checkBatch,
  emptyBatchRow,
  keyPaths,
  locationLabel,
  type Recipient,
  verbalPermissionRecipient,
} from "../model.ts";
import { KeysEnabled } from "../components/KeysEnabled.tsx";

/** A key to pick up in the scan step, with its recipient. */
interface Pending {
  key: AccessKey;
  recipient: Recipient;
}

/**
 * /{building}/keys/batch-out, Multi-OUT (document 2 sections 2, 5): step 1 the rows (unit, key,
 * recipient or comment; 4 to start, at most 10) and one photo; step 2 scan each key, which signs
 * it out: a card per key still to scan (unit, where to take it from), 'Last scanned' lit for 2 s.
 */
export function Component() {
  return (
    <KeysEnabled>
      <BatchOut />
    </KeysEnabled>
  );
}

function BatchOut() {
  usePageTitle("Multi-OUT");
  const { id: building } = useBuilding();
  const [pending, setPending] = useState<Pending[] | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  return (
    <Box>
      <PageHeader title="Multi-OUT" back={{ to: keyPaths.grid(building), label: "Keys" }} />
      <Stepper activeStep={pending ? 1 : 0} sx={{ mb: 2, maxWidth: 480 }}>
        <Step>
          <StepLabel>Select keys</StepLabel>
        </Step>
        <Step>
          <StepLabel>Scan keys</StepLabel>
        </Step>
      </Stepper>
      {pending && photo ? (
        <ScanStep building={building} initial={pending} photo={photo} />
      ) : (
        <SelectStep building={building} photo={photo} onPhoto={setPhoto} onDone={(list) => setPending(list)} />
      )}
    </Box>
  );
}

function SelectStep({
  building,
  photo,
  onPhoto,
  onDone,
}: {
  building: number;
  photo: Blob | null;
  onPhoto: (p: Blob | null) => void;
  onDone: (list: Pending[]) => void;
}) {
  const [rows, setRows] = useState<BatchRow[]>(() => Array.from({ length: KEY_BATCH_START_ROWS }, emptyBatchRow));
  const [busy, setBusy] = useState(false);
  const keys = useKeys({ building, status: "IN", is_active: true, limit: KEY_QUERY_LIMIT, ordering: "name" });
  const inKeys = keys.data?.results ?? [];
  const check = checkBatch(rows, photo !== null);
  const verbal = useCreateVerbalPermission(building);

  const submit = async () => {
    if (!check.valid) return;
    setBusy(true);
    const list: Pending[] = [];
    for (const r of check.rows) {
      const key = inKeys.find((k) => k.id === r.key);
      if (!key) continue;
      if (r.recipient) {
        list.push({ key, recipient: r.recipient });
        continue;
      }
      const comment = r.comment.trim();
      try {
        const vp = await verbal.mutateAsync({ comment, access_key: key.id });
        list.push({ key, recipient: verbalPermissionRecipient(vp.id, comment) });
      } catch (err) {
        // Only logged (document 2 section 8); the row is left out.
        console.log("verbal permission failed", err);
      }
    }
    setBusy(false);
    if (list.length) onDone(list);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Select keys"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: "grid", gap: 2 }}
    >
      <Paper variant="outlined" sx={{ p: 2, display: "grid", gap: 1.5 }}>
        {rows.map((row, i) => (
          <BatchRowFields
            key={row.uid}
            index={i}
            row={row}
            building={building}
            keys={inKeys}
            duplicate={check.duplicates.has(row.uid)}
            partial={check.partial.has(row.uid)}
            canRemove={rows.length > 1}
            onChange={(next) => setRows((rs) => rs.map((r) => (r.uid === row.uid ? next : r)))}
            onRemove={() => setRows((rs) => rs.filter((r) => r.uid !== row.uid))}
          />
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={() => setRows((rs) => [...rs, emptyBatchRow()])}
          disabled={rows.length >= KEY_BATCH_MAX_ROWS}
          sx={{ justifySelf: "start" }}
        >
          Add row
        </Button>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
          Verify (photo)
        </Typography>
        <PhotoCapture onChange={onPhoto} />
      </Paper>
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button type="submit" variant="contained" disabled={!check.valid} loading={busy}>
          Submit
        </Button>
      </Box>
    </Box>
  );
}

function ScanStep({ building, initial, photo }: { building: number; initial: Pending[]; photo: Blob }) {
  const { enqueueSnackbar } = useSnackbar();
  const [left, setLeft] = useState(initial);
  const [last, setLast] = useState<AccessKey | null>(null);
  const [lit, setLit] = useState(false);
  const [wrong, setWrong] = useState<AccessKey | null>(null);
  const lookup = useKeyLookup(building);
  const keyOut = useKeyOut(building);

  useEffect(() => {
    if (!lit) return;
    const t = setTimeout(() => setLit(false), KEY_SCAN_HIGHLIGHT_MS);
    return () => clearTimeout(t);
  }, [lit, last]);

  const onScan = async (rfid: string) => {
    setWrong(null);
    const p = left.find((x) => x.key.rfid === rfid);
    if (!p) {
      const scanned = await lookup.lookup(rfid);
      if (scanned) setWrong(scanned);
      return;
    }
    keyOut.mutate(
      {
        id: p.key.id,
        photo,
        entity_id: p.recipient.entity_id,
        entity_type: p.recipient.entity_type,
        rfid,
      },
      {
        onSuccess: () => {
          setLeft((l) => l.filter((x) => x.key.id !== p.key.id));
          setLast(p.key);
          setLit(true);
        },
        onError: () => enqueueSnackbar(KEY_MESSAGES.updateFailed, { variant: "error" }),
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {left.length === 0 ? (
        <Alert severity="success">{KEY_MESSAGES.allScanned}</Alert>
      ) : wrong ? (
        <WrongKey scanned={wrong} reason={KEY_MESSAGES.notThisKey} onRescan={() => setWrong(null)} />
      ) : (
        <RfidInput onScan={(r) => void onScan(r)} busy={lookup.busy || keyOut.isPending} error={lookup.error} />
      )}
      <Paper
        variant="outlined"
        role="status"
        aria-label={KEY_MESSAGES.lastScanned}
        data-highlight={lit ? "on" : "off"}
        sx={{
          p: 2,
          transition: "background-color 0.3s",
          bgcolor: lit ? "success.light" : "background.paper",
        }}
      >
        <Typography variant="h2" sx={{ fontSize: "1.05rem" }}>
          {KEY_MESSAGES.lastScanned}
        </Typography>
        <Typography>{last ? `Key ${last.name}, apartment ${last.apartment_number}: out` : "None yet"}</Typography>
      </Paper>
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
        {left.map((p) => (
          <Card key={p.key.id} variant="outlined" data-testid="scan-card">
            <CardContent>
              <Typography sx={{ fontWeight: 700 }}>Apartment {p.key.apartment_number}</Typography>
              <Typography variant="body2">Key {p.key.name}</Typography>
              <Typography variant="body2">Retrieve from: {locationLabel(p.key) || "no location"}</Typography>
              <Typography variant="body2">
                To: {p.recipient.name} ({p.recipient.description})
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
