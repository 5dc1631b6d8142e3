import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import {
  DASHBOARD_INSTRUCTIONS,
  type Instruction,
  INSTRUCTION_DEFAULT_ORDERING,
  INSTRUCTION_MESSAGES,
  INSTRUCTION_REFETCH,
} from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { useInstructions } from "../api.ts";
import { instructionPaths } from "../model.ts";
import { InstructionCardGrid } from "./InstructionCardGrid.tsx";
import { InstructionDrawer } from "./InstructionDrawer.tsx";
import { ApartmentSearch } from "../../../components/SideDrawer.tsx";
import { useDebounced } from "../../../lib/useDebounced.ts";

/**
 * The dashboard's Instructions tab (document 1 section 2.3): search by apartment or resident,
 * 9 active instructions, 'Show more' adds 9 up to 27, then 'Search all front desk instructions';
 * refreshed every 5 minutes. A card opens in a drawer linking to its page; food deliveries
 * have 'Arrived'.
 */
export function DashboardInstructionsTab() {
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const [text, setText] = useState("");
  const term = useDebounced(text.trim());
  const [shown, setShown] = useState<{ term: string; count: number }>({
    term: "",
    count: DASHBOARD_INSTRUCTIONS.initial,
  });
  const count = shown.term === term ? shown.count : DASHBOARD_INSTRUCTIONS.initial;
  const [open, setOpen] = useState<Instruction | null>(null);
  const list = useInstructions(
    {
      building,
      status: "active",
      limit: DASHBOARD_INSTRUCTIONS.max,
      ordering: INSTRUCTION_DEFAULT_ORDERING,
      search: term || undefined,
    },
    { refetchEvery: INSTRUCTION_REFETCH.dashboard },
  );
  const rows = list.data?.results ?? [];
  const searchAll = (
    <Link component={RouterLink} to={instructionPaths.list(building, term ? { search: term } : {})}>
      {INSTRUCTION_MESSAGES.searchAll}
    </Link>
  );

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ApartmentSearch value={text} onChange={setText} />
      <LoadedList
        query={list}
        items={rows}
        loadingLabel="Loading instructions"
        empty={term ? "No results" : "No instructions"}
      >
        {(all) => (
          <InstructionCardGrid
            instructions={all.slice(0, count)}
            building={building}
            timeZone={tz}
            label="Active instructions"
            columns={3}
            onOpen={setOpen}
            actions="arrived"
          />
        )}
      </LoadedList>
      {list.data && (
        <Box sx={{ display: "flex", justifyContent: "center" }}>
          {count < DASHBOARD_INSTRUCTIONS.max && rows.length > count ? (
            <Button
              variant="outlined"
              onClick={() =>
                setShown({ term, count: Math.min(count + DASHBOARD_INSTRUCTIONS.step, DASHBOARD_INSTRUCTIONS.max) })
              }
            >
              Show more
            </Button>
          ) : (
            searchAll
          )}
        </Box>
      )}
      <InstructionDrawer instruction={open} building={building} timeZone={tz} onClose={() => setOpen(null)} />
    </Box>
  );
}
