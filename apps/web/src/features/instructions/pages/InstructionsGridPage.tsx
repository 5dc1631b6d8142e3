import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import ListAltIcon from "@mui/icons-material/ListAlt";
import { INSTRUCTION_DEFAULT_ORDERING, INSTRUCTION_QUERY_LIMIT, MESSAGES } from "@portico/contract";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { SelectFilter } from "../../../components/FilterBar.tsx";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useInstructions, useInstructionTypes } from "../api.ts";
import { instructionPaths } from "../model.ts";
import { useCanWriteInstructions } from "../components/ExpireButton.tsx";
import { SectionHeader } from "../components/Header.tsx";
import { InstructionCardGrid } from "../components/InstructionCardGrid.tsx";
import { ApartmentSearch } from "../../../components/SideDrawer.tsx";
import { useDebounced } from "../../../lib/useDebounced.ts";

/**
 * /{building}/front-desk/instructions (document 2 section 2): the building's active instructions
 * as cards in four columns, filtered by type and by apartment or resident (both in the URL).
 */
export function Component() {
  usePageTitle("Front desk instructions");
  const { id: building, building: info } = useBuilding();
  const canWrite = useCanWriteInstructions();
  const [params, setParams] = useSearchParams();
  const type = params.get("instruction_type") ?? "";
  const [text, setText] = useState(params.get("search") ?? "");
  const search = useDebounced(text.trim());
  const types = useInstructionTypes({ is_active: true });

  const set = (k: string, v: string) =>
    setParams(
      (cur) => {
        const next = new URLSearchParams(cur);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const inUrl = params.get("search") ?? "";
  useEffect(() => {
    if (inUrl !== search) set("search", search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const list = useInstructions({
    building,
    status: "active",
    limit: INSTRUCTION_QUERY_LIMIT,
    ordering: INSTRUCTION_DEFAULT_ORDERING,
    instruction_type: type || undefined,
    search: search || undefined,
  });

  return (
    <Box>
      <SectionHeader
        other={{ to: instructionPaths.list(building), label: "Advanced search", icon: <ListAltIcon /> }}
        createTo={canWrite ? instructionPaths.create(building) : null}
      />
      <Paper
        variant="outlined"
        role="search"
        aria-label="Instruction filters"
        sx={{ p: 2, mb: 2, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}
      >
        <SelectFilter
          label="Type"
          value={type}
          emptyLabel="All types"
          onChange={(v) => set("instruction_type", v)}
          choices={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        />
        <ApartmentSearch value={text} onChange={setText} />
      </Paper>
      <LoadedList
        query={list}
        items={list.data?.results}
        loadingLabel="Loading instructions"
        empty={type || search ? MESSAGES.noMatchingResults : "No active instructions"}
      >
        {(rows) => (
          <InstructionCardGrid
            instructions={rows}
            building={building}
            timeZone={info?.time_zone}
            label="Active instructions"
          />
        )}
      </LoadedList>
    </Box>
  );
}
