import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { errorMessage } from "../lib/api.ts";
import { EmptyState } from "./EmptyState.tsx";
import { SectionProgress } from "./FullPageProgress.tsx";

export interface LoadedListProps<T> {
  /** The query the list comes from (TanStack Query's result has these). */
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** The list once loaded. */
  items: readonly T[] | undefined;
  /** What the progress indicator says while loading ('Loading packages'). */
  loadingLabel: string;
  /** What stands in place of an empty list. */
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

/** A loaded list's states: loading, failed ('Failed to load the list…'), empty, or the list itself. */
export function LoadedList<T>({ query, items = [], loadingLabel, empty, children }: LoadedListProps<T>) {
  if (query.isPending) return <SectionProgress label={loadingLabel} />;
  if (query.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(query.error))}</Alert>;
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <>{children(items)}</>;
}
