/**
 * What other areas may use from the template library: the tree hook, the picker the memo
 * composer inserts templates with, the page's path and the query keys the live stream refreshes.
 */
export { templateKeys, useTemplateHierarchy } from "./api.ts";
export { TemplatePicker, type PickedTemplate } from "./components/TemplatePicker.tsx";
export { TEMPLATES_PATH, templatesPath } from "./paths.ts";
