import sanitizeHtml from "sanitize-html";

/**
 * Cleans HTML written in the rich-text editor before it is stored or sent: formatting, links,
 * images, tables and alignment stay; scripts, event handlers, `javascript:` URLs, iframes and
 * styles other than text alignment go.
 */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "span", "u", "s"],
    allowedAttributes: {
      a: ["href", "name", "target", "rel"],
      img: ["src", "alt", "title", "width", "height"],
      td: ["colspan", "rowspan"],
      th: ["colspan", "rowspan"],
      "*": ["style"],
    },
    allowedStyles: { "*": { "text-align": [/^(left|right|center|justify)$/] } },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "data", "cid"] },
    allowProtocolRelative: false,
  });
}
