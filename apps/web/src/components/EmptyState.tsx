import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** 'No {noun}' / 'No results', optionally with a link to search all. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ py: 4, textAlign: "center", color: "text.secondary" }}>
      <Typography>{children}</Typography>
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
