import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The chosen tab of a page, kept in the URL (?tab=): the key of `keys` it names (the first when
 * none or an unknown one), and a way to choose another (replacing the history entry).
 */
export function useTabParam<K extends string>(keys: readonly K[]): [K, (key: K) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const current = keys.find((k) => k === asked) ?? keys[0];
  const choose = useCallback(
    (key: K) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set("tab", key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [current, choose];
}
