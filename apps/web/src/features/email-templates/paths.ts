/** The template library page, under /{building}. */
const TEMPLATES_PATH = "/communication/templates";
/** The template library page of a building (the memo composer links to it). */
export const templatesPath = (building: number) => `/${building}${TEMPLATES_PATH}`;
