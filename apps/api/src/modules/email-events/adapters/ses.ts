import crypto from "node:crypto";
import type { DeliveryEvent, GenericMailEvent } from "@portico/contract";
import {
  deliveryEvent,
  isRecord,
  jsonOf,
  messageIdOf,
  recordOf,
  textOf,
  withinTolerance,
  type MailEventAdapter,
} from "./common.ts";

/** The fields SNS signs, in order, per message type. */
const SIGNED: Record<string, string[]> = {
  Notification: ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
  SubscriptionConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
  UnsubscribeConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
};

/** The string SNS signs: each present field's name and value on lines of their own. */
export function snsStringToSign(m: Record<string, unknown>): string | null {
  const fields = SIGNED[textOf(m.Type)];
  if (!fields) return null;
  return fields
    .filter((f) => !(f === "Subject" && m.Subject === undefined))
    .map((f) => `${f}\n${textOf(m[f])}\n`)
    .join("");
}

const recipientsOf = (list: unknown, key = "emailAddress") =>
  (Array.isArray(list) ? list : []).map((r) =>
    isRecord(r) ? { email: textOf(r[key]), reason: r.diagnosticCode } : { email: textOf(r), reason: undefined },
  );

/** The recipients an SES event is about and what it makes of each. */
function eventsOf(
  n: Record<string, unknown>,
): { event: GenericMailEvent; email: string; reason?: unknown; at?: unknown }[] {
  const type = textOf(n.eventType) || textOf(n.notificationType);
  const mail = recordOf(n.mail);
  switch (type) {
    case "Delivery": {
      const d = recordOf(n.delivery);
      return (Array.isArray(d.recipients) ? d.recipients : []).map((email) => ({
        event: "delivered" as const,
        email: textOf(email),
        reason: d.smtpResponse,
        at: d.timestamp,
      }));
    }
    case "Bounce": {
      const b = recordOf(n.bounce);
      const kind = textOf(b.bounceType);
      const event: GenericMailEvent =
        kind === "Permanent" ? "hard_bounce" : kind === "Transient" ? "soft_bounce" : "deferred";
      return recipientsOf(b.bouncedRecipients).map((r) => ({ event, ...r, at: b.timestamp }));
    }
    case "Complaint": {
      const c = recordOf(n.complaint);
      return recipientsOf(c.complainedRecipients).map((r) => ({ event: "complaint" as const, ...r, at: c.timestamp }));
    }
    case "DeliveryDelay": {
      const d = recordOf(n.deliveryDelay);
      return recipientsOf(d.delayedRecipients).map((r) => ({ event: "deferred" as const, ...r, at: d.timestamp }));
    }
    case "Reject":
      return recipientsOf(mail.destination).map((r) => ({
        event: "rejected" as const,
        email: r.email,
        reason: recordOf(n.reject).reason,
      }));
    case "Open": {
      const o = recordOf(n.open);
      return recipientsOf(mail.destination).map((r) => ({ event: "open" as const, email: r.email, at: o.timestamp }));
    }
    default:
      return [];
  }
}

/**
 * Amazon SES events through an SNS topic. The SNS signature (SignatureVersion 1: SHA1, 2: SHA256)
 * is checked with the configured certificate SES_SNS_CERT_PEM (nothing is fetched), the topic
 * against SES_SNS_TOPIC_ARNS and the timestamp against the tolerance. A SubscriptionConfirmation
 * is acknowledged (its SubscribeURL is confirmed by the operator). Our id: mail.tags.portico_message_id.
 */
export const ses: MailEventAdapter = {
  configured: (cfg) => !!cfg.sesCertPem && cfg.sesTopicArns.length > 0,
  verify(req, cfg) {
    const m = recordOf(jsonOf(req.body));
    const toSign = snsStringToSign(m);
    if (!toSign || !cfg.sesTopicArns.includes(textOf(m.TopicArn))) return false;
    if (!withinTolerance(textOf(m.Timestamp), req.now)) return false;
    const algorithm =
      textOf(m.SignatureVersion) === "2" ? "sha256" : textOf(m.SignatureVersion) === "1" ? "sha1" : null;
    if (!algorithm) return false;
    try {
      return crypto.verify(algorithm, Buffer.from(toSign), cfg.sesCertPem!, Buffer.from(textOf(m.Signature), "base64"));
    } catch {
      return false;
    }
  },
  parse(req) {
    const m = recordOf(jsonOf(req.body));
    if (textOf(m.Type) !== "Notification") return [];
    const n = recordOf(jsonOf(Buffer.from(textOf(m.Message))));
    const messageId = messageIdOf(recordOf(recordOf(n.mail).tags).portico_message_id);
    const out: DeliveryEvent[] = eventsOf(n).map((e, i) =>
      deliveryEvent({
        event_id: `${textOf(m.MessageId)}:${i}`,
        message_id: messageId,
        email: e.email,
        event: e.event,
        reason: e.reason,
        timestamp: e.at ?? m.Timestamp,
      }),
    );
    return out.filter((e) => e.email);
  },
};
