import Typography from "@mui/material/Typography";
import { SignOutNotice } from "./SignOutNotice.tsx";

/** A tenant signed in, but this portal has no tenant site to send them to. */
export function TenantSiteNotConfiguredPage() {
  return (
    <SignOutNotice title="Tenant site">
      <Typography sx={{ mb: 2 }}>
        This portal is for building staff. Tenants use the tenant site, which is not configured here.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Its address is set with the <code>TENANT_SITE_URL</code> setting of the portal's server (or the portfolio's
        tenant site).
      </Typography>
    </SignOutNotice>
  );
}
