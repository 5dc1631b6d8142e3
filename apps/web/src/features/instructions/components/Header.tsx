import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { RouterLink } from "../../../components/RouterLink.tsx";

/** An instruction page's title, a way back and its buttons. */
export function Header({
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
        <Typography variant="h1" sx={{ flex: "1 1 240px" }}>
          {title}
        </Typography>
        {children && (
          <Box className="print-hide" sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {children}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * The heading of the grid and the list: a button to the other view, and Create for those the
 * building lets write instructions.
 */
export function SectionHeader({
  other,
  createTo,
}: {
  other: { to: string; label: string; icon: ReactNode };
  createTo: string | null;
}) {
  return (
    <Header title="Front desk instructions">
      <Button component={RouterLink} to={other.to} variant="outlined" startIcon={other.icon}>
        {other.label}
      </Button>
      {createTo && (
        <Button component={RouterLink} to={createTo} variant="contained" startIcon={<AddIcon />}>
          Create
        </Button>
      )}
    </Header>
  );
}
