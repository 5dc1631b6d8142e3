import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import type { DeliveryEvent } from "@portico/contract";
import { deliveryEvent, digestId, header, messageIdOf, safeEqual, type MailEventAdapter } from "./common.ts";

/** The VERP return path the mail layer sets: bounces+{outbox id}@MAIL_DOMAIN. */
const VERP = /bounces\+(\d{1,10})@/i;

/** One recipient block of a message/delivery-status part (RFC 3464). */
interface DsnRecipient {
  email: string;
  action: string;
  status: string;
  diagnostic: string;
}

/**
 * The per-recipient blocks of a delivery-status text: fields (folded lines joined) grouped by
 * blank lines; a block counts when it names a recipient and an action or status.
 */
export function deliveryStatusOf(text: string): DsnRecipient[] {
  const out: DsnRecipient[] = [];
  for (const block of text.replace(/\r\n/g, "\n").split(/\n\s*\n/)) {
    const fields = new Map<string, string>();
    let last = "";
    for (const line of block.split("\n")) {
      if (/^\s/.test(line) && last) fields.set(last, `${fields.get(last)} ${line.trim()}`);
      else {
        const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
        if (!m) continue;
        last = m[1].toLowerCase();
        fields.set(last, m[2].trim());
      }
    }
    const recipient = fields.get("final-recipient") ?? fields.get("original-recipient");
    const action = (fields.get("action") ?? "").toLowerCase();
    const status = fields.get("status") ?? "";
    if (!recipient || (!action && !status)) continue;
    out.push({
      email: recipient.replace(/^[^;]*;\s*/, "").replace(/^<|>$/g, ""),
      action,
      status,
      diagnostic: (fields.get("diagnostic-code") ?? "").replace(/^[^;]*;\s*/, ""),
    });
  }
  return out;
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ""));

/** Our outbox id: the VERP address the bounce came back to, else the returned message's own headers. */
function messageIdIn(mail: ParsedMail, returned: string): number | null {
  const headerText = (name: string) => {
    const v = mail.headers.get(name);
    return typeof v === "string" ? v : v && typeof v === "object" && "text" in v ? String(v.text) : "";
  };
  const candidates = [
    headerText("delivered-to"),
    headerText("x-original-to"),
    ...addresses(mail.to),
    headerText("return-path"),
  ];
  for (const c of candidates) {
    const m = VERP.exec(c);
    if (m) return messageIdOf(m[1]);
  }
  const own =
    /X-Portico-Message-Id:\s*(\d{1,10})/i.exec(returned) ?? /Message-ID:\s*<portico-(\d{1,10})@/i.exec(returned);
  return own ? messageIdOf(own[1]) : null;
}

function eventOf(r: DsnRecipient): DeliveryEvent["event"] | null {
  if (r.action === "delivered" || r.action === "relayed" || r.action === "expanded") return "delivered";
  if (r.action === "failed" || r.status.startsWith("5")) return "hard_bounce";
  if (r.action === "delayed" || r.status.startsWith("4")) return "deferred";
  return null;
}

/**
 * A raw bounce message (a DSN: multipart/report with a message/delivery-status part), forwarded
 * by the mail server that receives the VERP address, authenticated by the X-Portico-Dsn-Secret
 * header (DSN_SECRET). 5.x.x / failed: bounced with the diagnostic as reason; 4.x.x / delayed: deferred.
 */
export const dsn: MailEventAdapter = {
  configured: (cfg) => !!cfg.dsnSecret,
  verify: (req, cfg) => safeEqual(header(req, "x-portico-dsn-secret") ?? "", cfg.dsnSecret!),
  async parse(req) {
    const mail = await simpleParser(req.body, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
    const parts = mail.attachments
      .filter((a) =>
        /^(message|text)\/(delivery-status|rfc822|rfc822-headers|global-delivery-status)$/i.test(a.contentType),
      )
      .map((a) => a.content.toString("utf8"));
    const statusText = [mail.text ?? "", ...parts].join("\n\n");
    const messageId = messageIdIn(mail, parts.join("\n") + (mail.text ?? ""));
    const dsnId = mail.messageId || digestId(req.body.toString("base64"));
    return deliveryStatusOf(statusText).flatMap((r) => {
      const event = eventOf(r);
      if (!event || !r.email) return [];
      return [
        deliveryEvent({
          event_id: `${dsnId}:${r.email.toLowerCase()}`,
          message_id: messageId,
          email: r.email,
          event,
          reason: r.diagnostic || r.status,
          timestamp: mail.date?.toISOString(),
        }),
      ];
    });
  },
};
