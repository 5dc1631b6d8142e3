import Typography from "@mui/material/Typography";
import Button from "@mui/material/Button";
import { StandalonePage } from "../../components/StandalonePage.tsx";
import { signOut } from "../../lib/auth.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";

/** A tenant signed in, but this portal has no tenant site to send them to. */
export function TenantSiteNotConfiguredPage() {
  usePageTitle("Tenant site");
  return (
    <StandalonePage>
      <Typography variant="h1" gutterBottom>
        Tenant site
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This portal is for building staff. Tenants use the tenant site, which is not configured here.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Its address is set with the <code>TENANT_SITE_URL</code> setting of the portal's server (or the portfolio's
        tenant site).
      </Typography>
      <Button variant="outlined" onClick={() => void signOut()}>
        Sign out
      </Button>
    </StandalonePage>
  );
}
