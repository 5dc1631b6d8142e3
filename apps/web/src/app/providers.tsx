import type { ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ThemeProvider } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";
import { SnackbarProvider } from "notistack";
import { SUCCESS_ALERT_HIDE_MS } from "@portico/contract";
import { theme } from "./theme.ts";
import { SNACKBAR_COMPONENTS } from "./snackbars.tsx";

/**
 * App-wide providers. The date-picker LocalizationProvider (dayjs) sits in the shell chunk
 * (see shell/ShellLayout.tsx) so the start-up bundle stays small.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={SUCCESS_ALERT_HIDE_MS}
          anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
          Components={SNACKBAR_COMPONENTS}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
