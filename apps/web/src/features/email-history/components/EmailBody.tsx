import { EMAIL_HISTORY_MESSAGES as M } from "@portico/contract";

/**
 * Nothing in a mail body runs or reaches out: no scripts, forms or plug-ins (an empty sandbox),
 * no fetches but inline images (cid: parts are not served, so their alt text shows).
 */
const POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

/** The page the frame shows: the body under a content policy, in the portal's type. */
export const bodyDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${POLICY}">` +
  `<style>body{font-family:Roboto,Helvetica,Arial,sans-serif;font-size:14px;margin:12px;overflow-wrap:anywhere}img{max-width:100%}</style>` +
  `</head><body>${html}</body></html>`;

/** A record's body in a sandboxed frame (sandbox="": no scripts, no same origin, no navigation). */
export function EmailBody({ html }: { html: string }) {
  return (
    <iframe
      title={M.bodyTitle}
      sandbox=""
      srcDoc={bodyDocument(html)}
      style={{
        width: "100%",
        minHeight: 420,
        border: "1px solid rgba(0,0,0,0.12)",
        borderRadius: 4,
        background: "#fff",
      }}
    />
  );
}
