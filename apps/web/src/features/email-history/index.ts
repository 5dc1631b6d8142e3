/**
 * What other areas may use from the email history: the history list of one record type (the
 * Communication page's Memos, Letters and Notifications tabs) and the query keys the live stream
 * refreshes. (The record and recipient hooks, useEmailRecord and useRecordRecipients in api.ts,
 * join this list when another area needs them.)
 */
export { emailHistoryKeys } from "./api.ts";
export { EmailHistoryList } from "./components/EmailHistoryList.tsx";
