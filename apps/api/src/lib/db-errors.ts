/**
 * Errors that say the database cannot be reached right now (as opposed to a bad statement or a
 * constraint): the server restarting or shutting down, the connection cut or refused, no free
 * connection slot, the pool's connect timeout. A request failing this way is answered 503, and
 * the same request succeeds once the database is back.
 */

/** SQLSTATEs outside class 08 (connection exception) that mean the same. */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown (terminated by an administrator, fast shutdown)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down, recovering)
  "53300", // too_many_connections
]);

const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);

/** Messages of node-postgres and pg-pool for a connection lost, never made, or unusable. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Connection ended|The database connection was lost)/;

function unavailable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: unknown; message?: unknown; severity?: unknown };
  if (typeof e.code === "string") {
    if (e.code.startsWith("08") || UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_ERRNO.has(e.code)) return true;
  }
  // A backend that gives up its session (FATAL, PANIC) takes the connection with it.
  if (e.severity === "FATAL" || e.severity === "PANIC") return true;
  return typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message);
}

/** Is this error (or what caused it, e.g. a Drizzle query error wrapping the driver's) a lost database? */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (unavailable(e)) return true;
    if (e instanceof AggregateError && e.errors.some(unavailable)) return true;
  }
  return false;
}
