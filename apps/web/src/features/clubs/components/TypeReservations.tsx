import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { AmenityType } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";

/** The type's reservations: they live in the amenity reservations list, on this type's tab. */
export function TypeReservations({ type, building }: { type: AmenityType; building: number }) {
  return (
    <Box sx={{ display: "grid", gap: 1.5, justifyItems: "start" }}>
      <Typography>The reservations of {type.name} are in the amenity reservations list.</Typography>
      <Button
        variant="outlined"
        component={RouterLink}
        to={`/${building}/amenity-reservations?amenity_type=${type.id}`}
      >
        {type.name} reservations
      </Button>
    </Box>
  );
}
