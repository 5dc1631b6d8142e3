import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { RouterLink } from "../../../components/RouterLink.tsx";

/** A package page's heading with its actions (and a way back). */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <Box component="header" sx={{ mb: 2 }}>
      {back && (
        <Link
          component={RouterLink}
          to={back.to}
          underline="hover"
          className="print-hide"
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 1, fontSize: "0.9rem" }}
        >
          <ArrowBackIcon fontSize="inherit" aria-hidden />
          {back.label}
        </Link>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
        <Box sx={{ flex: "1 1 240px", minWidth: 0 }}>
          <Typography variant="h1">{title}</Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && (
          <Box className="print-hide" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {actions}
          </Box>
        )}
      </Box>
    </Box>
  );
}
