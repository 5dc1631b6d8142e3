import { type ComponentType, useId } from "react";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { NotFound } from "../../../components/NotFound.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
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
  const id = useId();
  const [key, choose] = useTabParam(TABS.map((t) => t.key));
  const current = TABS.find((t) => t.key === key) ?? TABS[0];
  return (
    <Box>
      <PageHeader title="Building settings" />
      <Paper variant="outlined">
        <Box sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}>
          <Tabs
            value={current.key}
            onChange={(_, next: string) => choose(next)}
            aria-label="Settings sections"
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {TABS.map((t) => (
              <Tab key={t.key} value={t.key} label={t.label} id={`${id}-tab-${t.key}`} aria-controls={`${id}-panel`} />
            ))}
          </Tabs>
        </Box>
        <Box
          role="tabpanel"
          id={`${id}-panel`}
          aria-labelledby={`${id}-tab-${current.key}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <current.Panel key={current.key} />
        </Box>
      </Paper>
    </Box>
  );
}
