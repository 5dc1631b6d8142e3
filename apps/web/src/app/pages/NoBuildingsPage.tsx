import Typography from "@mui/material/Typography";
import Button from "@mui/material/Button";
import { MESSAGES } from "@portico/contract";
import { StandalonePage } from "../../components/StandalonePage.tsx";
import { signOut } from "../../lib/auth.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";

export function NoBuildingsPage() {
  usePageTitle("No buildings");
  return (
    <StandalonePage>
      <Typography variant="h1" gutterBottom>
        No buildings
      </Typography>
      <Typography sx={{ mb: 3 }}>{MESSAGES.noBuildings}</Typography>
      <Button variant="outlined" onClick={() => void signOut()}>
        Sign out
      </Button>
    </StandalonePage>
  );
}
