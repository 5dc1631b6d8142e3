import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { RouterLink } from "../../../components/RouterLink.tsx";

/** A key page's title (a heading of its own when not a text), a way back and its buttons. */
export function PageHeader({
  title,
  back,
  children,
}: {
  title: ReactNode;
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <Box component="header" sx={{ mb: 2 }}>
      {back && (
        <Link component={RouterLink} to={back.to} underline="hover" className="print-hide" sx={{ fontSize: "0.9rem" }}>
          <ArrowBackIcon fontSize="inherit" aria-hidden sx={{ verticalAlign: "middle", mr: 0.5 }} />
          {back.label}
        </Link>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5, mt: back ? 1 : 0 }}>
        {typeof title === "string" ? (
          <Typography variant="h1" sx={{ flex: "1 1 240px" }}>
            {title}
          </Typography>
        ) : (
          <Box sx={{ flex: "1 1 240px" }}>{title}</Box>
        )}
        {children && (
          <Box className="print-hide" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {children}
          </Box>
        )}
      </Box>
    </Box>
  );
}
