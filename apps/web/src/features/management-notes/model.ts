import type { ManagementNote } from "@portico/contract";

/**
 * The notes the dashboard asks the user to acknowledge, one at a time: the unacknowledged ids
 * (newest first, as the API lists them) in reversed order — the oldest first — without those the
 * user closed to read later on this visit or has just acknowledged, and only those whose note is
 * loaded.
 */
export function popupQueue(
  unacknowledgedIds: readonly number[],
  notes: readonly ManagementNote[],
  skipped: ReadonlySet<number>,
): ManagementNote[] {
  const byId = new Map(notes.map((n) => [n.id, n]));
  return [...unacknowledgedIds]
    .reverse()
    .filter((id) => !skipped.has(id))
    .map((id) => byId.get(id))
    .filter((n): n is ManagementNote => n !== undefined);
}

/** 'First Last' of an author or acknowledger ('' when unknown). */
export const personName = (p: { first_name: string; last_name: string } | null): string =>
  p ? `${p.first_name} ${p.last_name}`.trim() : "";
