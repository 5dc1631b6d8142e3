import Autocomplete from "@mui/material/Autocomplete";
import type { Building } from "@portico/contract";
import { useSwitchBuilding } from "../../lib/buildingSwitch.ts";
import { topBarInput } from "./TopBarInput.tsx";

/** The 'Building' selector of the top bar (desktop), listing buildings by address. */
export function BuildingSwitcher({ buildings, current }: { buildings: readonly Building[]; current: number }) {
  const switchTo = useSwitchBuilding();
  const value = buildings.find((b) => b.id === current) ?? null;
  return (
    <Autocomplete<Building, false, true, false>
      id="building-switcher"
      size="small"
      sx={{ width: { md: 220, xl: 280 }, flexShrink: 0 }}
      options={buildings as Building[]}
      value={value ?? undefined}
      disableClearable
      autoHighlight
      getOptionLabel={(b) => b.address}
      getOptionKey={(b) => b.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, b) => {
        if (b && b.id !== current) switchTo(b.id);
      }}
      noOptionsText="No buildings"
      renderInput={topBarInput("Building")}
    />
  );
}
