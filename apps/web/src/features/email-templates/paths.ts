/** The template library page, under /{building}. */
export const TEMPLATES_PATH = "/communication/templates";
/** The template library page of a building. */
export const templatesPath = (building: number) => `/${building}${TEMPLATES_PATH}`;
