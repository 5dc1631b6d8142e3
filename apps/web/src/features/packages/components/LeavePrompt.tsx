import { useCallback, useEffect, useRef } from "react";
import { type BlockerFunction, useBlocker } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";

/**
 * "Are you sure you want to leave?" while `when` holds: a dialog for moves inside the app
 * (links, the building switcher, back) and the browser's own prompt for reloads and closing
 * the tab. `allowNextLeave()` lets one programmatic move through (after a successful submit).
 */
export function useLeavePrompt(when: boolean, message: string) {
  const allow = useRef(false);
  const whenRef = useRef(when);
  whenRef.current = when;
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        whenRef.current &&
        !allow.current &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = message;
      return message;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when, message]);

  const allowNextLeave = useCallback(() => {
    allow.current = true;
    // Later edits block again.
    setTimeout(() => {
      allow.current = false;
    }, 0);
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave this page?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {message}
    </ConfirmDialog>
  );
  return { dialog, allowNextLeave };
}
