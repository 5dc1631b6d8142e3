import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { DASHBOARD_MESSAGES as M } from "@portico/contract";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { errorMessage } from "../../../lib/api.ts";

/** A widget's query: loading, 'An error occurred: {message}', or its body. */
export function WidgetStatus<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SectionProgress label={`Loading ${label}`} />;
  if (query.isError) return <Alert severity="error">{M.widgetError(errorMessage(query.error))}</Alert>;
  return <>{children(query.data)}</>;
}

/** 'No results'. */
export function NoResults() {
  return (
    <Typography variant="body2" sx={{ color: "text.secondary" }}>
      {M.noResults}
    </Typography>
  );
}

/** A widget's list (no bullets) and its rows, a divider between them. */
export function WidgetList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {children}
    </Box>
  );
}

const ROW_SX = { py: 0.75, borderBottom: 1, borderColor: "divider", "&:last-of-type": { borderBottom: 0 } } as const;
/** A row of a widget's list; `inline`: its parts on one line, vertically centred. */
export function WidgetRow({ inline = false, children }: { inline?: boolean; children: ReactNode }) {
  const sx: SxProps<Theme> = inline ? { ...ROW_SX, display: "flex", alignItems: "center", gap: 1.25 } : ROW_SX;
  return (
    <Box component="li" sx={sx}>
      {children}
    </Box>
  );
}
