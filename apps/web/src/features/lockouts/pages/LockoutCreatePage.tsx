import { useSearchParams } from "react-router";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { LOCKOUT_MESSAGES } from "@portico/contract";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { NotFound } from "../../../components/NotFound.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { LockoutForm } from "../components/LockoutForm.tsx";

/** /{building}/lockouts/create?occupancy — the drawer's form on a page of its own, for one unit. */
export function Component() {
  const can = useCan();
  if (!can("lockout.use")) return <NotFound />;
  return <Page />;
}

function Page() {
  usePageTitle(LOCKOUT_MESSAGES.createTitle);
  const { id: building } = useBuilding();
  const [params] = useSearchParams();
  const raw = params.get("occupancy");
  const occupancy = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {LOCKOUT_MESSAGES.createTitle}
      </Typography>
      <LockoutForm building={building} initialOccupancy={occupancy} />
    </Paper>
  );
}
