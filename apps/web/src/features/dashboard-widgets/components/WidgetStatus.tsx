import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
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
