/**
 * Packages (document 2, sections 2–9): package types (global), packages, their events, the
 * batch queue, the grid, reminders and notifications. The scan-and-go fields (barcode, carrier,
 * recognition results) are carried already so that the lobby display and the portfolio scan
 * report (document 3) fit without a new shape. One file per part, under packages/.
 */
export * from "./packages/base.ts";
export { bracketedIds, IdListField, requiredIdField } from "./packages/fields.ts";
export * from "./packages/package-types.ts";
export * from "./packages/list.ts";
export * from "./packages/writes.ts";
export * from "./packages/views.ts";
export * from "./packages/queue.ts";
