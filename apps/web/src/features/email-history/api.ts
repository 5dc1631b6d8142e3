/**
 * Email history calls (document 3 section 7 "Email, memos"): the query-key factory and one hook
 * per call. The `email_records` live topic makes everything under `emailHistoryKeys.all` stale.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { EmailRecipient, EmailRecord, EmailRecordDetail } from "@portico/contract";
import { api, type Page, type QueryParams } from "../../lib/api.ts";

export const emailHistoryKeys = {
  all: ["email-history"] as const,
  records: (building: number, params: QueryParams) => [...emailHistoryKeys.all, "records", building, params] as const,
  record: (id: number) => [...emailHistoryKeys.all, "record", id] as const,
  recipients: (id: number, params: QueryParams) => [...emailHistoryKeys.all, "recipients", id, params] as const,
};

/** GET /emails/records/ — building_id, type, search, sender_or_recipient, occupant_id; 50 a page, newest first. */
export function useEmailRecords(building: number, params: QueryParams, { enabled = true } = {}) {
  return useQuery({
    queryKey: emailHistoryKeys.records(building, params),
    queryFn: ({ signal }) =>
      api.get<Page<EmailRecord>>("/emails/records/", { ...params, building_id: building }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /emails/records/{id}/ — the record with its body and attachments (another building's → 404). */
export function useEmailRecord(recordId: number, building?: number) {
  return useQuery({
    queryKey: emailHistoryKeys.record(recordId),
    queryFn: ({ signal }) =>
      api.get<EmailRecordDetail>(`/emails/records/${recordId}/`, building ? { building_id: building } : {}, signal),
    enabled: recordId > 0,
  });
}

/** GET /emails/recipients/?record_id= — the record's recipient rows (limit, offset, state). */
export function useRecordRecipients(recordId: number, params: QueryParams = {}) {
  return useQuery({
    queryKey: emailHistoryKeys.recipients(recordId, params),
    queryFn: ({ signal }) =>
      api.get<Page<EmailRecipient>>("/emails/recipients/", { ...params, record_id: recordId }, signal),
    placeholderData: keepPreviousData,
    enabled: recordId > 0,
  });
}
