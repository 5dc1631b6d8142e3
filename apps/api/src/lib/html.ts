import sanitizeHtml from "sanitize-html";
import { convert } from "html-to-text";

/**
 * The one HTML cleaner: everything the product stores or mails from a rich-text editor goes
 * through `cleanHtml`. The allowlist is what the editor (TipTap: paragraphs, headings, marks,
 * links, lists, quotes, rules, images, tables, text alignment) produces; everything else —
 * scripts, event handlers, `javascript:` and other URLs, frames, forms, style sheets — is dropped.
 */
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const TEXT_ALIGN = [/^(left|right|center|justify|start|end)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "h1", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "s", "a", "ul", "ol", "li",
    "blockquote", "br", "hr", "img", "table", "thead", "tbody", "tr", "th", "td", "colgroup", "col",
  ],
  disallowedTagsMode: "discard",
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    "*": ["style"],
  },
  allowedStyles: { "*": { "text-align": TEXT_ALIGN } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https", "cid", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  enforceHtmlBoundary: true,
  parseStyleAttributes: true,
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer", ...(attribs.target ? { target: "_blank" } : {}) },
    }),
    img: (tagName, attribs) => {
      const src = (attribs.src ?? "").trim();
      const ok = /^https:\/\//i.test(src) || /^cid:[^\s"'<>]+$/i.test(src) || IMAGE_DATA_URL.test(src);
      const out: Record<string, string> = {};
      if (ok) out.src = src;
      for (const k of ["alt", "width", "height"] as const) if (attribs[k] !== undefined) out[k] = attribs[k];
      if (out.width && !/^\d{1,5}(px|%)?$/.test(out.width)) delete out.width;
      if (out.height && !/^\d{1,5}(px|%)?$/.test(out.height)) delete out.height;
      return { tagName, attribs: out };
    },
  },
};

/** The HTML with only the allowlisted tags, attributes, URLs and styles left. */
export function cleanHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS);
}

/** The plain-text part of a message (links as 'text [url]', images left out). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  return convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}
