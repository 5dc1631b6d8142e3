import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/** A titled section of the profile (a landmark named by its heading). */
export function ProfilePanel({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: ReactNode;
  /** Next to the title (a tag, a link). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1, mb: 1.5 }}>
        <Typography variant="h3" component="h2" id={headingId} sx={{ flex: "1 1 auto" }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}
