/**
 * The composer's pure pieces: the /communication tabs, attachments (10 MB in all, sent as
 * base64), the draft kept in this tab's sessionStorage, and the recipients chosen.
 */
import {
  MEMO_ATTACHMENTS_LIMIT_BYTES,
  MEMO_MESSAGES,
  type MemoAttachment,
  type MemoRecipient,
  type MemoType,
} from "@portico/contract";

export const COMMUNICATION_TABS = ["history", "letters", "notifications", "memo"] as const;
export type CommunicationTab = (typeof COMMUNICATION_TABS)[number];

/** `?tab=`: memo (Send tenant memo; only for those who may send), letters, notifications, else history. */
export function tabOf(value: string | null, canSend: boolean): CommunicationTab {
  if (value === "memo") return canSend ? "memo" : "history";
  return (COMMUNICATION_TABS as readonly string[]).includes(value ?? "") ? (value as CommunicationTab) : "history";
}

/** A chosen recipient, as its chip shows it. */
export interface ChosenRecipient {
  occupant_id: number;
  name: string;
  apartment_number: string;
  email: string | null;
}

export const recipientName = (r: Pick<MemoRecipient, "first_name" | "last_name">) =>
  `${r.first_name} ${r.last_name}`.trim();

export const chosenOf = (r: MemoRecipient): ChosenRecipient => ({
  occupant_id: r.occupant_id,
  name: recipientName(r),
  apartment_number: r.apartment_number,
  email: r.email,
});

/** Add recipients, each resident once (the first kept), in the order chosen. */
export function addRecipients(
  current: readonly ChosenRecipient[],
  more: readonly ChosenRecipient[],
): ChosenRecipient[] {
  const seen = new Set(current.map((r) => r.occupant_id));
  const out = [...current];
  for (const r of more) {
    if (seen.has(r.occupant_id)) continue;
    seen.add(r.occupant_id);
    out.push(r);
  }
  return out;
}

export const totalSize = (files: readonly File[]) => files.reduce((n, f) => n + f.size, 0);

/** The attachments' error, if they exceed 10 MB in all. */
export function attachmentsError(files: readonly File[]): string | null {
  return totalSize(files) > MEMO_ATTACHMENTS_LIMIT_BYTES ? MEMO_MESSAGES.attachmentsTooLarge : null;
}

/** A file as the payload's attachment: its type, name and content as base64 (no data: prefix). */
export function attachmentOf(file: File): Promise<MemoAttachment> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ type: file.type, name: file.name, content: url.slice(url.indexOf(",") + 1) });
    };
    reader.onerror = () => reject(new Error(`${MEMO_MESSAGES.fileReadFailed}${reader.error?.message ?? file.name}`));
    reader.readAsDataURL(file);
  });
}

/** What the composer keeps between visits in this tab (never the attachments). */
export interface MemoDraft {
  sender_name: string;
  sender_email: string;
  subject: string;
  body: string;
  type: MemoType | null;
  additional_recipients: string;
  recipients: ChosenRecipient[];
  building_ids: number[];
}

export const draftKey = (scope: string) => `portico.memo-draft.${scope}`;

export function loadDraft(scope: string): Partial<MemoDraft> | null {
  try {
    const raw = sessionStorage.getItem(draftKey(scope));
    return raw ? (JSON.parse(raw) as Partial<MemoDraft>) : null;
  } catch {
    return null;
  }
}

export function saveDraft(scope: string, draft: MemoDraft): void {
  try {
    sessionStorage.setItem(draftKey(scope), JSON.stringify(draft));
  } catch {
    // A full storage (large inline images) keeps no draft; the form still has its values.
  }
}

export function clearDraft(scope: string): void {
  sessionStorage.removeItem(draftKey(scope));
}

/** The page of a letter's printouts (one page per unit of the residents without e-mail). */
export const lettersPrintPath = (building: number, recordId: number) =>
  `/${building}/communication/letters/${recordId}/print`;

/** A letter's printouts: one page per unit, naming its residents (units in order). */
export function letterPages(rows: readonly { apartment_number: string | null; name: string }[]) {
  const units = new Map<string, string[]>();
  for (const r of rows) {
    const unit = r.apartment_number ?? "";
    const names = units.get(unit) ?? [];
    if (r.name && !names.includes(r.name)) names.push(r.name);
    units.set(unit, names);
  }
  return [...units.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([unit, names]) => ({ unit, names }));
}
