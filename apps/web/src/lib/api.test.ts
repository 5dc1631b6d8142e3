import { MESSAGES } from "@portico/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  api,
  ApiError,
  AuthorizationError,
  buildQuery,
  configureApi,
  downloadSpreadsheet,
  errorMessage,
  GeneralError,
  getAllPages,
  NotFoundError,
  UnauthorizedError,
  XLSX_MIME,
} from "./api.ts";

const json = (status: number, body: unknown, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
const onUnauthorized = vi.fn();
const onAuthorizationError = vi.fn();

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  onUnauthorized.mockReset();
  onAuthorizationError.mockReset();
  configureApi({ getToken: () => "tok-123", onUnauthorized, onAuthorizationError });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error a call fails with (typed loosely, for assertions). */
const caught = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as GeneralError,
  );

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

describe("transport", () => {
  it("calls /api/v1 with the bearer token and query parameters", async () => {
    fetchMock.mockResolvedValue(json(200, { ok: 1 }));
    const data = await api.get("/core/quick-search/", { building: 5, empty: "", none: undefined });
    expect(data).toEqual({ ok: 1 });
    const { url, headers, init } = lastCall();
    expect(url).toBe("/api/v1/core/quick-search/?building=5");
    expect(init.method).toBe("GET");
    expect(headers.Authorization).toBe("Bearer tok-123");
  });

  it("sends JSON bodies on writes", async () => {
    fetchMock.mockResolvedValue(json(201, { id: 1 }));
    await api.post("/shift-logs/notes/", { note: "Hi" });
    const { init, headers } = lastCall();
    expect(init.method).toBe("POST");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(init.body).toBe('{"note":"Hi"}');
    expect(headers.Authorization).toBe("Bearer tok-123");
  });

  it("returns null for 204", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete("/shift-logs/notes/1/")).resolves.toBeNull();
  });

  it("builds queries: arrays joined, empty values left out", () => {
    expect(buildQuery({ a: [1, 2], b: false, c: null, d: "" })).toBe("?a=1%2C2&b=false");
    expect(buildQuery({})).toBe("");
  });
});

describe("error catalogue", () => {
  it("status >= 400 raises ApiError with the status text and keeps the body", async () => {
    fetchMock.mockResolvedValue(json(400, { note: ["This field is required."] }, "Bad Request"));
    const err = await caught(api.post("/x/", {}));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.message).toBe("Bad Request");
    expect(err.statusText).toBe("Bad Request");
    expect(err.body).toEqual({ note: ["This field is required."] });
  });

  it("fills in the reason phrase when the status text is empty (HTTP/2)", async () => {
    fetchMock.mockResolvedValue(json(403, { detail: "You do not have permission to perform this action." }));
    const err = await caught(api.get("/x/"));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe("Forbidden");
    expect(err.detail).toBe("You do not have permission to perform this action.");
  });

  it("a refusal is shown with the server's words, never a bare 'Forbidden'", async () => {
    fetchMock.mockResolvedValue(json(403, { detail: "You do not have access to this building" }));
    expect(errorMessage(await caught(api.get("/x/")))).toBe("You do not have access to this building");
    fetchMock.mockResolvedValue(json(403, "no body", "Forbidden"));
    expect(errorMessage(await caught(api.get("/x/")))).toBe(MESSAGES.permissionDenied);
  });

  it("401 is an UnauthorizedError and asks to sign in again", async () => {
    fetchMock.mockResolvedValue(json(401, { detail: "Authentication credentials were not provided." }, "Unauthorized"));
    const err = await caught(api.get("/me/"));
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err.name).toBe("UnauthorizedError");
    expect(err.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("ErrorCode INVALID_AUTHORIZATION_KEY is an AuthorizationError and clears the stored user", async () => {
    fetchMock.mockResolvedValue(json(403, { ErrorCode: "INVALID_AUTHORIZATION_KEY", Message: "Key expired" }));
    const err = await caught(api.get("/x/"));
    expect(err).toBeInstanceOf(AuthorizationError);
    expect(err.message).toBe("Key expired");
    expect(onAuthorizationError).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("any other ErrorCode is a general error carrying its Message", async () => {
    fetchMock.mockResolvedValue(json(400, { ErrorCode: "OCCUPANCY_LOCKED", Message: "The unit profile is locked." }));
    const err = await caught(api.post("/x/", {}));
    expect(err).toBeInstanceOf(GeneralError);
    expect(err.code).toBe("OCCUPANCY_LOCKED");
    expect(err.message).toBe("The unit profile is locked.");
    expect(onAuthorizationError).not.toHaveBeenCalled();
  });

  it("a read answering 404 raises NotFoundError", async () => {
    fetchMock.mockResolvedValue(json(404, { detail: "Not found." }, "Not Found"));
    const err = await caught(api.get("/core/occupancies/9/"));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.name).toBe("NotFoundError");
    expect(err.detail).toBe("Not found.");
  });

  it("a write answering 404 is a plain ApiError", async () => {
    fetchMock.mockResolvedValue(json(404, { detail: "Not found." }, "Not Found"));
    const err = await caught(api.patch("/core/occupancies/9/", {}));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(NotFoundError);
    expect(err.message).toBe("Not Found");
  });

  it("other non-OK replies: 'Network response was not ok'", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 304 }));
    const err = await caught(api.get("/x/"));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err.message).toBe("Network response was not ok");
  });

  it("5xx keeps the status text", async () => {
    fetchMock.mockResolvedValue(new Response("oops", { status: 502, statusText: "Bad Gateway" }));
    const err = await caught(api.get("/x/"));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe("Bad Gateway");
    expect(err.body).toBe("oops");
  });
});

describe("lists and downloads", () => {
  it("follows `next` to read every page", async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { count: 3, next: "n", previous: null, results: [1, 2] }))
      .mockResolvedValueOnce(json(200, { count: 3, next: null, previous: "p", results: [3] }));
    await expect(getAllPages<number>("/core/buildings/", { limit: 2 })).resolves.toEqual([1, 2, 3]);
    expect(fetchMock.mock.calls[1][0]).toBe("/api/v1/core/buildings/?limit=2&offset=2");
  });

  it("downloads a spreadsheet with the xlsx Accept header and saves it under the file name", async () => {
    fetchMock.mockResolvedValue(new Response("PK-xlsx-bytes", { status: 200, headers: { "content-type": XLSX_MIME } }));
    const createObjectURL = vi.fn(() => "blob:1");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    await downloadSpreadsheet("/core/buildings/4/occupants/", "building_occupants.xlsx", { active_only: true });
    expect(lastCall().url).toBe("/api/v1/core/buildings/4/occupants/?active_only=true");
    expect(lastCall().headers.Accept).toBe(XLSX_MIME);
    expect(lastCall().headers.Authorization).toBe("Bearer tok-123");
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe("building_occupants.xlsx");
    click.mockRestore();
  });

  it("a failed download follows the catalogue", async () => {
    fetchMock.mockResolvedValue(json(403, { detail: "nope" }, "Forbidden"));
    await expect(downloadSpreadsheet("/x/", "x.xlsx")).rejects.toMatchObject({ status: 403, message: "Forbidden" });
  });
});
