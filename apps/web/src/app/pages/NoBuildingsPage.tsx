import Typography from "@mui/material/Typography";
import { MESSAGES } from "@portico/contract";
import { SignOutNotice } from "./SignOutNotice.tsx";

export function NoBuildingsPage() {
  return (
    <SignOutNotice title="No buildings">
      <Typography sx={{ mb: 3 }}>{MESSAGES.noBuildings}</Typography>
    </SignOutNotice>
  );
}
