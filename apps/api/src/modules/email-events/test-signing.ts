/** Signed sample calls of every provider, with keys made for the test (never a real secret). */
import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import { snsStringToSign } from "./adapters/ses.ts";
import type { MailEventsConfig } from "../../config.ts";

export interface SignedCall {
  headers: Record<string, string>;
  body: string;
}

const ec = crypto.generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const rsa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });

export const TOPIC_ARN = "arn:aws:sns:us-east-1:123456789012:portico-ses-events";

/** Every provider configured with keys of this test run. */
export const TEST_MAIL_EVENTS: MailEventsConfig = {
  secret: `whsec_${crypto.randomBytes(24).toString("base64")}`,
  mailgunSigningKey: crypto.randomBytes(16).toString("hex"),
  sendgridPublicKey: ec.publicKey.export({ format: "der", type: "spki" }).toString("base64"),
  postmarkUser: "postmark-hooks",
  postmarkPassword: crypto.randomBytes(12).toString("hex"),
  sesCertPem: rsa.publicKey.export({ format: "pem", type: "spki" }).toString(),
  sesTopicArns: [TOPIC_ARN],
  dsnSecret: crypto.randomBytes(16).toString("hex"),
};

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function signedGeneric(
  body: unknown,
  opts: { id?: string; at?: Date; secret?: string } = {},
): SignedCall & { id: string } {
  const id = opts.id ?? `msg_${crypto.randomUUID()}`;
  const at = opts.at ?? new Date();
  const text = JSON.stringify(body);
  const signature = new Webhook(opts.secret ?? TEST_MAIL_EVENTS.secret!).sign(id, at, text);
  return {
    id,
    body: text,
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(seconds(at)),
      "webhook-signature": signature,
    },
  };
}

export function signedMailgun(eventData: Record<string, unknown>, opts: { at?: Date; key?: string } = {}): SignedCall {
  const timestamp = String(seconds(opts.at ?? new Date()));
  const token = crypto.randomBytes(25).toString("hex");
  const signature = crypto
    .createHmac("sha256", opts.key ?? TEST_MAIL_EVENTS.mailgunSigningKey!)
    .update(timestamp + token)
    .digest("hex");
  return {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ signature: { timestamp, token, signature }, "event-data": eventData }),
  };
}

export function signedSendgrid(
  events: Record<string, unknown>[],
  opts: { at?: Date; tamper?: boolean } = {},
): SignedCall {
  const timestamp = String(seconds(opts.at ?? new Date()));
  const body = JSON.stringify(events);
  const signature = crypto.sign("sha256", Buffer.from(timestamp + body), ec.privateKey).toString("base64");
  return {
    headers: {
      "content-type": "application/json",
      "x-twilio-email-event-webhook-signature": signature,
      "x-twilio-email-event-webhook-timestamp": timestamp,
    },
    body: opts.tamper ? body.replace("}", ',"x":1}') : body,
  };
}

export function postmarkCall(
  record: Record<string, unknown>,
  password = TEST_MAIL_EVENTS.postmarkPassword!,
): SignedCall {
  const auth = Buffer.from(`${TEST_MAIL_EVENTS.postmarkUser}:${password}`).toString("base64");
  return {
    headers: { "content-type": "application/json", authorization: `Basic ${auth}` },
    body: JSON.stringify(record),
  };
}

export function signedSns(
  fields: { Type?: string; Message: string; TopicArn?: string; SubscribeURL?: string; Token?: string },
  opts: { at?: Date; version?: "1" | "2" } = {},
): SignedCall {
  const m: Record<string, string> = {
    Type: fields.Type ?? "Notification",
    MessageId: crypto.randomUUID(),
    TopicArn: fields.TopicArn ?? TOPIC_ARN,
    Message: fields.Message,
    Timestamp: (opts.at ?? new Date()).toISOString(),
    SignatureVersion: opts.version ?? "2",
    SigningCertURL: "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-example.pem",
    ...(fields.SubscribeURL ? { SubscribeURL: fields.SubscribeURL, Token: fields.Token ?? "token" } : {}),
  };
  const algorithm = m.SignatureVersion === "2" ? "sha256" : "sha1";
  m.Signature = crypto.sign(algorithm, Buffer.from(snsStringToSign(m)!), rsa.privateKey).toString("base64");
  return { headers: { "content-type": "text/plain; charset=UTF-8" }, body: JSON.stringify(m) };
}

/** A bounce report as mail servers send it back to the VERP address. */
export function bounceMessage(o: {
  messageId: number;
  email: string;
  status?: string;
  action?: string;
  diagnostic?: string;
}): string {
  const status = o.status ?? "5.1.1";
  return [
    "Return-Path: <>",
    `Delivered-To: bounces+${o.messageId}@portico.local`,
    "From: Mail Delivery System <MAILER-DAEMON@mx.example.net>",
    `To: bounces+${o.messageId}@portico.local`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <${crypto.randomUUID()}@mx.example.net>`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="=_report"',
    "",
    "--=_report",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host mx.example.net.",
    "I'm sorry to have to inform you that your message could not be delivered.",
    "",
    "--=_report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "Arrival-Date: Fri, 27 Nov 2026 10:00:00 +0000",
    "",
    `Final-Recipient: rfc822; ${o.email}`,
    `Original-Recipient: rfc822;${o.email}`,
    `Action: ${o.action ?? (status.startsWith("5") ? "failed" : "delayed")}`,
    `Status: ${status}`,
    "Remote-MTA: dns; mail.example.com",
    ...(o.diagnostic
      ? [`Diagnostic-Code: smtp; ${o.diagnostic}`]
      : [
          `Diagnostic-Code: smtp; 550 5.1.1 <${o.email}>: Recipient address rejected:`,
          "    User unknown in virtual mailbox table",
        ]),
    "",
    "--=_report",
    "Content-Type: message/rfc822",
    "",
    `Message-ID: <portico-${o.messageId}@portico.local>`,
    `X-Portico-Message-Id: ${o.messageId}`,
    "From: Portico <no-reply@portico.local>",
    `To: ${o.email}`,
    "Subject: Water shut-off on Tuesday",
    "",
    "The water will be off from 10 to 12.",
    "",
    "--=_report--",
    "",
  ].join("\r\n");
}
