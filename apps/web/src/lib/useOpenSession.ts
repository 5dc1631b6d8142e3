import { useState } from "react";

/**
 * A number that grows each time `open` turns true: the key of a dialog's form, so each opening
 * starts fresh while the last form stays on screen as the dialog hides. `onOpen` runs (during
 * render) at each opening, to reset other state with it.
 */
export function useOpenSession(open: boolean, onOpen?: () => void): number {
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
      onOpen?.();
    }
  }
  return session;
}
