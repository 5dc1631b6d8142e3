import { Suspense, useId } from "react";
import { useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { ErrorBoundary } from "../../../components/ErrorBoundary.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useCan } from "../../../lib/session.tsx";
import { DASHBOARD_TABS } from "../widgets.ts";

/**
 * The dashboard's tab frame (Instructions, Shift log, Contractors): the tabs that exist and
 * are allowed, the chosen one kept in the URL (?tab=).
 */
export function DashboardTabs() {
  const can = useCan();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tabs = DASHBOARD_TABS.filter((t) => t.exists && t.Component && (!t.action || can(t.action)));
  if (tabs.length === 0) return null;
  const current = tabs.find((t) => t.key === params.get("tab")) ?? tabs[0];
  const Panel = current.Component!;

  return (
    <Paper variant="outlined" component="section" aria-label="Front desk">
      <Box sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}>
        <Tabs
          value={current.key}
          onChange={(_, key: string) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set("tab", key);
                return next;
              },
              { replace: true },
            )
          }
          aria-label="Dashboard sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`${id}-tab-${t.key}`}
              aria-controls={`${id}-panel-${t.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-panel-${current.key}`}
        aria-labelledby={`${id}-tab-${current.key}`}
        sx={{ p: { xs: 1.5, sm: 2 } }}
      >
        <ErrorBoundary resetKey={current.key}>
          <Suspense fallback={<SectionProgress />}>
            <Panel />
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Paper>
  );
}
