/**
 * Access keys on the web (document 2 sections 2, 4, 5, 9; document 3 sections 2, 5): the paths of
 * the screens, how a key's card looks (colour, grouping), the OUT wizard's steps and the
 * batch-out rows. The rules themselves (RFID, overdue, displayed status, rows) are the contract's.
 */
import {
  type AccessKey,
  completeKeyRows,
  duplicateKeyRows,
  KEY_ENTITY_TYPE_DISPLAY,
  type KeyEntityType,
  type KeyJourney,
  keyBatchRowState,
  canSubmitKeyBatch,
} from "@portico/contract";

export const keyPaths = {
  grid: (b: number) => `/${b}/keys/grid`,
  detail: (b: number, id: number) => `/${b}/keys/${id}`,
  batchOut: (b: number) => `/${b}/keys/batch-out`,
  overdue: (b: number) => `/${b}/keys/overdue`,
  locations: (b: number) => `/${b}/keys/locations`,
} as const;

/** What a key's location reads. */
export const locationLabel = (k: Pick<AccessKey, "location">) => k.location?.label ?? "";

export type KeyGridSort = "name" | "location";

const byName = (a: AccessKey, b: AccessKey) => a.name.localeCompare(b.name, undefined, { numeric: true });

/** The grid's cards in order: by name, or grouped by location (each group by name). */
export function groupKeys(
  keys: readonly AccessKey[],
  sort: KeyGridSort,
): { label: string | null; keys: AccessKey[] }[] {
  if (sort === "name") return [{ label: null, keys: [...keys].sort(byName) }];
  const groups = new Map<string, AccessKey[]>();
  for (const k of keys) {
    const label = locationLabel(k) || "No location";
    groups.set(label, [...(groups.get(label) ?? []), k]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([label, list]) => ({ label, keys: list.sort(byName) }));
}

/** A journey's recipient kind: an instruction's subtype (its type's name) in place of 'Instruction'. */
export const journeyEntityType = (j: KeyJourney) =>
  (j.key_out_to_entity_type === "instruction" && j.readable_key_out_to_entity_subtype) ||
  j.readable_key_out_to_entity_type;

// The OUT wizard ------------------------------------------------------------------------------

export const OUT_STEPS = ["Select unit/key", "Choose recipient", "Verify", "Scan key"] as const;

/** A recipient of a key: an occupant, an instruction (registered guest) or a verbal permission. */
export interface Recipient {
  entity_type: KeyEntityType;
  entity_id: number;
  name: string;
  /** Occupant, the instruction type's name, or Verbal permission. */
  description: string;
}

export const verbalPermissionRecipient = (id: number, comment: string): Recipient => ({
  entity_type: "verbal_permission",
  entity_id: id,
  name: comment,
  description: KEY_ENTITY_TYPE_DISPLAY.verbal_permission,
});

export interface OutWizardState {
  keyId: number | null;
  recipient: Recipient | null;
  photo: Blob | null;
}

/** Next is disabled until the step is done: a key (1), a recipient (2), a photo (3). */
export function canAdvance(step: number, s: OutWizardState): boolean {
  if (step === 0) return s.keyId !== null;
  if (step === 1) return s.recipient !== null;
  if (step === 2) return s.photo !== null;
  return false;
}

/** The key picker: disabled with 0 or 1 key ('No available key' with none); one key is chosen at once. */
export function keyPickerState(available: readonly Pick<AccessKey, "id">[]) {
  return {
    disabled: available.length <= 1,
    empty: available.length === 0,
    only: available.length === 1 ? available[0].id : null,
  };
}

// Batch-out -----------------------------------------------------------------------------------

/** A row of the batch-out form: the apartment, its key, and the recipient or a comment. */
export interface BatchRow {
  uid: number;
  apartment: number | null;
  key: number | null;
  recipient: Recipient | null;
  comment: string;
}

let nextUid = 1;
export const emptyBatchRow = (): BatchRow => ({
  uid: nextUid++,
  apartment: null,
  key: null,
  recipient: null,
  comment: "",
});

export interface BatchCheck {
  /** The complete rows (the incomplete, empty ones are dropped). */
  rows: BatchRow[];
  /** Uids of rows repeating an earlier row's key ('Duplicate key'). */
  duplicates: Set<number>;
  /** Uids of half-filled rows (refused). */
  partial: Set<number>;
  /** Submit enabled: a photo, no duplicate, no half-filled row, at least one complete row. */
  valid: boolean;
}

export function checkBatch(rows: readonly BatchRow[], hasPhoto: boolean): BatchCheck {
  return {
    rows: completeKeyRows(rows),
    duplicates: new Set(duplicateKeyRows(rows).map((i) => rows[i].uid)),
    partial: new Set(rows.filter((r) => keyBatchRowState(r) === "partial").map((r) => r.uid)),
    valid: canSubmitKeyBatch(rows, hasPhoto),
  };
}
