/**
 * Live screens: one Server-Sent Events stream of the current building (GET /api/v1/live/?building=)
 * tells TanStack Query which queries to refetch when another user (or another tab) changes
 * something. `@microsoft/fetch-event-source` reads the stream because it can send the
 * Authorization header (EventSource cannot).
 *
 * - `change {topic, building}` → the query filters the topic map gives for that topic and building
 *   are invalidated (active queries refetch at once, the others when next shown);
 * - `reset` → every topic's filters of the building (changes may have been missed);
 * - the stream reconnects with backoff (1 s doubling to 30 s) and a fresh token, sending the last
 *   event id, so the server replays what was missed or answers `reset`;
 * - a tab hidden for HIDDEN_PAUSE_MS closes its stream; shown again, it resumes the same way.
 *
 * While connected, polling queries may poll less often: `refetchInterval: liveRefetchInterval(ms)`.
 */
import { useEffect } from "react";
import { fetchEventSource, EventStreamContentType } from "@microsoft/fetch-event-source";
import { useQueryClient, type QueryClient, type QueryFilters } from "@tanstack/react-query";
import { API_BASE, currentToken } from "./api.ts";

export const LIVE_TOPICS = [
  "packages",
  "shift_logs",
  "units",
  "building",
  "instructions",
  "lockouts",
  "contractors",
  "contractor_types",
  "access_keys",
  "maintenance_requests",
  "recurring_requests",
  "vendors",
  "maintenance_setup",
  "clubs",
  "amenity_reservations",
  "elevator_reservations",
  "reservation_types",
  "email_records",
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** For each topic of the stream, the queries it makes stale (see app/liveTopics.ts). */
export type LiveTopicMap = Record<LiveTopic, (building: number) => QueryFilters[]>;

export const HIDDEN_PAUSE_MS = 5 * 60_000;
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** How much less often polling queries poll while the stream is connected. */
export const LIVE_POLL_FACTOR = 10;

// Connection state, shared by every query's refetchInterval.
let connected = false;
function setConnected(on: boolean) {
  connected = on;
}

/** True while the live stream of the current building is open. */
export function isLiveConnected(): boolean {
  return connected;
}

/** A refetchInterval: `ms` normally, LIVE_POLL_FACTOR times longer while changes arrive live. */
export const liveRefetchInterval = (ms: number) => (): number => (connected ? ms * LIVE_POLL_FACTOR : ms);

/** Invalidates what a topic of a building makes stale. */
export function invalidateTopic(client: QueryClient, map: LiveTopicMap, topic: string, building: number): void {
  const filters = (map as Partial<Record<string, LiveTopicMap[LiveTopic]>>)[topic];
  if (!filters) return;
  for (const f of filters(building)) void client.invalidateQueries(f);
}

/** Invalidates everything the stream covers of a building. */
export function invalidateBuilding(client: QueryClient, map: LiveTopicMap, building: number): void {
  for (const topic of LIVE_TOPICS) invalidateTopic(client, map, topic, building);
}

export interface LiveOptions {
  building: number;
  client: QueryClient;
  topics: LiveTopicMap;
  /** Where to resume from (the last event id of an earlier stream of this building). */
  lastEventId?: string;
  onEventId?: (id: string) => void;
  /** Tests pass their own. */
  fetch?: typeof fetch;
  getToken?: () => string | null | Promise<string | null>;
}

class HttpStatusError extends Error {}

/** Opens the stream (reconnecting until stopped); returns the function that stops it. */
export function startLive(opts: LiveOptions): () => void {
  const { building, client, topics } = opts;
  const getToken = opts.getToken ?? currentToken;
  const baseFetch = opts.fetch ?? window.fetch.bind(window);
  const ctrl = new AbortController();
  let failures = 0;
  const withToken: typeof fetch = async (input, init) => {
    const token = await getToken();
    const headers = new Headers(init?.headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    return baseFetch(input, { ...init, headers });
  };
  void fetchEventSource(`${API_BASE}/live/?building=${building}`, {
    signal: ctrl.signal,
    headers: opts.lastEventId ? { "last-event-id": opts.lastEventId } : {},
    // Hidden tabs are handled by useLiveUpdates (closed only after a while).
    openWhenHidden: true,
    fetch: withToken,
    onopen: async (res) => {
      if (!res.ok || !res.headers.get("content-type")?.startsWith(EventStreamContentType))
        throw new HttpStatusError(`live stream answered ${res.status}`);
    },
    onmessage: (ev) => {
      if (ev.id) opts.onEventId?.(ev.id);
      if (ev.event === "ready") {
        failures = 0;
        setConnected(true);
      } else if (ev.event === "change") {
        try {
          const data = JSON.parse(ev.data) as { topic?: unknown; building?: unknown };
          if (typeof data.topic === "string" && data.building === building)
            invalidateTopic(client, topics, data.topic, building);
        } catch {
          // Not an event of ours: nothing to do.
        }
      } else if (ev.event === "reset") {
        invalidateBuilding(client, topics, building);
      }
    },
    onclose: () => {
      // The server ends streams on token expiry and account changes: connect again.
      throw new Error("live stream closed");
    },
    onerror: () => {
      setConnected(false);
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures);
      failures++;
      return delay + Math.floor(Math.random() * 250);
    },
  }).catch(() => setConnected(false));
  return () => {
    ctrl.abort();
    setConnected(false);
  };
}

/**
 * Keeps the live stream of `building` open while mounted (the shell mounts it once per building).
 * A tab hidden for HIDDEN_PAUSE_MS lets go of its stream and resumes it when shown again.
 */
export function useLiveUpdates(building: number | null, topics: LiveTopicMap): void {
  const client = useQueryClient();
  useEffect(() => {
    if (building === null) return;
    let lastEventId: string | undefined;
    let stop: (() => void) | null = null;
    let pauseTimer: ReturnType<typeof setTimeout> | null = null;
    const start = () => {
      stop = startLive({
        building,
        client,
        topics,
        lastEventId,
        onEventId: (id) => {
          lastEventId = id;
        },
      });
    };
    const onVisibility = () => {
      if (document.hidden) {
        pauseTimer ??= setTimeout(() => {
          stop?.();
          stop = null;
        }, HIDDEN_PAUSE_MS);
        return;
      }
      if (pauseTimer) clearTimeout(pauseTimer);
      pauseTimer = null;
      if (!stop) start();
    };
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      if (pauseTimer) clearTimeout(pauseTimer);
      stop?.();
    };
  }, [building, client, topics]);
}
