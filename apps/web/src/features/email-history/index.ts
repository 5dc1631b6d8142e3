/**
 * What other areas may use from the email history: the history list of one record type (the
 * Communication page's Memos, Letters and Notifications tabs), the record and recipient hooks,
 * the query keys the live stream refreshes and the path of a resident's history.
 */
export { emailHistoryKeys, useEmailRecord, useRecordRecipients } from "./api.ts";
export { EmailHistoryList } from "./components/EmailHistoryList.tsx";
export { historyPath } from "./model.ts";
