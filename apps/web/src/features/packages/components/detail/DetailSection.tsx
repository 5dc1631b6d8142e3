import type { ReactNode } from "react";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/** A titled section of the package page; `id` is its heading's. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
