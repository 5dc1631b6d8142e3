import type { ComponentType } from "react";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { TabbedPanel } from "../../../components/TabbedPanel.tsx";
import { useCan } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useTabParam } from "../../../lib/useTabParam.ts";
import { MaintenanceSettingsTab } from "../components/MaintenanceSettingsTab.tsx";

interface SettingsTab {
  /** Its ?tab= value. */
  key: string;
  label: string;
  Panel: ComponentType;
}

/**
 * The tabs of the building's settings, in order. Main settings, Shift log, Elevator
 * reservations and Contacts join here as their panels are built (no tab shows before its panel).
 */
const TABS: readonly SettingsTab[] = [{ key: "maintenance", label: "Maintenance", Panel: MaintenanceSettingsTab }];

/** /{building}/settings/building (managers): the building's settings, one tab per area (?tab=). */
export function Component() {
  const can = useCan();
  if (!can("building.settings.edit")) return <NotFound />;
  return <Page />;
}

function Page() {
  usePageTitle("Building settings");
  const [key, choose] = useTabParam(TABS.map((t) => t.key));
  const current = TABS.find((t) => t.key === key) ?? TABS[0];
  return (
    <Box>
      <PageHeader title="Building settings" />
      <Paper variant="outlined">
        <TabbedPanel
          label="Settings"
          tabs={TABS}
          current={current}
          onChange={choose}
          titleOf={(t) => t.label}
          panelSx={{ p: { xs: 2, sm: 3 } }}
        >
          <current.Panel key={current.key} />
        </TabbedPanel>
      </Paper>
    </Box>
  );
}
