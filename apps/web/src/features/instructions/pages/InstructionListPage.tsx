import { useMemo, useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import GridViewIcon from "@mui/icons-material/GridView";
import type { GridColDef } from "@mui/x-data-grid";
import {
  INSTRUCTION_LIST_PAGE_SIZE,
  INSTRUCTION_STATUS_FILTERS,
  isValidDay,
  MESSAGES,
  type Instruction,
} from "@portico/contract";
import { DataTable } from "../../../components/DataTable.tsx";
import { FilterBar, FilterChecks, SelectFilter, dateFilters } from "../../../components/FilterBar.tsx";
import { dateFilterErrors, useListUrl } from "../../../components/listUrl.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useInstructions, useInstructionTypes } from "../api.ts";
import { factsOf, instructionPaths, LIST_FILTERS, type ListFilter, listQueryOf, personName } from "../model.ts";
import { useCanWriteInstructions } from "../components/ExpireButton.tsx";
import { SectionHeader } from "../components/Header.tsx";
import { InstructionTypeChip } from "../components/InstructionTypeChip.tsx";
import { UnitFilter } from "../../../components/UnitPicker.tsx";

/** Grid columns that sort on the server (field → ordering key). */
const SORT_KEYS: Record<string, string> = {
  instruction_type: "instruction_type",
  apartment_number: "apartment_number",
  name: "name",
  start_date: "start_date",
  expiration_date: "expiration_date",
  entered_date: "entered_date",
};

const STATUS_LABELS: Record<(typeof INSTRUCTION_STATUS_FILTERS)[number], string> = {
  active: "Active",
  expired: "Expired",
  all: "All",
};

/** The largest page MUI X's free DataGrid takes. */
const GRID_MAX_PAGE = 100;

const DATE_PAIRS = [["date_range_min", "date_range_max"]] as const;

type Draft = Record<ListFilter, string>;
const draftOf = (params: URLSearchParams): Draft =>
  Object.fromEntries(LIST_FILTERS.map((k) => [k, params.get(k) ?? ""])) as Draft;

/**
 * /{building}/front-desk/instructions/list (document 2 section 2): the advanced search. Every
 * filter, the order and the page live in the URL (apartment, instruction_type, status, search,
 * date_range_min, date_range_max, occupancy__is_active, exclude_food_delivery, occupancy,
 * ordering, offset, limit), 50 a page; the unit profile links here with occupancy, limit=5000
 * and status=all.
 */
export function Component() {
  usePageTitle("Front desk instructions");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const canWrite = useCanWriteInstructions();
  const { params, setParams, paging, setPaging, update } = useListUrl(INSTRUCTION_LIST_PAGE_SIZE);
  const types = useInstructionTypes();
  const applied = useMemo(() => draftOf(params), [params]);
  const [draft, setDraft] = useState<Draft>(applied);
  // The URL changed elsewhere (Back, a link): the fields follow it.
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    setDraft(applied);
  }
  const errors = dateFilterErrors(draft, DATE_PAIRS, isValidDay);
  const appliedErrors = dateFilterErrors(applied, DATE_PAIRS, isValidDay);
  const valid = Object.keys(appliedErrors).length === 0;
  const ordering = params.get("ordering") || undefined;
  // The profile links here with limit=5000 (every instruction of the unit on one page): the
  // call asks for that many, the grid (100 rows a page at most) shows them all on its first page.
  const gridPaging = { limit: Math.min(paging.limit, GRID_MAX_PAGE), offset: paging.offset };

  const list = useInstructions(listQueryOf(params, building, paging), { enabled: valid });

  const put = (k: ListFilter, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const date = dateFilters(draft, put, errors);
  const search = (e?: FormEvent) => {
    e?.preventDefault();
    update({ ...draft, offset: null });
  };
  const reset = () => setParams(new URLSearchParams());

  const columns = useMemo<GridColDef<Instruction>[]>(
    () => [
      {
        field: "instruction_type",
        headerName: "Type",
        width: 130,
        renderCell: ({ row }) => <InstructionTypeChip type={row.instruction_type} />,
      },
      {
        field: "apartment_number",
        headerName: "Unit",
        width: 90,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={instructionPaths.profile(building, row.occupancy)}>
            {row.apartment_number}
          </Link>
        ),
      },
      {
        field: "name",
        headerName: "Name",
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={instructionPaths.detail(building, row.id)}>
            {row.name || row.instruction_type.name}
          </Link>
        ),
      },
      { field: "instruction_text", headerName: "Instructions", flex: 2, minWidth: 200, sortable: false },
      { field: "start_date", headerName: "Start date", width: 110, valueFormatter: (v: string) => formatDate(v) },
      {
        field: "expiration_date",
        headerName: "Expiration date",
        width: 130,
        valueFormatter: (v: string | null) => (v ? formatDate(v) : "No expiration"),
      },
      {
        field: "status",
        headerName: "Status",
        width: 140,
        sortable: false,
        renderCell: ({ row }) => {
          const f = factsOf(row, tz);
          return <Chip size="small" color={f.active ? "success" : "default"} label={f.status} />;
        },
      },
      {
        field: "entered_date",
        headerName: "Entered by",
        width: 160,
        valueGetter: (_v, row) => personName(row.entered_by),
      },
    ],
    [building, tz],
  );

  return (
    <Box>
      <SectionHeader
        other={{ to: instructionPaths.grid(building), label: "Active instructions", icon: <GridViewIcon /> }}
        createTo={canWrite ? instructionPaths.create(building) : null}
      />
      <FilterBar label="Instruction filters" onSubmit={search} onReset={reset} errorFields={Object.keys(errors)}>
        <TextField
          label="Search"
          name="search"
          value={draft.search}
          onChange={(e) => put("search", e.target.value)}
          helperText="Unit, name, instructions, type or resident"
        />
        <UnitFilter building={building} value={draft.apartment} onChange={(v) => put("apartment", v)} />
        <SelectFilter
          label="Type"
          name="instruction_type"
          value={draft.instruction_type}
          emptyLabel="All types"
          onChange={(v) => put("instruction_type", v)}
          choices={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        />
        <SelectFilter
          label="Status"
          name="status"
          value={draft.status}
          emptyLabel="Active"
          onChange={(v) => put("status", v === "active" ? "" : v)}
          choices={INSTRUCTION_STATUS_FILTERS.filter((s) => s !== "active").map((s) => ({
            value: s,
            label: STATUS_LABELS[s],
          }))}
        />
        {date("date_range_min", "In effect from")}
        {date("date_range_max", "In effect until")}
        <SelectFilter
          label="Unit profile"
          name="occupancy__is_active"
          value={draft.occupancy__is_active}
          emptyLabel="Any"
          onChange={(v) => put("occupancy__is_active", v)}
          choices={[
            { value: "true", label: "Active profiles" },
            { value: "false", label: "Inactive profiles" },
          ]}
        />
        <FilterChecks span={1}>
          <FormControlLabel
            control={
              <Checkbox
                name="exclude_food_delivery"
                checked={draft.exclude_food_delivery === "true"}
                onChange={(e) => put("exclude_food_delivery", e.target.checked ? "true" : "")}
              />
            }
            label="Exclude food deliveries"
          />
          {draft.occupancy && (
            <Chip
              label={`One unit profile (${draft.occupancy})`}
              onDelete={() => put("occupancy", "")}
              aria-label="Only one unit profile; remove to search every unit"
            />
          )}
        </FilterChecks>
      </FilterBar>
      <DataTable
        label="Instructions"
        columns={columns}
        query={list}
        paging={gridPaging}
        onPagingChange={setPaging}
        pageSizes={[INSTRUCTION_LIST_PAGE_SIZE, 100]}
        ordering={ordering ?? "-expiration_date"}
        sortKeys={SORT_KEYS}
        onOrderingChange={(o) => update({ ordering: o, offset: null })}
        countText={(n) => (n === 1 ? "1 instruction" : `${n} instructions`)}
        emptyText={valid ? MESSAGES.noMatchingResults : MESSAGES.fixDatesToSearch}
        columnsStorageKey="instructions-list"
        align="flex-start"
      />
    </Box>
  );
}
