/**
 * What other areas may use from the email history: the history list of one record type (the
 * Communication page's Memos, Letters and Notifications tabs), a record and its recipients (the
 * letters' print pages) and the query keys the live stream refreshes.
 */
export { emailHistoryKeys, useEmailRecord, useRecordRecipients } from "./api.ts";
export { EmailHistoryList } from "./components/EmailHistoryList.tsx";
