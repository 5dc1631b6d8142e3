import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { buildingLabel, useBuilding, useMe } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { LinkCard } from "../../../components/LinkCard.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { MANAGE_LINKS, visibleManageLinks } from "../manageLinks.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => `/${building}/manage`,
};

/** /{building}/manage: the building management hub (links whose pages exist). */
export function Component() {
  usePageTitle("Manage");
  const me = useMe();
  const { id, building, settings } = useBuilding();
  const links = visibleManageLinks(MANAGE_LINKS, { role: me.role, settings, dev: import.meta.env.DEV });
  return (
    <Box>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h1">Manage</Typography>
        <Typography sx={{ color: "text.secondary", mt: 0.5 }}>{buildingLabel(building)}</Typography>
      </Box>
      <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Management">
        {links.map((link) => (
          <Grid key={link.key} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
            <LinkCard
              to={`/${id}${link.path}`}
              title={
                <Typography variant="h2" component="span" sx={{ display: "block", fontSize: "1.15rem" }}>
                  {link.label}
                </Typography>
              }
              description={link.description}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
