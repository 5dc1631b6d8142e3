/**
 * What other areas may use from the template library: the picker the memo composer inserts
 * templates with, the page's path and the query keys the live stream refreshes.
 */
export { templateKeys } from "./api.ts";
export { TemplatePicker } from "./components/TemplatePicker.tsx";
export { templatesPath } from "./paths.ts";
