/**
 * Drafts of the profile's forms (flag comment, internal note), kept per user and unit in
 * sessionStorage so that closing a modal by mistake, or moving to another unit and back, never
 * loses what was typed. A successful save clears the draft.
 */
const PREFIX = "portico.profile-draft";

const keyOf = (kind: string, userId: number, occupancyId: number) => `${PREFIX}:${kind}:${userId}:${occupancyId}`;

export function readDraft<T>(kind: string, userId: number, occupancyId: number): T | null {
  try {
    const raw = sessionStorage.getItem(keyOf(kind, userId, occupancyId));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeDraft(kind: string, userId: number, occupancyId: number, value: unknown | null): void {
  try {
    const k = keyOf(kind, userId, occupancyId);
    if (value === null) sessionStorage.removeItem(k);
    else sessionStorage.setItem(k, JSON.stringify(value));
  } catch {
    // storage full or disabled: the form still works, without a draft
  }
}
