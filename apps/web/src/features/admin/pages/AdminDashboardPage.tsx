import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { LinkCard } from "../../../components/LinkCard.tsx";
import { useMe } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { ADMIN_SECTIONS, visibleAdminSections } from "../sections.ts";
import { AdminContractorsPanel } from "../../contractors/index.ts";

/** /admin/dashboard: portfolio administration, link cards per section. */
export function Component() {
  const me = useMe();
  usePageTitle("Admin dashboard");
  const sections = visibleAdminSections(ADMIN_SECTIONS, import.meta.env.DEV);
  return (
    <Box>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h1">Portfolio administration</Typography>
        <Typography sx={{ color: "text.secondary", mt: 0.5 }}>{me.portfolio.name}</Typography>
      </Box>
      <AdminContractorsPanel />
      {sections.length === 0 && (
        <Typography sx={{ color: "text.secondary" }}>
          Portfolio tools (staff, occupants, communications, event types, packages) appear here as they are enabled.
        </Typography>
      )}
      {sections.map((section) => (
        <Box component="section" key={section.title} aria-labelledby={`admin-${section.title}`} sx={{ mb: 4 }}>
          <Typography variant="h2" id={`admin-${section.title}`} sx={{ mb: 1.5 }}>
            {section.title}
          </Typography>
          <Grid container spacing={2}>
            {section.cards.map((card) => (
              <Grid key={card.path} size={{ xs: 12, sm: 6, lg: 4 }}>
                <LinkCard
                  to={card.path}
                  title={<Typography variant="h3">{card.label}</Typography>}
                  description={card.description}
                />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </Box>
  );
}
