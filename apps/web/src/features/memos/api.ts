/**
 * Memo calls (document 3 section 7 "Email, memos"): the recipient picker's list, the building's
 * floors and lines, every resident matching a filter (add by location, memo groups), and the two
 * sends. A send makes the e-mail history stale (as the `email_records` live topic does).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  MEMO_RECIPIENT_MAX_LIMIT,
  type MemoFloorsLines,
  type MemoRecipientPage,
  type SendMemoBody,
  type SendMemoReply,
  type SendPortfolioMemoBody,
} from "@portico/contract";
import { api, type QueryParams } from "../../lib/api.ts";
import { emailHistoryKeys } from "../email-history/index.ts";

const memoKeys = {
  all: ["memos"] as const,
  recipients: (building: number, params: QueryParams) => [...memoKeys.all, "recipients", building, params] as const,
  floorsLines: (building: number) => [...memoKeys.all, "floors-lines", building] as const,
};

const RECIPIENTS = "/emails/memo-recipients/";

/** GET /emails/memo-recipients/?building_id&search&limit&offset: the picker's page (10 a page). */
export function useMemoRecipients(building: number, params: QueryParams, { enabled = true } = {}) {
  return useQuery({
    queryKey: memoKeys.recipients(building, params),
    queryFn: ({ signal }) => api.get<MemoRecipientPage>(RECIPIENTS, { ...params, building_id: building }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /emails/memo-recipients/floors-lines/?building_id: the floor and line choices. */
export function useFloorsLines(building: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: memoKeys.floorsLines(building),
    queryFn: ({ signal }) => api.get<MemoFloorsLines>(`${RECIPIENTS}floors-lines/`, { building_id: building }, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The residents matching a filter (floor, line, balcony, lease dates, apartments, club) with their rows. */
export function fetchMatchingRecipients(building: number, params: QueryParams) {
  return api.get<MemoRecipientPage>(RECIPIENTS, {
    ...params,
    building_id: building,
    limit: MEMO_RECIPIENT_MAX_LIMIT,
    offset: 0,
  });
}

/** POST /emails/records/send_memo/ (a building or club memo, or its preview). */
export function useSendMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMemoBody) => api.post<SendMemoReply>("/emails/records/send_memo/", body),
    onSuccess: () => client.invalidateQueries({ queryKey: emailHistoryKeys.all }),
  });
}

/** POST /emails/records/send_portfolio_memo/ (every current tenant of the chosen buildings). */
export function useSendPortfolioMemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendPortfolioMemoBody) => api.post<SendMemoReply>("/emails/records/send_portfolio_memo/", body),
    onSuccess: () => client.invalidateQueries({ queryKey: emailHistoryKeys.all }),
  });
}
