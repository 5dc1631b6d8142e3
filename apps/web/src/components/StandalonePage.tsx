import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";

/** A page outside the shell (sign-in problems, no buildings, not found at the top level). */
export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      id="main"
      sx={{
        minHeight: "100dvh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        p: 2,
        bgcolor: "background.default",
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560, width: "100%" }}>
        {children}
      </Paper>
    </Box>
  );
}
