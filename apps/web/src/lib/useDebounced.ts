import { useEffect, useState } from "react";

/** Searches wait this long after the last key (document 1 section 9). */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
