import { Component, type ErrorInfo, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import { MESSAGES } from "@portico/contract";

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a crashed section tries again. */
  resetKey?: unknown;
  fallback?: ReactNode;
}
interface State {
  error: Error | null;
  key: unknown;
}

/** Wraps every routed section: a crash shows 'Something went wrong. Please refresh the page.' */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { key: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Section crashed", error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return this.props.fallback ?? <CrashedSection />;
    }
    return this.props.children;
  }
}

export function CrashedSection() {
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {MESSAGES.crashed}
    </Alert>
  );
}
