/**
 * Drawers opened from the top navigation (shift log, food deliveries; later lockouts,
 * contractors, elevators). The registry maps a nav item's key to its lazily loaded drawer;
 * a nav item with `drawer: true` and an entry here is a button that opens it.
 *
 * The open drawer is remembered for the browser tab (session storage), so a reload brings
 * it back with whatever was being typed (forms keep their own drafts).
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from "react";
import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { MESSAGES } from "@portico/contract";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { useRequiredContext } from "../../lib/requiredContext.ts";

export interface ShellDrawerProps {
  open: boolean;
  onClose: () => void;
}

export const SHELL_DRAWERS: Readonly<Record<string, LazyExoticComponent<ComponentType<ShellDrawerProps>>>> = {
  "shift-log": lazy(() => import("../../features/shift-logs/components/ShiftLogDrawer.tsx")),
  "food-delivery": lazy(() => import("../../features/instructions/components/FoodDeliveryDrawer.tsx")),
  keys: lazy(() => import("../../features/access-keys/components/KeysDrawer.tsx")),
  lockouts: lazy(() => import("../../features/lockouts/components/LockoutDrawer.tsx")),
  contractors: lazy(() => import("../../features/contractors/components/ContractorVisitDrawer.tsx")),
  elevators: lazy(async () => ({
    default: (await import("../../features/elevator-reservations/index.ts")).ElevatorsDrawer,
  })),
};

export const hasShellDrawer = (key: string) => key in SHELL_DRAWERS;

interface DrawerState {
  /** The open drawer's key, or null. */
  current: string | null;
  open: (key: string) => void;
  close: () => void;
}

const ShellDrawerContext = createContext<DrawerState | null>(null);

export function useShellDrawer(): DrawerState {
  return useRequiredContext(ShellDrawerContext, "useShellDrawer outside ShellDrawerProvider");
}

/** Null outside a building (admin mode has no drawers). */
export function useOptionalShellDrawer(): DrawerState | null {
  return useContext(ShellDrawerContext);
}

const STORAGE_KEY = "portico.shell-drawer";

function readStored(): string | null {
  try {
    const v = sessionStorage.getItem(STORAGE_KEY);
    return v && hasShellDrawer(v) ? v : null;
  } catch {
    return null;
  }
}

function store(key: string | null) {
  try {
    if (key) sessionStorage.setItem(STORAGE_KEY, key);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // not kept across reloads, that is all
  }
}

/** Holds which drawer is open and renders the drawers that have been opened (kept mounted). */
export function ShellDrawerProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<string | null>(readStored);
  const [mounted, setMounted] = useState<string[]>(() => (current ? [current] : []));
  const open = useCallback((key: string) => {
    if (!hasShellDrawer(key)) return;
    setCurrent(key);
    setMounted((m) => (m.includes(key) ? m : [...m, key]));
    store(key);
  }, []);
  const close = useCallback(() => {
    setCurrent(null);
    store(null);
  }, []);
  const value = useMemo(() => ({ current, open, close }), [current, open, close]);

  return (
    <ShellDrawerContext.Provider value={value}>
      {children}
      {mounted.map((key) => {
        const Drawer = SHELL_DRAWERS[key];
        return (
          <ErrorBoundary
            key={key}
            fallback={
              <Snackbar open={current === key} onClose={close}>
                <Alert severity="error" onClose={close}>
                  {MESSAGES.crashed}
                </Alert>
              </Snackbar>
            }
          >
            <Suspense fallback={null}>
              <Drawer open={current === key} onClose={close} />
            </Suspense>
          </ErrorBoundary>
        );
      })}
    </ShellDrawerContext.Provider>
  );
}
