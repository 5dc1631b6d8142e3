import crypto from "node:crypto";
import { securityHeaders, signInPageCsp } from "../../plugins/security-headers.ts";

/** Server-rendered pages of the built-in identity provider: no framework, no external assets. */

export function esc(value: unknown): string {
  return String(value ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;background:#eef1f5}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px}
main{width:100%;max-width:400px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.2);padding:32px 28px}
.brand{margin:0 0 8px;font-weight:700;font-size:1.1rem;color:#1f4e79;letter-spacing:.02em}
h1{margin:0 0 24px;font-size:1.6rem;font-weight:600}
label{display:block;font-weight:600;margin:16px 0 4px}
input{display:block;width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:4px;background:#fff;color:#1a1a1a}
input[aria-invalid="true"]{border-color:#b00020;border-width:2px}
.hint{margin:4px 0 0;font-size:.875rem;color:#4b5563}
.field-error{margin:4px 0 0;font-size:.875rem;color:#b00020}
button,.button{display:inline-block;width:100%;margin-top:24px;font:inherit;font-weight:600;padding:11px 16px;border:0;border-radius:4px;background:#1f4e79;color:#fff;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#173b5c}
a{color:#1f4e79}
:focus-visible{outline:3px solid #1f4e79;outline-offset:2px}
input:focus-visible{outline-offset:1px}
.alert{margin:0 0 8px;padding:12px 14px;border-radius:4px;border-left:4px solid #b00020;background:#fdecee;color:#7a0014}
.success{border-left-color:#1e6b34;background:#e8f5ec;color:#14502a}
.links{margin:20px 0 0;font-size:.95rem;text-align:center}
@media (prefers-color-scheme: dark){
html{background:#111827;color:#f3f4f6}
main{background:#1f2937;box-shadow:none}
.brand,a{color:#93c5fd}
input{background:#111827;color:#f3f4f6;border-color:#9ca3af}
.hint{color:#d1d5db}
button,.button{background:#93c5fd;color:#0b1b2e}
button:hover,.button:hover{background:#bfdbfe}
:focus-visible{outline-color:#93c5fd}
.alert{background:#3b0d12;color:#fecdd3;border-left-color:#fb7185}
.field-error{color:#fda4af}
input[aria-invalid="true"]{border-color:#fb7185}
.success{background:#0f2e1a;color:#bbf7d0;border-left-color:#4ade80}
}
`;

const sha256 = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;
const STYLE_HASH = sha256(STYLE);

/** Content-Security-Policy of a page: nothing but its own inline style (and script, when given). */
export function csp(script?: string): string {
  return signInPageCsp({ styleHash: STYLE_HASH, scriptHash: script ? sha256(script) : undefined });
}

/** Headers every page of the provider sends: the portal's security headers with the page's own policy. */
export function pageHeaders(script?: string): Record<string, string> {
  return {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    ...securityHeaders(csp(script)),
  };
}

function layout(o: { title: string; portal: string; body: string; script?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${esc(o.title)} – ${esc(o.portal)}</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="page-title">
<p class="brand">${esc(o.portal)}</p>
${o.body}
</main>${o.script ? `\n<script>${o.script}</script>` : ""}
</body>
</html>`;
}

function field(o: {
  id: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete: string;
  errors?: string[];
  hint?: string;
  autofocus?: boolean;
  describedBy?: string;
}): string {
  const describedBy = [o.describedBy, o.hint ? `${o.id}-hint` : "", o.errors?.length ? `${o.id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const attrs = [
    `id="${o.id}"`,
    `name="${o.id}"`,
    `type="${o.type ?? "text"}"`,
    `autocomplete="${o.autocomplete}"`,
    "required",
    o.type === "password" ? "" : 'autocapitalize="none" spellcheck="false"',
    o.value ? `value="${esc(o.value)}"` : "",
    describedBy ? `aria-describedby="${describedBy}"` : "",
    o.errors?.length ? 'aria-invalid="true"' : "",
    o.autofocus ? "autofocus" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return `<label for="${o.id}">${esc(o.label)}</label>
<input ${attrs}>${o.hint ? `\n<p class="hint" id="${o.id}-hint">${esc(o.hint)}</p>` : ""}${
    o.errors?.length ? `\n<p class="field-error" id="${o.id}-error">${o.errors.map(esc).join("<br>")}</p>` : ""
  }`;
}

export function loginPage(o: {
  portal: string;
  action: string;
  username?: string;
  error?: string;
  passwordUrl: string;
}): string {
  const error = o.error ? `<p class="alert" role="alert" id="form-error">${esc(o.error)}</p>` : "";
  return layout({
    title: "Sign in",
    portal: o.portal,
    body: `<h1 id="page-title">Sign in</h1>
${error}
<form method="post" action="${esc(o.action)}">
${field({ id: "username", label: "Username", value: o.username, autocomplete: "username", autofocus: !o.username, describedBy: o.error ? "form-error" : undefined })}
${field({ id: "password", type: "password", label: "Password", autocomplete: "current-password", autofocus: !!o.username })}
<button type="submit">Sign in</button>
</form>
<p class="links"><a href="${esc(o.passwordUrl)}">Change password</a></p>`,
  });
}

export const PASSWORD_HINT =
  "At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of !@#$%^&*?";

export function passwordPage(o: {
  portal: string;
  action: string;
  csrf: string;
  portalUrl: string;
  username?: string;
  errors?: Partial<Record<string, string[]>>;
  done?: boolean;
}): string {
  if (o.done) {
    return layout({
      title: "Password changed",
      portal: o.portal,
      body: `<h1 id="page-title">Password changed</h1>
<p class="alert success" role="status">Your password has been changed. Sign in again with your new password.</p>
<a class="button" href="${esc(o.portalUrl)}">Back to ${esc(o.portal)}</a>`,
    });
  }
  const e = o.errors ?? {};
  const summary = e.non_field_errors?.length
    ? `<p class="alert" role="alert" id="form-error">${e.non_field_errors.map(esc).join("<br>")}</p>`
    : Object.keys(e).length
      ? `<p class="alert" role="alert" id="form-error">Please correct the errors below.</p>`
      : "";
  const firstInvalid = ["username", "current_password", "new_password", "confirm_password"].find((k) => e[k]?.length);
  return layout({
    title: "Change password",
    portal: o.portal,
    body: `<h1 id="page-title">Change password</h1>
${summary}
<form method="post" action="${esc(o.action)}">
<input type="hidden" name="csrf" value="${esc(o.csrf)}">
${field({ id: "username", label: "Username", value: o.username, autocomplete: "username", errors: e.username, autofocus: firstInvalid ? firstInvalid === "username" : !o.username })}
${field({ id: "current_password", type: "password", label: "Current password", autocomplete: "current-password", errors: e.current_password, autofocus: firstInvalid ? firstInvalid === "current_password" : !!o.username })}
${field({ id: "new_password", type: "password", label: "New password", autocomplete: "new-password", errors: e.new_password, hint: PASSWORD_HINT, autofocus: firstInvalid === "new_password" })}
${field({ id: "confirm_password", type: "password", label: "Confirm new password", autocomplete: "new-password", errors: e.confirm_password, autofocus: firstInvalid === "confirm_password" })}
<button type="submit">Change password</button>
</form>
<p class="links"><a href="${esc(o.portalUrl)}">Back to ${esc(o.portal)}</a></p>`,
  });
}

/** The end-session page: posts oidc-provider's logout form at once (a button when scripts are off). */
export const LOGOUT_SCRIPT = `document.getElementById("op.logoutForm").submit();`;
export function logoutPage(o: { portal: string; form: string }): string {
  return layout({
    title: "Signing out",
    portal: o.portal,
    body: `<h1 id="page-title">Signing out…</h1>
${o.form}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>`,
    script: LOGOUT_SCRIPT,
  });
}

export function messagePage(o: { portal: string; title: string; message: string; portalUrl: string }): string {
  return layout({
    title: o.title,
    portal: o.portal,
    body: `<h1 id="page-title">${esc(o.title)}</h1>
<p>${esc(o.message)}</p>
<a class="button" href="${esc(o.portalUrl)}">Back to ${esc(o.portal)}</a>`,
  });
}
