import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import PersonIcon from "@mui/icons-material/Person";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { EMAIL_BOUNCED_LABEL, type Occupant } from "@portico/contract";
import { occupantName } from "./model.ts";
import { photoFrameSx } from "./styles.ts";

/** A resident: photo, name, type, pronouns, phone, e-mail (when given; 'Email bounced' when suppressed), emergency contact, actions. */
export function ResidentCard({
  occupant: o,
  actions,
  menu,
}: {
  occupant: Occupant;
  actions?: ReactNode;
  menu?: ReactNode;
}) {
  const name = occupantName(o);
  const email = o.email && !o.is_placeholder_email ? o.email : null;
  const headingId = `resident-${o.id}-name`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 1.5, display: "flex", gap: 1.5, alignItems: "flex-start" }}
      data-testid="resident-card"
    >
      <Box sx={{ ...photoFrameSx, flex: "0 0 68px", aspectRatio: "340 / 420" }}>
        {o.photo_url ? (
          <Box
            component="img"
            src={o.photo_url}
            alt={`Photo of ${name}`}
            sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
          />
        ) : (
          <PersonIcon aria-hidden sx={{ fontSize: 40, color: "grey.500" }} />
        )}
      </Box>
      <Box sx={{ flex: "1 1 auto", minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", columnGap: 1, rowGap: 0.5 }}>
          <Typography component="h3" variant="subtitle1" id={headingId} sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {name}
          </Typography>
          <Chip label={o.type_display} size="small" />
          {!o.is_active && <Chip label="Inactive" size="small" variant="outlined" />}
          {menu && <Box sx={{ ml: "auto", mt: -0.5, mr: -0.75 }}>{menu}</Box>}
        </Box>
        {o.pronouns && (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {o.pronouns}
          </Typography>
        )}
        <Box component="dl" sx={{ m: 0, mt: 0.5, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 1 }}>
          {o.phone_number && (
            <Field label="Phone">
              <Link href={`tel:${o.phone_number.replace(/[^\d+]/g, "")}`}>{o.phone_number}</Link>
            </Field>
          )}
          {(email || o.email_bounced) && (
            <Field label="Email">
              {email && (
                <Link href={`mailto:${email}`} sx={{ overflowWrap: "anywhere" }}>
                  {email}
                </Link>
              )}
              {o.email_bounced && (
                <Chip
                  label={EMAIL_BOUNCED_LABEL}
                  size="small"
                  color="warning"
                  variant="outlined"
                  icon={<WarningAmberIcon />}
                  sx={{ ml: email ? 1 : 0, height: 20, verticalAlign: "middle" }}
                />
              )}
            </Field>
          )}
          {o.emergency_contact_info && (
            <Field label="Emergency contact">
              <Box component="span" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {o.emergency_contact_info}
              </Box>
            </Field>
          )}
        </Box>
        {actions && <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mt: 1, ml: -0.75 }}>{actions}</Box>}
      </Box>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}
