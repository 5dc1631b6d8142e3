/**
 * Access keys on the web (document 2 sections 2, 4, 5, 9; document 3 sections 2, 5): the paths of
 * the screens, how a key's card looks (colour, displayed status, overdue chip), the OUT wizard's
 * steps and the batch-out rows' rules. The rules themselves (RFID, overdue, duplicates) are the
 * contract's.
 */
import { type AccessKey, type KeyJourney, type KeyStatus, duplicateKeyRows, isKeyOverdue } from "@portico/contract";

export const keyPaths = {
  grid: (b: number) => `/${b}/keys/grid`,
  detail: (b: number, id: number) => `/${b}/keys/${id}`,
  batchOut: (b: number) => `/${b}/keys/batch-out`,
  overdue: (b: number) => `/${b}/keys/overdue`,
} as const;

/** Displayed status (document 2 section 2): OUT shown as Active, IN as Complete, MISSING. */
export const KEY_STATUS_LABEL: Readonly<Record<KeyStatus, string>> = {
  IN: "Complete",
  OUT: "Active",
  MISSING: "MISSING",
};

/** Card colours: IN light green, OUT grey, MISSING red (text dark on the light ones, white on red). */
export const KEY_CARD_COLORS: Readonly<Record<KeyStatus, { bg: string; fg: string }>> = {
  IN: { bg: "#c8e6c9", fg: "#1b3d1f" },
  OUT: { bg: "#e0e0e0", fg: "#212121" },
  MISSING: { bg: "#c62828", fg: "#ffffff" },
};

/** The chip of a key out or missing longer than the building allows: '48+ hours'. */
export const overdueChipLabel = (hours: number) => `${hours}+ hours`;

/** Whether a key's card carries the overdue chip now. */
export function showsOverdueChip(key: AccessKey, overdueHours: number, now: number = Date.now()): boolean {
  return isKeyOverdue(key, overdueHours, now);
}

export type KeyGridSort = "name" | "location";

/** The grid's cards in order, grouped by location when sorted by location (one group otherwise). */
export function groupKeys(keys: readonly AccessKey[], sort: KeyGridSort): { label: string | null; keys: AccessKey[] }[] {
  const byName = (a: AccessKey, b: AccessKey) => a.name.localeCompare(b.name, undefined, { numeric: true });
  if (sort === "name") return [{ label: null, keys: [...keys].sort(byName) }];
  const groups = new Map<string, AccessKey[]>();
  for (const k of keys) {
    const label = k.location || "No location";
    groups.set(label, [...(groups.get(label) ?? []), k]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([label, list]) => ({ label, keys: list.sort(byName) }));
}

// The OUT wizard ------------------------------------------------------------------------------

export const OUT_STEPS = ["Select unit/key", "Choose recipient", "Verify", "Scan key"] as const;

/** A recipient of a key: an occupant, an instruction (registered guest) or a verbal permission. */
export interface Recipient {
  entity_type: "occupant" | "instruction" | "verbal_permission";
  entity_id: number;
  name: string;
}

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

/** The key picker: disabled with 0 or 1 key, 'No available key' with none; one key is chosen at once. */
export function keyPickerState(available: readonly Pick<AccessKey, "id">[]): {
  disabled: boolean;
  placeholder: string | null;
  only: number | null;
} {
  return {
    disabled: available.length <= 1,
    placeholder: available.length === 0 ? "No available key" : null,
    only: available.length === 1 ? available[0].id : null,
  };
}

// Batch-out -----------------------------------------------------------------------------------

export const BATCH_START_ROWS = 4;
export const BATCH_MAX_ROWS = 10;

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

const hasWho = (r: BatchRow) => r.recipient !== null || r.comment.trim() !== "";
/** Apartment, key and recipient (or comment) all set. */
export const isCompleteRow = (r: BatchRow) => r.apartment !== null && r.key !== null && hasWho(r);
/** Nothing chosen. */
export const isEmptyRow = (r: BatchRow) => r.apartment === null && r.key === null && !hasWho(r);
/** Something chosen, not everything: refused. */
export const isHalfFilledRow = (r: BatchRow) => !isCompleteRow(r) && !isEmptyRow(r);

export interface BatchCheck {
  /** Complete rows, the incomplete (empty) ones dropped. */
  rows: BatchRow[];
  /** Uids of rows whose key another row also takes ('Duplicate key'). */
  duplicates: Set<number>;
  halfFilled: Set<number>;
  valid: boolean;
}

/** Submit is enabled once a photo is taken, no key is taken twice and every row is complete or empty. */
export function checkBatch(rows: readonly BatchRow[], hasPhoto: boolean): BatchCheck {
  const dupIndexes = duplicateKeyRows(rows.map((r) => ({ key: r.key })));
  const duplicates = new Set([...dupIndexes].map((i) => rows[i].uid));
  const halfFilled = new Set(rows.filter(isHalfFilledRow).map((r) => r.uid));
  const complete = rows.filter(isCompleteRow);
  return {
    rows: complete,
    duplicates,
    halfFilled,
    valid: hasPhoto && complete.length > 0 && duplicates.size === 0 && halfFilled.size === 0,
  };
}

/** How a recipient's kind reads. */
export const entityLabel = (t: Recipient["entity_type"]) =>
  t === "occupant" ? "Occupant" : t === "instruction" ? "Registered guest" : "Verbal permission";

/** A journey's recipient kind: its readable type, an instruction's subtype in place of 'Instruction'. */
export const journeyEntityType = (j: KeyJourney) =>
  (j.readable_key_out_to_entity_type === "Instruction"
    ? j.readable_key_out_to_entity_subtype
    : j.readable_key_out_to_entity_type) ?? "";
