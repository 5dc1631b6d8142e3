import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import {
  isLiveConnected,
  type LiveTopicMap,
  liveRefetchInterval,
  LIVE_POLL_FACTOR,
  LIVE_TOPICS,
  startLive,
} from "./live.ts";

/** A stream the test writes event-stream text into. */
function sseResponse() {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      const enc = new TextEncoder();
      push = (t) => c.enqueue(enc.encode(t));
      end = () => c.close();
    },
  });
  const res = new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  return { res, push: (t: string) => push(t), end: () => end() };
}

const topics: LiveTopicMap = {
  packages: () => [{ queryKey: ["packages"] }],
  shift_logs: () => [{ queryKey: ["shift-logs", "notes"] }],
  units: () => [{ queryKey: ["occupancies"] }],
  building: (b) => [{ queryKey: ["core", "building-settings", b] }],
  instructions: () => [{ queryKey: ["instructions"] }],
  lockouts: () => [{ queryKey: ["lockouts"] }],
  contractors: () => [{ queryKey: ["contractors"] }],
  contractor_types: () => [{ queryKey: ["contractor-types"] }],
  access_keys: () => [{ queryKey: ["access-keys"] }],
  maintenance_requests: () => [{ queryKey: ["maintenance-requests"] }],
  recurring_requests: () => [{ queryKey: ["recurring-requests"] }],
  vendors: () => [{ queryKey: ["vendors"] }],
  maintenance_setup: () => [{ queryKey: ["maintenance-setup"] }],
  clubs: () => [{ queryKey: ["clubs"] }],
  amenity_reservations: () => [{ queryKey: ["amenity-reservations"] }],
  elevator_reservations: () => [{ queryKey: ["elevator-reservations"] }],
  reservation_types: () => [{ queryKey: ["reservation-types"] }],
  email_records: () => [{ queryKey: ["email-records"] }],
};

const waitFor = async (check: () => boolean, ms = 1000) => {
  for (let i = 0; i < ms / 5 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe("live stream of a building", () => {
  it("sends the token, invalidates the queries of a changed topic of its building, and all on reset", async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const s = sseResponse();
    const fetchMock = vi.fn(async () => s.res);
    expect(liveRefetchInterval(30_000)()).toBe(30_000);
    stop = startLive({ building: 1, client, topics, fetch: fetchMock, getToken: () => "tok" });
    await waitFor(() => fetchMock.mock.calls.length === 1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/live/?building=1");
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer tok");

    s.push("retry: 2000\nid: x.1\nevent: ready\ndata: {}\n\n");
    await waitFor(() => isLiveConnected());
    expect(liveRefetchInterval(30_000)()).toBe(30_000 * LIVE_POLL_FACTOR);

    s.push('id: x.2\nevent: change\ndata: {"topic":"packages","building":1}\n\n');
    await waitFor(() => invalidate.mock.calls.length === 1);
    expect(invalidate.mock.calls[0][0]).toEqual({ queryKey: ["packages"] });

    // Another building's event or an unknown topic changes nothing.
    s.push('id: x.3\nevent: change\ndata: {"topic":"packages","building":2}\n\n');
    s.push('id: x.4\nevent: change\ndata: {"topic":"nonsense","building":1}\n\n');
    s.push('id: x.5\nevent: change\ndata: {"topic":"shift_logs","building":1}\n\n');
    await waitFor(() => invalidate.mock.calls.length === 2);
    expect(invalidate.mock.calls[1][0]).toEqual({ queryKey: ["shift-logs", "notes"] });

    s.push("id: x.6\nevent: reset\ndata: {}\n\n");
    // Every topic of the stream, in its order, for building 1.
    await waitFor(() => invalidate.mock.calls.length === 2 + LIVE_TOPICS.length);
    expect(invalidate.mock.calls.slice(2).map((c) => c[0])).toEqual(LIVE_TOPICS.flatMap((t) => topics[t](1)));
    expect(invalidate.mock.calls[2][0]).toEqual({ queryKey: ["packages"] });
    stop();
    stop = null;
    expect(isLiveConnected()).toBe(false);
  });

  it("reconnects with a fresh token and the last event id when the server ends the stream", async () => {
    const client = new QueryClient();
    const first = sseResponse();
    const second = sseResponse();
    const fetchMock = vi.fn().mockResolvedValueOnce(first.res).mockResolvedValueOnce(second.res);
    let token = "old";
    stop = startLive({ building: 3, client, topics, fetch: fetchMock, getToken: () => token });
    await waitFor(() => fetchMock.mock.calls.length === 1);
    first.push("id: a.7\nevent: ready\ndata: {}\n\n");
    await waitFor(() => isLiveConnected());
    token = "new";
    first.end();
    // After about a second (the first step of the backoff).
    await waitFor(() => fetchMock.mock.calls.length === 2, 3000);
    const headers = new Headers((fetchMock.mock.calls[1] as [string, RequestInit])[1].headers);
    expect(headers.get("authorization")).toBe("Bearer new");
    expect(headers.get("last-event-id")).toBe("a.7");
  });

  it("backs off when the server refuses, without treating it as signed out", async () => {
    const client = new QueryClient();
    const fetchMock = vi.fn(async () => new Response('{"detail":"x"}', { status: 429 }));
    stop = startLive({ building: 1, client, topics, fetch: fetchMock, getToken: () => "tok" });
    await waitFor(() => fetchMock.mock.calls.length === 1);
    // The first retry waits about a second.
    await new Promise((r) => setTimeout(r, 400));
    expect(fetchMock.mock.calls.length).toBe(1);
    expect(isLiveConnected()).toBe(false);
  });
});
