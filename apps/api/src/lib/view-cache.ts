import crypto from "node:crypto";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChangeCache } from "./change-feed.ts";
import { type CurrentUser, requireUser } from "./current-user.ts";

/**
 * Whole-building views (package grid, quick search, apartment packages) kept as ready response
 * bytes in a change-feed cache, sent with a strong ETag (a hash of the bytes, so every instance
 * agrees) and `Cache-Control: private, no-cache`: the browser revalidates every time and gets a
 * 304 without a body while nothing changed.
 *
 * The access check runs on every call, before the cache. The key holds everything the bytes
 * depend on besides the topics: the building, its local date when the view shows "future" or
 * "expired" leases, the query, and the viewer's variant when a field depends on the role.
 */
export interface ViewBody {
  body: Buffer;
  etag: string;
  /** The gzip representation, made on the first request that accepts it (bodies of 1 KB or more). */
  gzip?: Buffer;
}

/** Bodies from this size on go gzipped to clients that accept it (every browser). */
export const GZIP_MIN_BYTES = 1024;
const acceptsGzip = (req: FastifyRequest) => /\bgzip\b/i.test(String(req.headers["accept-encoding"] ?? ""));

export interface View {
  key: string;
  topics: readonly string[];
  /** The 200 response: JSON text sent as it is, or a value for the route's serializer. */
  load: () => Promise<string | object>;
}

/**
 * Sizes of the declared caches (lib/caches.ts). A cache declared `perUser` (the buildings a user
 * may see, the employees of their buildings) gets the user in its key and the user's own topic
 * (`user:<id>`: a role, access or account change drops everything that user sees) from sendView.
 */

/** The key of a per-user list page: the user and the whole URL with its query. */
export const userPageKey = (call: { user: CurrentUser | null; url: string }): string =>
  `${requireUser(call).id}:${call.url}`;

export function viewBody(json: string | Buffer | ArrayBuffer): ViewBody {
  const body = typeof json === "string" ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json);
  return { body, etag: `"${crypto.createHash("sha1").update(body).digest("base64url")}"` };
}

/** If-None-Match: `*`, or a list of tags compared weakly (RFC 9110 13.1.2). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = Array.isArray(header) ? header.join(",") : header;
  if (list.trim() === "*") return true;
  return list.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

export async function sendView(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: ChangeCache<ViewBody>,
  view: View,
): Promise<FastifyReply> {
  const perUser = cache.declaration.perUser ? requireUser(req).id : null;
  const key = perUser === null ? view.key : `${perUser}|${view.key}`;
  const topics = perUser === null ? view.topics : [...view.topics, `user:${perUser}`];
  const v = await cache.get(key, topics, async () => {
    const data = await view.load();
    return viewBody(typeof data === "string" ? data : reply.serialize(data));
  });
  // Compressed once per change, then sent as it is; each representation has its own tag.
  const gzip = v.body.length >= GZIP_MIN_BYTES && acceptsGzip(req);
  if (gzip) v.gzip ??= zlib.gzipSync(v.body);
  const etag = gzip ? `${v.etag.slice(0, -1)}.gz"` : v.etag;
  reply.header("etag", etag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
  if (etagMatches(req.headers["if-none-match"], etag)) return reply.code(304).send();
  if (gzip) reply.header("content-encoding", "gzip");
  return reply.type("application/json; charset=utf-8").send(gzip ? v.gzip : v.body);
}
