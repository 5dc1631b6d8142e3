import sanitizeHtml from "sanitize-html";
import { describe, expect, it } from "vitest";
import { cleanHtml, htmlToText } from "./html.ts";

/** Every element of some HTML, with its attributes, as a browser's parser would see them. */
function elementsOf(html: string): { tag: string; attribs: Record<string, string> }[] {
  const out: { tag: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag: (tag, attribs) => out.push({ tag, attribs }),
  });
  return out;
}

const SAFE_TAGS = new Set(
  "p h1 h2 h3 h4 strong b em i u s a ul ol li blockquote br hr img table thead tbody tr th td colgroup col".split(" "),
);
const URL_ATTRS = new Set(["href", "src"]);
/** A URL that can only navigate or show an image: no script, no HTML document. */
function isInertUrl(attr: string, tag: string, value: string): boolean {
  const v = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
  if (attr === "href") return /^(https?:|mailto:)/.test(v);
  if (tag === "img") return /^(https:|cid:|data:image\/(png|jpeg|gif|webp);base64,)/.test(v);
  return false;
}

const XSS: string[] = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="https://ok.example/a.png" onload="alert(1)">`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="javascript&#58;alert(1)">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="data:text/html,<script>alert(1)</script>">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<iframe src="https://evil.example"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<svg onload=alert(1)><circle/></svg>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<p style="background:url(javascript:alert(1))">x</p>`,
  `<p style="width: expression(alert(1))">x</p>`,
  `<p style="text-align: center; behavior: url(x.htc)">x</p>`,
  `<base href="javascript:alert(1)//">`,
  `<form action="javascript:alert(1)"><input type=submit></form>`,
  `<button formaction="javascript:alert(1)">x</button>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel=stylesheet href="javascript:alert(1)">`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<body onload=alert(1)>`,
  `<div onmouseover="alert(1)">x</div>`,
  `<video><source onerror="alert(1)"></video>`,
  `<details open ontoggle=alert(1)>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<img src="//evil.example/a.png">`,
  `<img src="http://insecure.example/a.png">`,
  `<<script>script>alert(1)<</script>/script>`,
  `<!--<script>alert(1)</script>--><p>ok</p>`,
  `<a href="https://ok.example" onclick="alert(1)" target="_self">x</a>`,
  `<table background="javascript:alert(1)"><tr><td onclick=alert(1)>x</td></tr></table>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<textarea><script>alert(1)</script></textarea>`,
  `<template><script>alert(1)</script></template>`,
  `<img src="x" width="100" height="100" style="position:fixed">`,
];

describe("cleanHtml", () => {
  it.each(XSS.map((v) => [v]))("leaves nothing that can run from %s", (vector) => {
    const clean = cleanHtml(vector);
    for (const el of elementsOf(clean)) {
      expect(SAFE_TAGS.has(el.tag), `${el.tag} in ${clean}`).toBe(true);
      for (const [name, value] of Object.entries(el.attribs)) {
        expect(name.startsWith("on"), `${name} in ${clean}`).toBe(false);
        if (URL_ATTRS.has(name)) expect(isInertUrl(name, el.tag, value), `${name}=${value}`).toBe(true);
        if (name === "style") expect(value).toMatch(/^(\s*text-align:\s*(left|right|center|justify|start|end);?\s*)*$/);
        expect(["href", "src", "alt", "width", "height", "rel", "target", "colspan", "rowspan", "span", "style"]).toContain(name);
      }
    }
    expect(clean.toLowerCase()).not.toMatch(/<script|javascript:|onerror|onload/);
  });

  it("keeps what the editor makes", () => {
    const html =
      `<h1>Title</h1><p style="text-align: center">Hello <strong>all</strong> <em>residents</em> <u>u</u> <s>s</s></p>` +
      `<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><hr><p>a<br>b</p>` +
      `<p><a href="https://portico.example/x">link</a> <a href="mailto:desk@portico.example">mail</a></p>` +
      `<img src="https://cdn.example/a.png" alt="a" width="120" height="80"><img src="cid:img1">` +
      `<img src="data:image/png;base64,iVBORw0KGgo=">` +
      `<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">c</td><td>d</td></tr></tbody></table>`;
    const clean = cleanHtml(html);
    for (const piece of [
      "<h1>Title</h1>",
      'style="text-align:center"',
      "<strong>all</strong>",
      "<u>u</u>",
      "<s>s</s>",
      "<blockquote>q</blockquote>",
      'href="https://portico.example/x"',
      'rel="noopener noreferrer"',
      'href="mailto:desk@portico.example"',
      'src="https://cdn.example/a.png"',
      'width="120"',
      'src="cid:img1"',
      'src="data:image/png;base64,iVBORw0KGgo="',
      '<th colspan="2">',
      '<td rowspan="1">',
    ])
      expect(clean).toContain(piece);
  });
});

describe("htmlToText", () => {
  it("gives the text part, links with their address", () => {
    const text = htmlToText(`<h2>Water</h2><p>Off at <strong>10</strong>. <a href="https://x.example/w">Details</a></p>`);
    expect(text).toContain("Off at 10.");
    expect(text).toContain("Details [https://x.example/w]");
    expect(text.toLowerCase()).toContain("water");
  });
});
