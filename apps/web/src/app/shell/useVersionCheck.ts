import { useEffect, useRef, useState } from "react";

export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;
const FOCUS_MIN_GAP_MS = 30_000;

async function fetchVersionTag(): Promise<string | null> {
  try {
    const res = await fetch("/index.html", { method: "HEAD", cache: "no-store" });
    if (!res.ok) return null;
    return res.headers.get("etag") ?? res.headers.get("last-modified");
  } catch {
    return null;
  }
}

/**
 * True once /index.html's ETag differs from the one seen first: a new version is deployed.
 * Checked every 5 minutes and when the window gets focus.
 */
export function useNewVersionAvailable(enabled = import.meta.env.PROD): boolean {
  const [changed, setChanged] = useState(false);
  const baseline = useRef<string | null>(null);
  const lastCheck = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const check = async () => {
      lastCheck.current = Date.now();
      const tag = await fetchVersionTag();
      if (stopped || !tag) return;
      if (baseline.current === null) baseline.current = tag;
      else if (tag !== baseline.current) setChanged(true);
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    const onFocus = () => {
      if (Date.now() - lastCheck.current > FOCUS_MIN_GAP_MS) void check();
    };
    window.addEventListener("focus", onFocus);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [enabled]);
  return changed;
}
