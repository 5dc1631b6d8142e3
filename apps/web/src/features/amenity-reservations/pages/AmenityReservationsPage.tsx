import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";

/** /{building}/amenity-reservations (amenity-only users land here). The list comes with its area. */
export function Component() {
  usePageTitle("Amenity reservations");
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Amenity reservations
      </Typography>
      <EmptyState>No reservations</EmptyState>
    </Box>
  );
}
