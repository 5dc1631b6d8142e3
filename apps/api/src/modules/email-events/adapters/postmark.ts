import type { GenericMailEvent } from "@portico/contract";
import {
  deliveryEvent,
  digestId,
  header,
  jsonOf,
  messageIdOf,
  recordOf,
  safeEqual,
  textOf,
  type MailEventAdapter,
} from "./common.ts";

/** Postmark's bounce types → ours (types that are not about delivery are left out). */
const BOUNCE: Record<string, GenericMailEvent> = {
  HardBounce: "hard_bounce",
  BadEmailAddress: "hard_bounce",
  ManuallyDeactivated: "hard_bounce",
  SoftBounce: "soft_bounce",
  DnsError: "soft_bounce",
  Transient: "deferred",
  Blocked: "rejected",
  SpamNotification: "complaint",
  SpamComplaint: "complaint",
};

function eventOf(e: Record<string, unknown>): GenericMailEvent | null {
  switch (textOf(e.RecordType)) {
    case "Delivery":
      return "delivered";
    case "Bounce":
      return BOUNCE[textOf(e.Type)] ?? null;
    case "SpamComplaint":
      return "complaint";
    case "Open":
      return "open";
    default:
      return null;
  }
}

/**
 * Postmark webhooks, authenticated by HTTP basic auth (POSTMARK_WEBHOOK_USER / PASSWORD in the
 * webhook's URL); one record per call (RecordType Delivery, Bounce, SpamComplaint, Open) with our
 * id in Metadata.portico_message_id (the X-PM-Metadata header the mail layer sets).
 */
export const postmark: MailEventAdapter = {
  configured: (cfg) => !!cfg.postmarkUser && !!cfg.postmarkPassword,
  verify(req, cfg) {
    const auth = header(req, "authorization") ?? "";
    const m = /^Basic\s+(\S+)$/i.exec(auth);
    if (!m) return false;
    const given = Buffer.from(m[1], "base64").toString("utf8");
    return safeEqual(given, `${cfg.postmarkUser}:${cfg.postmarkPassword}`);
  },
  parse(req) {
    const e = recordOf(jsonOf(req.body));
    const event = eventOf(e);
    if (!event) return [];
    const email = textOf(e.Email) || textOf(e.Recipient);
    const at = e.BouncedAt ?? e.DeliveredAt ?? e.ReceivedAt;
    const id = textOf(e.ID);
    return [
      deliveryEvent({
        event_id: id ? `${textOf(e.RecordType)}:${id}` : digestId(e.RecordType, e.MessageID, email, at),
        message_id: messageIdOf(recordOf(e.Metadata).portico_message_id),
        email,
        event,
        reason: textOf(e.Description) || textOf(e.Details),
        timestamp: at,
      }),
    ];
  },
};
