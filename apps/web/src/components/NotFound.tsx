import { useParams } from "react-router";
import Typography from "@mui/material/Typography";
import Button from "@mui/material/Button";
import Box from "@mui/material/Box";
import { MESSAGES } from "@portico/contract";
import { RouterLink } from "./RouterLink.tsx";
import { StandalonePage } from "./StandalonePage.tsx";
import { usePageTitle } from "../lib/usePageTitle.ts";

function NotFoundContent({ dashboard }: { dashboard: string }) {
  usePageTitle("Page not found");
  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {MESSAGES.notFoundTitle}
      </Typography>
      <Typography sx={{ mb: 3 }}>{MESSAGES.notFoundBody}</Typography>
      <Button variant="contained" component={RouterLink} to={dashboard}>
        Back to dashboard
      </Button>
    </Box>
  );
}

/** Inside the building shell (unknown /{building}/… paths, objects that do not exist). */
export function NotFound() {
  const { buildingId } = useParams();
  const dashboard = buildingId && /^\d+$/.test(buildingId) ? `/${buildingId}/dashboard` : "/";
  return <NotFoundContent dashboard={dashboard} />;
}

/** /not-found and unknown top-level paths: outside the shell. */
export function NotFoundStandalone() {
  return (
    <StandalonePage>
      <NotFoundContent dashboard="/" />
    </StandalonePage>
  );
}
