import crypto from "node:crypto";
import type { GenericMailEvent } from "@portico/contract";
import {
  deliveryEvent,
  digestId,
  header,
  jsonOf,
  messageIdOf,
  recordOf,
  textOf,
  withinTolerance,
  type MailEventAdapter,
} from "./common.ts";

const SIGNATURE = "x-twilio-email-event-webhook-signature";
const TIMESTAMP = "x-twilio-email-event-webhook-timestamp";

function eventOf(e: Record<string, unknown>): GenericMailEvent | null {
  switch (textOf(e.event)) {
    case "delivered":
      return "delivered";
    case "deferred":
      return "deferred";
    case "bounce":
      return textOf(e.type) === "blocked" ? "soft_bounce" : "hard_bounce";
    case "blocked":
      return "soft_bounce";
    case "dropped":
      return "rejected";
    case "spamreport":
      return "complaint";
    case "open":
      return "open";
    default:
      return null;
  }
}

/** The verification key as SendGrid shows it (base64 DER) or as PEM. */
function publicKeyOf(key: string): crypto.KeyObject {
  return key.includes("-----BEGIN")
    ? crypto.createPublicKey(key)
    : crypto.createPublicKey({ key: Buffer.from(key, "base64"), format: "der", type: "spki" });
}

/**
 * SendGrid's Event Webhook: an ECDSA (P-256, SHA-256) signature over timestamp + raw body with
 * SENDGRID_WEBHOOK_PUBLIC_KEY; a list of events with sg_event_id and our custom argument
 * portico_message_id (the X-SMTPAPI unique_args the mail layer sets).
 */
export const sendgrid: MailEventAdapter = {
  configured: (cfg) => !!cfg.sendgridPublicKey,
  verify(req, cfg) {
    const signature = header(req, SIGNATURE);
    const timestamp = header(req, TIMESTAMP);
    if (!signature || !timestamp || !withinTolerance(timestamp, req.now)) return false;
    try {
      return crypto.verify(
        "sha256",
        Buffer.concat([Buffer.from(timestamp), req.body]),
        publicKeyOf(cfg.sendgridPublicKey!),
        Buffer.from(signature, "base64"),
      );
    } catch {
      return false;
    }
  },
  parse(req) {
    const list = jsonOf(req.body);
    if (!Array.isArray(list)) return [];
    return list.flatMap((item) => {
      const e = recordOf(item);
      const event = eventOf(e);
      if (!event) return [];
      const args = recordOf(e.unique_args);
      return [
        deliveryEvent({
          event_id: textOf(e.sg_event_id) || digestId(e.sg_message_id, e.email, e.event, e.timestamp),
          message_id: messageIdOf(e.portico_message_id ?? args.portico_message_id),
          email: textOf(e.email),
          event,
          reason: textOf(e.reason) || textOf(e.response),
          timestamp: e.timestamp,
        }),
      ];
    });
  },
};
