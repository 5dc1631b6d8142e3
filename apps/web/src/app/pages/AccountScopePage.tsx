import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type Role, ROLE_DISPLAY } from "@portico/contract";
import { signOut } from "../../lib/auth.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { RouterLink } from "../../components/RouterLink.tsx";

/** Paths under /{building}/ the amenity and club roles work in. */
export const AMENITY_PATHS = /^\/\d+\/(amenity-reservations|clubs)(\/|$)/;

/**
 * Shown in place of a staff page to an account that may not use it (a typed or bookmarked
 * staff URL): what this account can do, with no staff actions.
 */
export function AccountScopePage({ role, building }: { role: Role; building: number }) {
  usePageTitle("Your account");
  const amenities = `/${building}/amenity-reservations`;
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Typography variant="h1" gutterBottom>
        This page is not part of your account
      </Typography>
      {role === "PO" ? (
        <>
          <Typography sx={{ mb: 3 }}>
            {ROLE_DISPLAY.PO} accounts have no staff screens in the portal: the only thing this account can do here is
            sign out.
          </Typography>
          <Button variant="contained" onClick={() => void signOut()}>
            Sign out
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>
            {role === "CA"
              ? `${ROLE_DISPLAY.CA} accounts work with amenity reservations and the building's clubs.`
              : `${ROLE_DISPLAY[role]} accounts work with amenity reservations.`}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" component={RouterLink} to={amenities}>
              Go to amenity reservations
            </Button>
          </Stack>
        </>
      )}
    </Box>
  );
}
