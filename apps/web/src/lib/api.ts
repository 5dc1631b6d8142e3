/**
 * The one transport layer (spec document 1 section 8, document 2 section 8).
 *
 * - base /api/v1, `Authorization: Bearer <token>` on every call;
 * - a JSON body carrying `ErrorCode` 'INVALID_AUTHORIZATION_KEY' → AuthorizationError (the stored
 *   user is cleared); any other ErrorCode → GeneralError carrying its `Message`;
 * - 401 → UnauthorizedError (the stored user is cleared and sign-in starts again);
 * - reads (GET) answering 404 → NotFoundError;
 * - any other status ≥ 400 → ApiError with the status text (the body is kept for forms);
 * - any other non-OK reply → Error('Network response was not ok').
 */
import { MESSAGES } from "@portico/contract";

export const API_BASE = "/api/v1";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Reason phrases, for replies whose statusText is empty (HTTP/2). */
const REASON: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  constructor(status: number, statusText: string, body: unknown, message?: string) {
    const text = statusText || REASON[status] || `Error ${status}`;
    super(message ?? text);
    this.status = status;
    this.statusText = text;
    this.body = body;
  }
  /** `detail` of a 403/404 body, when there is one. */
  get detail(): string | undefined {
    const b = this.body as { detail?: unknown } | null;
    return b && typeof b === "object" && typeof b.detail === "string" ? b.detail : undefined;
  }
}

/** 401: not signed in, or the token is no longer accepted. */
export class UnauthorizedError extends ApiError {
  override name = "UnauthorizedError";
}

/** A 404 answering a read. */
export class NotFoundError extends ApiError {
  override name = "NotFoundError";
}

/** ErrorCode INVALID_AUTHORIZATION_KEY: the token failed the API check. */
export class AuthorizationError extends ApiError {
  override name = "AuthorizationError";
}

/** Any other ErrorCode: carries the server's Message. */
export class GeneralError extends ApiError {
  override name = "GeneralError";
  readonly code: string;
  constructor(status: number, statusText: string, body: unknown, code: string, message: string) {
    super(status, statusText, body, message);
    this.code = code;
  }
}

/** Hooks the app wires at start-up (src/lib/auth.ts); tests replace them. */
export interface ApiHooks {
  /** The current access token (or the offline stand-in), or null. */
  getToken: () => string | null | Promise<string | null>;
  /** 401: clear the stored user and sign in again. */
  onUnauthorized: () => void;
  /** ErrorCode INVALID_AUTHORIZATION_KEY: clear the stored user. */
  onAuthorizationError: () => void;
}

let hooks: ApiHooks = {
  getToken: () => null,
  onUnauthorized: () => {},
  onAuthorizationError: () => {},
};

export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

/** The access token every call sends (the live stream sends it too). */
export const currentToken = (): string | null | Promise<string | null> => hooks.getToken();

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

/** `?a=1&b=x`; null, undefined and '' are left out; arrays are joined with commas. */
export function buildQuery(params?: QueryParams): string {
  if (!params) return "";
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v)) {
      if (v.length) q.append(k, v.join(","));
    } else q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function apiUrl(path: string, params?: QueryParams): string {
  const p = path.startsWith("/") ? path : `/${path}`;
  return `${API_BASE}${p}${buildQuery(params)}`;
}

export interface RequestOptions {
  params?: QueryParams;
  /** A JSON body, or FormData / Blob sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'json' (default), 'blob' or 'text'. */
  responseType?: "json" | "blob" | "text";
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get("content-type") ?? "";
  if (res.status === 204 || res.status === 205) return null;
  try {
    if (type.includes("json")) return await res.json();
    const text = await res.text();
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } catch {
    return null;
  }
}

function errorCodeOf(body: unknown): { code: string; message: string } | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as { ErrorCode?: unknown; Message?: unknown };
  if (typeof b.ErrorCode !== "string" || !b.ErrorCode) return null;
  return { code: b.ErrorCode, message: typeof b.Message === "string" ? b.Message : b.ErrorCode };
}

/** Turn a reply into an error per the catalogue, or null when it is a success. */
export function errorFromResponse(method: string, res: Response, body: unknown): Error | null {
  const ec = errorCodeOf(body);
  if (ec) {
    if (ec.code === "INVALID_AUTHORIZATION_KEY") {
      hooks.onAuthorizationError();
      return new AuthorizationError(res.status, res.statusText, body, ec.message);
    }
    return new GeneralError(res.status, res.statusText, body, ec.code, ec.message);
  }
  if (res.ok) return null;
  if (res.status === 401) {
    hooks.onUnauthorized();
    return new UnauthorizedError(res.status, res.statusText, body);
  }
  if (res.status === 404 && method === "GET") return new NotFoundError(res.status, res.statusText, body);
  if (res.status >= 400) return new ApiError(res.status, res.statusText, body);
  return new Error(MESSAGES.networkNotOk);
}

export async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  const token = await hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    if (opts.body instanceof FormData || opts.body instanceof Blob || typeof opts.body === "string") {
      body = opts.body as BodyInit;
    } else {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
  }
  const res = await fetch(apiUrl(path, opts.params), { method, headers, body, signal: opts.signal });
  if (opts.responseType === "blob" && res.ok) return (await res.blob()) as T;
  const data = opts.responseType === "text" && res.ok ? await res.text() : await readBody(res);
  const err = errorFromResponse(method, res, data);
  if (err) throw err;
  return data as T;
}

export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) => request<T>("GET", path, { params, signal }),
  post: <T>(path: string, body?: unknown, params?: QueryParams) => request<T>("POST", path, { body, params }),
  patch: <T>(path: string, body?: unknown) => request<T>("PATCH", path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body }),
  delete: <T = null>(path: string, params?: QueryParams) => request<T>("DELETE", path, { params }),
};

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Every row of a paginated list (follows `next` until it runs out). */
export async function getAllPages<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T[]> {
  const limit = Number(params?.limit ?? 1000);
  const out: T[] = [];
  let offset = Number(params?.offset ?? 0);
  for (;;) {
    const page = await api.get<Page<T> | T[]>(path, { ...params, limit, offset }, signal);
    if (Array.isArray(page)) return page;
    out.push(...page.results);
    if (!page.next || page.results.length === 0) return out;
    offset += page.results.length;
  }
}

/** Save a Blob under a file name (an invisible link click). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Download a spreadsheet: the same list query with `Accept: xlsx`, saved as `filename`.
 * Errors follow the same catalogue as every other call.
 */
export async function downloadSpreadsheet(
  path: string,
  filename: string,
  params?: QueryParams,
  method: "GET" | "POST" = "GET",
): Promise<void> {
  const blob = await request<Blob>(method, path, { params, headers: { Accept: XLSX_MIME }, responseType: "blob" });
  saveBlob(blob, filename);
}

/** A short, user-facing text for any error (widgets: 'An error occurred: {message}'). */
export function errorMessage(err: unknown): string {
  // A refusal says what the server said (or the permission message), never a bare "Forbidden".
  if (err instanceof ApiError && err.status === 403) return err.detail ?? MESSAGES.permissionDenied;
  if (err instanceof Error) return err.message;
  if (typeof err === "string") return err;
  return "Unknown error";
}
