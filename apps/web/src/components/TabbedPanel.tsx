import { type ReactNode, useId } from "react";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import type { SxProps, Theme } from "@mui/material/styles";

/**
 * A row of tabs (scrolling on a phone) over the chosen tab's panel, inside the caller's card;
 * `label` names the tab list ('… sections').
 */
export function TabbedPanel<T extends { key: string }>({
  label,
  tabs,
  current,
  onChange,
  titleOf,
  panelSx,
  children,
}: {
  label: string;
  tabs: readonly T[];
  current: T;
  onChange: (key: string) => void;
  titleOf: (tab: T) => string;
  panelSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}>
        <Tabs
          value={current.key}
          onChange={(_, next: string) => onChange(next)}
          aria-label={`${label} sections`}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key} label={titleOf(t)} id={`${id}-tab-${t.key}`} aria-controls={`${id}-panel`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.key}`} sx={panelSx}>
        {children}
      </Box>
    </>
  );
}
