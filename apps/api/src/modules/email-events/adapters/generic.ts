import { Webhook } from "standardwebhooks";
import { GenericMailEventBody } from "@portico/contract";
import { deliveryEvent, header, jsonOf, messageIdOf, type MailEventAdapter, type RawMailEvent } from "./common.ts";

const headersOf = (req: RawMailEvent) => ({
  "webhook-id": header(req, "webhook-id") ?? "",
  "webhook-timestamp": header(req, "webhook-timestamp") ?? "",
  "webhook-signature": header(req, "webhook-signature") ?? "",
});

/**
 * Our own events, signed per Standard Webhooks (webhook-id, webhook-timestamp within 5 minutes,
 * webhook-signature with MAIL_EVENTS_SECRET): `{type, data: {message_id, email, reason?}}`. The
 * event's id is its webhook-id.
 */
export const generic: MailEventAdapter = {
  configured: (cfg) => !!cfg.secret,
  verify(req, cfg) {
    try {
      new Webhook(cfg.secret!).verify(req.body, headersOf(req));
      return true;
    } catch {
      return false;
    }
  },
  parse(req) {
    const parsed = GenericMailEventBody.safeParse(jsonOf(req.body));
    if (!parsed.success) return [];
    const { type, data, timestamp } = parsed.data;
    const h = headersOf(req);
    return [
      deliveryEvent({
        event_id: h["webhook-id"],
        message_id: messageIdOf(data.message_id),
        email: data.email,
        event: type,
        reason: data.reason,
        timestamp: timestamp ?? h["webhook-timestamp"],
      }),
    ];
  },
};
