import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  type DeliveryEvent,
  MAIL_EVENT_STATE,
  MAIL_EVENT_TOLERANCE_SECONDS,
  type GenericMailEvent,
} from "@portico/contract";
import type { MailEventsConfig } from "../../../config.ts";

/** A delivery call as received: its headers and its body, byte for byte (signatures are over the bytes). */
export interface RawMailEvent {
  headers: IncomingHttpHeaders;
  body: Buffer;
  now: Date;
}

/**
 * One provider: whether it is configured, whether a call is authentic (signature, timestamp
 * within tolerance, allowed source), and its events in the one normalized shape.
 */
export interface MailEventAdapter {
  configured(cfg: MailEventsConfig): boolean;
  verify(req: RawMailEvent, cfg: MailEventsConfig): boolean;
  parse(req: RawMailEvent): DeliveryEvent[] | Promise<DeliveryEvent[]>;
}

export function header(req: RawMailEvent, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Compares secrets in constant time (whatever their lengths). */
export function safeEqual(a: string, b: string): boolean {
  const h = (s: string) => crypto.createHash("sha256").update(s).digest();
  return crypto.timingSafeEqual(h(a), h(b)) && a === b;
}

/** A provider's timestamp (seconds or an ISO date) within the tolerance of now. */
export function withinTolerance(ts: string | number | undefined | null, now: Date): boolean {
  if (ts === undefined || ts === null || ts === "") return false;
  const ms = typeof ts === "number" || /^\d+(\.\d+)?$/.test(ts) ? Number(ts) * 1000 : Date.parse(ts);
  if (!Number.isFinite(ms)) return false;
  return Math.abs(now.getTime() - ms) <= MAIL_EVENT_TOLERANCE_SECONDS * 1000;
}

export function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

export const recordOf = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A provider's string or number as text PostgreSQL can store (NUL bytes and lone surrogates dropped). */
export const textOf = (v: unknown): string =>
  (typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "")
    .replaceAll("\u0000", "")
    .replace(LONE_SURROGATE, "");

/** Our outbox id as a provider echoes it (a number, a string of digits, or a one-item list of them). */
export function messageIdOf(v: unknown): number | null {
  const one = Array.isArray(v) ? v[0] : v;
  const s = textOf(one).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** An instant as ISO 8601 (seconds since the epoch or a date string); null when unreadable. */
export function isoOf(v: unknown): string | null {
  if (v === undefined || v === null || v === "") return null;
  const ms =
    typeof v === "number" ? v * 1000 : /^\d+(\.\d+)?$/.test(textOf(v)) ? Number(v) * 1000 : Date.parse(textOf(v));
  const d = new Date(ms);
  return Number.isFinite(d.getTime()) ? d.toISOString() : null;
}

/** A normalized event; its state follows from the event. */
export function deliveryEvent(
  e: Omit<DeliveryEvent, "state" | "reason" | "timestamp"> & { reason?: unknown; timestamp?: unknown },
): DeliveryEvent {
  const reason = textOf(e.reason).trim().slice(0, 2000);
  return {
    event_id: textOf(e.event_id).slice(0, 500),
    message_id: e.message_id,
    email: textOf(e.email).trim().toLowerCase().slice(0, 254),
    event: e.event,
    state: MAIL_EVENT_STATE[e.event as GenericMailEvent],
    reason: reason || null,
    timestamp: isoOf(e.timestamp),
  };
}

/** A stable id for events a provider sends without one (the parts that make it unique). */
export const digestId = (...parts: unknown[]) =>
  crypto.createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 40);
