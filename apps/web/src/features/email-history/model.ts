/**
 * Pure logic of the email history: the list's URL filters, the record page's path and how mail
 * states are shown (chip colours and the per-record summary).
 */
import {
  EMAIL_HISTORY_PAGE_SIZE,
  type EmailRecordType,
  type EmailStateCounts,
  MAIL_STATE_DISPLAY,
  MAIL_STATES,
  type MailState,
} from "@portico/contract";
import type { Paging } from "../../components/DataTable.tsx";
import type { QueryParams } from "../../lib/api.ts";

/** The list's text filters, as the URL names them. */
export const HISTORY_FILTERS = ["search", "sender_or_recipient"] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];
export type HistoryFilters = Record<HistoryFilter, string>;

export const filtersOf = (params: URLSearchParams): HistoryFilters => ({
  search: params.get("search") ?? "",
  sender_or_recipient: params.get("sender_or_recipient") ?? "",
});

/** The URL changes of a search: each filter (trimmed; empty removes it) and back to the first page. */
export const urlChangesOf = (f: HistoryFilters): Record<string, string | null> => ({
  search: f.search.trim() || null,
  sender_or_recipient: f.sender_or_recipient.trim() || null,
  offset: null,
});

/** The records query of a tab: its type, the URL's filters and paging, the resident (occupant_id). */
export function recordsQuery(
  type: EmailRecordType,
  params: URLSearchParams,
  paging: Paging,
  occupantId?: number | null,
): QueryParams {
  const f = filtersOf(params);
  return {
    type,
    search: f.search || undefined,
    sender_or_recipient: f.sender_or_recipient || undefined,
    occupant_id: occupantId ?? undefined,
    limit: paging.limit === EMAIL_HISTORY_PAGE_SIZE ? undefined : paging.limit,
    offset: paging.offset || undefined,
  };
}

/** /{building}/communication/records/{id} */
export const recordPath = (building: number, id: number) => `/${building}/communication/records/${id}`;
/** The Communication page's tab of each record type. */
const TAB_OF: Record<EmailRecordType, string> = { MEMO: "history", LETTER: "letters", AUTO: "notifications" };

/** /{building}/communication?tab=… of a record type (the memos' history by default; the resident when given). */
export const historyPath = (building: number, occupantId?: number | null, type: EmailRecordType = "MEMO") =>
  `/${building}/communication?tab=${TAB_OF[type]}${occupantId ? `&occupant_id=${occupantId}` : ""}`;

export type ChipColor = "default" | "secondary" | "success" | "warning" | "error";

export const STATE_COLOR: Record<MailState, ChipColor> = {
  queued: "default",
  sent: "secondary",
  delivered: "success",
  deferred: "warning",
  "soft-bounced": "warning",
  bounced: "error",
  rejected: "error",
  spam: "error",
};

/** Chips whose colour is too light for white text (contrast) carry dark text. */
export const chipSx = (color: ChipColor) => (color === "warning" ? { color: "rgba(0, 0, 0, 0.87)" } : undefined);

export interface StateSummaryItem {
  state: MailState;
  label: string;
  count: number;
  color: ChipColor;
}

/** The record's states with at least one recipient, in the states' order ('3 Delivered', '1 Bounced'). */
export function stateSummary(counts: EmailStateCounts): StateSummaryItem[] {
  return MAIL_STATES.filter((s) => (counts[s] ?? 0) > 0).map((s) => ({
    state: s,
    label: `${counts[s]} ${MAIL_STATE_DISPLAY[s]}`,
    count: counts[s] ?? 0,
    color: STATE_COLOR[s],
  }));
}
