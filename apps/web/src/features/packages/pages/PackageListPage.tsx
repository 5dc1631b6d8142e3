import { useMemo, useState, type FormEvent } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import type { GridColDef } from "@mui/x-data-grid";
import {
  compareApartmentNumbers,
  isValidDateFilter,
  MESSAGES,
  type Package,
  PACKAGE_GROUP_DISPLAY,
  PACKAGE_GROUPS,
  PACKAGE_LIST_DEFAULT_LIMIT,
  PACKAGE_LIST_DEFAULT_ORDERING,
  PACKAGE_MESSAGES as M,
  packagePaths,
} from "@portico/contract";
import type { QueryParams } from "../../../lib/api.ts";
import { useApartmentsDropdown } from "../../../lib/queries.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { DataTable } from "../../../components/DataTable.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { FilterBar, SelectFilter } from "../../../components/FilterBar.tsx";
import { dateFilterErrors, useListUrl } from "../../../components/listUrl.ts";
import { usePackages, usePackageTypes } from "../api.ts";
import { personName, residentNames } from "../model.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";

/** The filters as the URL holds them (names of GET /packages/list/). */
const FILTER_KEYS = [
  "search",
  "package_status",
  "package_type",
  "package_type__group",
  "apartment",
  "min_date_opened",
  "max_date_opened",
  "min_date_closed",
  "max_date_closed",
  "include_deactivated_units",
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Record<FilterKey, string>;

const DEFAULT_FILTERS: Filters = {
  search: "",
  package_status: "OPEN",
  package_type: "",
  package_type__group: "",
  apartment: "",
  min_date_opened: "",
  max_date_opened: "",
  min_date_closed: "",
  max_date_closed: "",
  include_deactivated_units: "",
};

const STATUS_CHOICES = [
  { value: "OPEN", label: "Open" },
  { value: "CLOSED", label: "Closed" },
  { value: "OPEN,CLOSED", label: "Open and closed" },
];

const GROUP_CHOICES = PACKAGE_GROUPS.map((g) => ({ value: g, label: PACKAGE_GROUP_DISPLAY[g] }));

const SORTABLE: Record<string, string> = {
  id: "id",
  apartment_number: "apartment_number",
  package_type: "package_type",
  status: "status",
  date_opened: "date_opened",
  opened_by: "opened_by",
  date_closed: "date_closed",
  closed_by: "closed_by",
};

const DATE_KEYS: FilterKey[] = ["min_date_opened", "max_date_opened", "min_date_closed", "max_date_closed"];
/** Each range's start and end (the contract's order rule). */
const DATE_RANGES = [
  ["min_date_opened", "max_date_opened"],
  ["min_date_closed", "max_date_closed"],
] as const;

/** The date filters' messages: 'Invalid date', or an end before its start (on the end). */
const dateErrors = (f: Filters) => dateFilterErrors(f, DATE_RANGES, isValidDateFilter);

function readFilters(params: URLSearchParams): Filters {
  const out = { ...DEFAULT_FILTERS };
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v !== null) out[k] = v;
  }
  return out;
}

/** /{building}/packages/list: search with filters, sortable columns, paging, Show/Hide comments. */
export function Component() {
  usePageTitle("Search packages");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const { params, setParams, update, paging, setPaging } = useListUrl(PACKAGE_LIST_DEFAULT_LIMIT);
  const filters = readFilters(params);
  const ordering = params.get("ordering") || PACKAGE_LIST_DEFAULT_ORDERING;
  const showComments = params.get("comments") === "show";
  // Invalid or reversed dates are shown under their fields; the list waits for good ones.
  const badDates = Object.keys(dateErrors(filters)).length > 0;

  const query: QueryParams = {
    building,
    ...paging,
    ordering,
    ...Object.fromEntries(FILTER_KEYS.map((k) => [k, filters[k] || undefined])),
  };
  const list = usePackages(query, { enabled: !badDates });

  const columns = useMemo<GridColDef<Package>[]>(() => {
    const cols: GridColDef<Package>[] = [
      {
        field: "apartment_number",
        headerName: "Unit",
        width: 90,
        renderCell: ({ row }) => <strong>{row.apartment_number}</strong>,
      },
      {
        field: "residents",
        headerName: "Residents",
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) => residentNames(row.occupants),
      },
      {
        field: "package_type",
        headerName: "Type",
        width: 170,
        valueGetter: (_v, row) => row.package_type.name,
        renderCell: ({ row }) => <PackageTypeChip type={row.package_type} withName />,
      },
      { field: "status", headerName: "Status", width: 90, valueGetter: (_v, row) => row.status_display },
      {
        field: "date_opened",
        headerName: "Opened",
        width: 175,
        valueGetter: (_v, row) => `${formatZonedDate(row.date_opened, tz)} ${formatZonedTime(row.date_opened, tz)}`,
      },
      { field: "opened_by", headerName: "Opened by", width: 130, valueGetter: (_v, row) => personName(row.opened_by) },
      {
        field: "date_closed",
        headerName: "Closed",
        width: 175,
        valueGetter: (_v, row) =>
          row.date_closed ? `${formatZonedDate(row.date_closed, tz)} ${formatZonedTime(row.date_closed, tz)}` : "",
      },
      { field: "closed_by", headerName: "Closed by", width: 130, valueGetter: (_v, row) => personName(row.closed_by) },
    ];
    if (showComments)
      cols.push({
        field: "comments",
        headerName: "Comments",
        flex: 1,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", lineHeight: 1.45 }}>
            {row.opening_comment && <div>Opening: {row.opening_comment}</div>}
            {row.closing_comment && <div>Closing: {row.closing_comment}</div>}
          </Box>
        ),
      });
    cols.push({
      field: "view",
      headerName: "Details",
      width: 90,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={packagePaths.detail(building, row.id)} aria-label={`View package ${row.id}`}>
          View
        </Link>
      ),
    });
    return cols;
  }, [tz, showComments, building]);

  return (
    <Box>
      <PageHeader
        title="Search packages"
        back={{ to: packagePaths.grid(building), label: "Packages" }}
        actions={
          <FormControlLabel
            control={
              <Switch checked={showComments} onChange={(e) => update({ comments: e.target.checked ? "show" : null })} />
            }
            label={showComments ? "Hide comments" : "Show comments"}
          />
        }
      />
      <FilterForm
        key={params.toString()}
        building={building}
        initial={filters}
        onSearch={(f) =>
          update({
            ...Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k] === DEFAULT_FILTERS[k] ? null : f[k]])),
            offset: null,
          })
        }
        onReset={() => setParams(new URLSearchParams(showComments ? { comments: "show" } : {}))}
      />
      <DataTable
        label="Packages"
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        ordering={ordering}
        sortKeys={SORTABLE}
        onOrderingChange={(o) => update({ ordering: o, offset: null })}
        countText={(n) => (n === 1 ? "1 package" : `${n} packages`)}
        emptyText={badDates ? MESSAGES.fixDatesToSearch : filters.search ? MESSAGES.noMatchingResults : M.noMatch}
        columnsStorageKey="packages"
      />
    </Box>
  );
}

function FilterForm({
  building,
  initial,
  onSearch,
  onReset,
}: {
  building: number;
  initial: Filters;
  onSearch: (f: Filters) => void;
  onReset: () => void;
}) {
  const [f, setF] = useState<Filters>(initial);
  const types = usePackageTypes();
  const apartments = useApartmentsDropdown(building);
  const aptOptions = useMemo(
    () => [...(apartments.data ?? [])].sort((a, b) => compareApartmentNumbers(a.apartment_number, b.apartment_number)),
    [apartments.data],
  );
  const apt = aptOptions.find((a) => String(a.id) === f.apartment) ?? null;
  const set = (k: FilterKey, v: string) => setF((cur) => ({ ...cur, [k]: v }));
  const errors = dateErrors(f);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(f);
  };
  const date = (k: FilterKey, label: string) => (
    <DateField
      id={`package-filter-${k}`}
      name={k}
      label={label}
      value={f[k]}
      onChange={(v) => set(k, v)}
      error={errors[k]}
    />
  );
  return (
    <FilterBar
      label="Package filters"
      onSubmit={submit}
      onReset={onReset}
      errorFields={DATE_KEYS.filter((k) => errors[k])}
    >
      <TextField
        label="Search"
        name="search"
        placeholder="Unit, name, type or comment"
        value={f.search}
        onChange={(e) => set("search", e.target.value)}
      />
      <SelectFilter
        label="Status"
        value={f.package_status}
        onChange={(v) => set("package_status", v)}
        choices={STATUS_CHOICES}
      />
      <SelectFilter
        label="Package type"
        value={f.package_type}
        onChange={(v) => set("package_type", v)}
        emptyLabel="All types"
        choices={(types.data ?? []).map((t) => ({
          value: String(t.id),
          label: `${t.name}${t.is_active ? "" : " (inactive)"}`,
        }))}
      />
      <SelectFilter
        label="Group"
        value={f.package_type__group}
        onChange={(v) => set("package_type__group", v)}
        emptyLabel="All groups"
        choices={GROUP_CHOICES}
      />
      <Autocomplete
        options={aptOptions}
        value={apt}
        autoHighlight
        getOptionLabel={(a) => a.apartment_number}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={MESSAGES.noMatchingResults}
        onChange={(_, a) => set("apartment", a ? String(a.id) : "")}
        renderInput={(p) => <TextField {...p} label="Unit" />}
      />
      {date("min_date_opened", "Opened from")}
      {date("max_date_opened", "Opened to")}
      {date("min_date_closed", "Closed from")}
      {date("max_date_closed", "Closed to")}
      <FormControlLabel
        sx={{ minHeight: 56 }}
        control={
          <Checkbox
            checked={f.include_deactivated_units === "true"}
            onChange={(e) => set("include_deactivated_units", e.target.checked ? "true" : "")}
          />
        }
        label="Include deactivated units"
      />
    </FilterBar>
  );
}
