import { useState } from "react";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "./providers.tsx";
import { AuthGate } from "./AuthGate.tsx";
import { createQueryClient } from "./queryClient.ts";
import { routes } from "./routes.tsx";

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <AppProviders client={client}>
      <AuthGate>
        <Router />
      </AuthGate>
    </AppProviders>
  );
}

function Router() {
  // Created after sign-in, so the router reads the path the callback restored.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
