import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";
import { errorMessage, NotFoundError } from "../../../../lib/api.ts";
import { useBuilding } from "../../../../lib/session.tsx";
import { SectionProgress } from "../../../../components/FullPageProgress.tsx";
import { NotFound } from "../../../../components/NotFound.tsx";

/** A route's numeric id ('12' → 12), or null when the URL holds anything else. */
export const routeId = (raw: string | null | undefined): number | null =>
  raw && /^\d+$/.test(raw) ? Number(raw) : null;

/** A record of a building: a profile or resident (`building_id`), or an apartment (`building`). */
type Placed = { building_id: number } | { building: number };
const buildingOf = (record: Placed) => ("building_id" in record ? record.building_id : record.building);

export interface BuildingRecordProps<T extends Placed> {
  /** null: the URL names no record (Not found). */
  id: number | null;
  query: UseQueryResult<T>;
  /** The same page in the record's building: a record of another building opens there. */
  pathIn: (record: T) => string;
  children: (record: T) => ReactNode;
}

/**
 * The record a manager page works on: Not found, a load error, a spinner, or the page of the
 * record's own building — then `children(record)`.
 */
export function BuildingRecord<T extends Placed>({ id, query, pathIn, children }: BuildingRecordProps<T>) {
  const { id: building } = useBuilding();
  if (id === null || query.error instanceof NotFoundError) return <NotFound />;
  if (query.isError) return <Alert severity="error">{MESSAGES.failedList(errorMessage(query.error))}</Alert>;
  const record = query.data;
  if (!record) return <SectionProgress />;
  if (buildingOf(record) !== building) return <Navigate to={pathIn(record)} replace />;
  return <>{children(record)}</>;
}
