import Paper from "@mui/material/Paper";
import { TabbedPanel } from "../../../components/TabbedPanel.tsx";
import { useTabParam } from "../../../lib/useTabParam.ts";
import type { DashboardWidget } from "../model.ts";
import { WidgetBody } from "./WidgetCard.tsx";

/** A group's widgets as the tabs of one card; the chosen one is kept in the URL (?tab=). */
export function WidgetTabs({ label, tabs }: { label: string; tabs: readonly DashboardWidget[] }) {
  const [key, choose] = useTabParam(tabs.map((t) => t.key));
  const current = tabs.find((t) => t.key === key) ?? tabs[0];

  return (
    <Paper variant="outlined" component="section" aria-label={label} data-widget={current.key}>
      <TabbedPanel
        label={label}
        tabs={tabs}
        current={current}
        onChange={choose}
        titleOf={(t) => t.title}
        panelSx={{ p: { xs: 1.5, sm: 2 } }}
      >
        <WidgetBody key={current.key} widget={current} />
      </TabbedPanel>
    </Paper>
  );
}
