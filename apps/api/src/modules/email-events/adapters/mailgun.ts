import crypto from "node:crypto";
import type { DeliveryEvent, GenericMailEvent } from "@portico/contract";
import {
  deliveryEvent,
  jsonOf,
  messageIdOf,
  recordOf,
  safeEqual,
  textOf,
  withinTolerance,
  type MailEventAdapter,
} from "./common.ts";

/** Mailgun's event names → ours ('failed' is a hard bounce when permanent, deferred when temporary). */
function eventOf(data: Record<string, unknown>): GenericMailEvent | null {
  switch (textOf(data.event)) {
    case "delivered":
      return "delivered";
    case "failed":
      return textOf(data.severity) === "temporary" ? "deferred" : "hard_bounce";
    case "rejected":
      return "rejected";
    case "complained":
      return "complaint";
    case "opened":
      return "open";
    default:
      return null;
  }
}

/**
 * Mailgun webhooks: `{signature: {timestamp, token, signature}, "event-data": {…}}`, the signature
 * an HMAC-SHA256 of timestamp + token with MAILGUN_WEBHOOK_SIGNING_KEY; our id in
 * `user-variables.portico_message_id` (the X-Mailgun-Variables header the mail layer sets).
 */
export const mailgun: MailEventAdapter = {
  configured: (cfg) => !!cfg.mailgunSigningKey,
  verify(req, cfg) {
    const sig = recordOf(recordOf(jsonOf(req.body)).signature);
    const timestamp = textOf(sig.timestamp);
    const token = textOf(sig.token);
    if (!timestamp || !token || !withinTolerance(timestamp, req.now)) return false;
    const expected = crypto
      .createHmac("sha256", cfg.mailgunSigningKey!)
      .update(timestamp + token)
      .digest("hex");
    return safeEqual(expected, textOf(sig.signature));
  },
  parse(req) {
    const data = recordOf(recordOf(jsonOf(req.body))["event-data"]);
    const event = eventOf(data);
    if (!event) return [];
    const status = recordOf(data["delivery-status"]);
    const out: DeliveryEvent[] = [
      deliveryEvent({
        event_id: textOf(data.id),
        message_id: messageIdOf(recordOf(data["user-variables"]).portico_message_id),
        email: textOf(data.recipient),
        event,
        reason: textOf(status.description) || textOf(status.message) || textOf(data.reason),
        timestamp: data.timestamp,
      }),
    ];
    return out.filter((e) => e.event_id);
  },
};
