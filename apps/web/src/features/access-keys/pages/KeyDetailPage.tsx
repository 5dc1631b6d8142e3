import { useState } from "react";
import { useParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import BlockIcon from "@mui/icons-material/Block";
import ReportIcon from "@mui/icons-material/Report";
import { type AccessKey, canMarkMissing, KEY_MESSAGES, KEY_STATUS_COLORS, KEY_STATUS_DISPLAY } from "@portico/contract";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { useKey, useUpdateKey } from "../api.ts";
import { KeyJourneyTable } from "../components/KeyJourneyTable.tsx";
import { KeyNameEditor } from "../components/KeyNameEditor.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { keyPaths, locationLabel } from "../model.ts";
import { KeysEnabled } from "../components/KeysEnabled.tsx";

/** /{building}/keys/{keyId} (document 3 section 2): rename in place, Mark missing, Deactivate, journeys. */
export function Component() {
  return (
    <KeysEnabled>
      <KeyPage />
    </KeysEnabled>
  );
}

function KeyPage() {
  const { keyId = "" } = useParams();
  const id = /^\d+$/.test(keyId) ? Number(keyId) : 0;
  const { id: building } = useBuilding();
  const key = useKey(id, building);
  usePageTitle(key.data ? `Key ${key.data.name}` : "Key");
  const back = { to: keyPaths.grid(building), label: "Keys" };
  if (!id || key.isError) {
    const notFound = !id || (key.error instanceof ApiError && key.error.status === 404);
    return (
      <Box>
        <PageHeader title="Key" back={back} />
        <Alert severity="error">{notFound ? "This key was not found." : errorMessage(key.error)}</Alert>
      </Box>
    );
  }
  if (key.isPending) return <SectionProgress label="Loading the key" />;
  return <Detail accessKey={key.data} building={building} back={back} />;
}

/** Mark missing and Deactivate, each after a confirmation. */
const ACTIONS = {
  missing: {
    title: "Mark missing",
    label: "Mark missing",
    body: { status: "MISSING" } as const,
    question: (name: string) => `Report key ${name} missing?`,
    done: (name: string) => `Key ${name} marked missing`,
  },
  deactivate: {
    title: "Deactivate key",
    label: "Deactivate",
    body: { is_active: 0 } as const,
    question: (name: string) => `Deactivate key ${name}? This cannot be undone.`,
    done: (name: string) => `Key ${name} deactivated`,
  },
};

function Detail({
  accessKey: k,
  building,
  back,
}: {
  accessKey: AccessKey;
  building: number;
  back: { to: string; label: string };
}) {
  const can = useCan();
  const { building: info } = useBuilding();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateKey(building);
  const [confirm, setConfirm] = useState<"missing" | "deactivate" | null>(null);
  const colors = KEY_STATUS_COLORS[k.status];

  const act = (body: { status: "MISSING" } | { is_active: 0 }, done: string) =>
    update.mutate(
      { id: k.id, body },
      {
        onSuccess: () => {
          setConfirm(null);
          enqueueSnackbar(done, { variant: "success" });
        },
      },
    );

  return (
    <Box>
      <PageHeader title={<KeyNameEditor accessKey={k} building={building} />} back={back}>
        {can("key.use") && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<ReportIcon />}
            disabled={!canMarkMissing(k)}
            onClick={() => setConfirm("missing")}
          >
            Mark missing
          </Button>
        )}
        {can("key.deactivate") && (
          <Button
            variant="outlined"
            startIcon={<BlockIcon />}
            disabled={!k.is_active}
            onClick={() => setConfirm("deactivate")}
          >
            Deactivate
          </Button>
        )}
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "grid", gap: 0.5 }}>
        <Box
          sx={{
            justifySelf: "start",
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: colors.background,
            color: colors.text,
          }}
          data-testid="key-status"
        >
          {KEY_STATUS_DISPLAY[k.status]}
          {!k.is_active && " · Deactivated"}
        </Box>
        <Typography>Apartment: {k.apartment_number}</Typography>
        <Typography>Location: {locationLabel(k) || "None"}</Typography>
        <Typography>RFID: {k.rfid}</Typography>
        {k.last_status_change && (
          <Typography>Last change: {formatZonedDateTime(k.last_status_change, info?.time_zone)}</Typography>
        )}
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="key-journeys" sx={{ p: 2 }}>
        <Typography id="key-journeys" variant="h2" sx={{ mb: 1.5 }}>
          Journeys
        </Typography>
        <KeyJourneyTable keyId={k.id} building={building} timeZone={info?.time_zone} />
      </Paper>
      {confirm && (
        <ConfirmDialog
          open
          title={ACTIONS[confirm].title}
          confirmLabel={ACTIONS[confirm].label}
          danger
          busy={update.isPending}
          error={update.isError ? KEY_MESSAGES.updateFailed : null}
          onConfirm={() => act(ACTIONS[confirm].body, ACTIONS[confirm].done(k.name))}
          onClose={() => setConfirm(null)}
        >
          {ACTIONS[confirm].question(k.name)}
        </ConfirmDialog>
      )}
    </Box>
  );
}
