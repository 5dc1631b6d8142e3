import { useId } from "react";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useTabParam } from "../../../lib/useTabParam.ts";
import type { DashboardWidget } from "../model.ts";
import { WidgetBody } from "./WidgetCard.tsx";

/** A group's widgets as the tabs of one card; the chosen one is kept in the URL (?tab=). */
export function WidgetTabs({ label, tabs }: { label: string; tabs: readonly DashboardWidget[] }) {
  const id = useId();
  const [key, choose] = useTabParam(tabs.map((t) => t.key));
  const current = tabs.find((t) => t.key === key) ?? tabs[0];

  return (
    <Paper variant="outlined" component="section" aria-label={label} data-widget={current.key}>
      <Box sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}>
        <Tabs
          value={current.key}
          onChange={(_, next: string) => choose(next)}
          aria-label={`${label} sections`}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key} label={t.title} id={`${id}-tab-${t.key}`} aria-controls={`${id}-panel`} />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${current.key}`}
        sx={{ p: { xs: 1.5, sm: 2 } }}
      >
        <WidgetBody key={current.key} widget={current} />
      </Box>
    </Paper>
  );
}
