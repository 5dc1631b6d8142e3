import { useEffect, useState, type ReactNode } from "react";
import { bootAuth, wireApiAuth, type BootResult } from "../lib/auth.ts";
import { FullPageProgress } from "../components/FullPageProgress.tsx";
import { ConnectionProblemPage } from "./pages/ConnectionProblemPage.tsx";

type State = { status: "loading" } | { status: "ready" } | { status: "error"; error: unknown };

let boot: Promise<BootResult> | null = null;

/**
 * Nothing renders before the user is signed in (or the app started offline, with the
 * stand-in token). Unauthenticated users go to the provider; /auth/callback finishes the
 * sign-in and puts the remembered path back in the address bar.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    if (!boot) {
      wireApiAuth();
      boot = bootAuth();
    }
    let live = true;
    boot.then(
      (r) => live && r.kind !== "redirecting" && setState({ status: "ready" }),
      (error: unknown) => live && setState({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.status === "error") return <ConnectionProblemPage error={state.error} />;
  if (state.status === "loading") return <FullPageProgress label="Signing in" />;
  return <>{children}</>;
}
