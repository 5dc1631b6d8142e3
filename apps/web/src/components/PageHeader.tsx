import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { RouterLink } from "./RouterLink.tsx";

/**
 * A page's heading: a way back, the title (the page's h1 when it is text; an element that
 * brings its own heading otherwise, e.g. an inline rename), a line under it, and the page's
 * buttons (`actions`, or the children), hidden on paper.
 */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const buttons = actions ?? children;
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
          {typeof title === "string" ? <Typography variant="h1">{title}</Typography> : title}
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {buttons && (
          <Box className="print-hide" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {buttons}
          </Box>
        )}
      </Box>
    </Box>
  );
}
