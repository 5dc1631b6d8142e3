import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../../../../components/ConfirmDialog.tsx";

/**
 * Nothing typed is lost by a stray click: leaving a form with changes asks first (in the app),
 * and the browser asks before closing or reloading the tab. `allow()` lets navigation through
 * (while saving: a save that fails calls `allow(false)`).
 */
export function useUnsavedChanges(when: boolean): { prompt: ReactNode; allow: (yes?: boolean) => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!allowed.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  const allow = useCallback((yes = true) => {
    allowed.current = yes;
  }, []);

  const prompt = (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      What you typed on this page has not been saved.
    </ConfirmDialog>
  );
  return { prompt, allow };
}
