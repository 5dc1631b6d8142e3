import { useMemo, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from "@mui/x-data-grid";
import {
  compareApartmentNumbers,
  isDateRangeReversed,
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
import { errorMessage, type QueryParams } from "../../../lib/api.ts";
import { useApartmentsDropdown } from "../../../lib/queries.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedTime } from "../../../lib/zonedDates.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { DateField } from "../../occupancies/components/forms/DateField.tsx";
import { usePackages, usePackageTypes } from "../api.ts";
import { personName, residentNames } from "../model.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../components/PageHeader.tsx";

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

const PAGE_SIZES = [30, 50, 100];
const DATE_KEYS: FilterKey[] = ["min_date_opened", "max_date_opened", "min_date_closed", "max_date_closed"];
/** Each range's end and its start. */
const RANGE_START: Partial<Record<FilterKey, FilterKey>> = {
  max_date_opened: "min_date_opened",
  max_date_closed: "min_date_closed",
};

/** A date filter's message: 'Invalid date', or an end before its start (on the end). */
export function dateFilterError(f: Filters, k: FilterKey): string | undefined {
  if (f[k] && !isValidDateFilter(f[k])) return MESSAGES.invalidDate;
  const start = RANGE_START[k];
  if (start && f[start] && isValidDateFilter(f[start]) && isDateRangeReversed(f[start], f[k]))
    return MESSAGES.endBeforeStart;
  return undefined;
}

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
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const ordering = params.get("ordering") || PACKAGE_LIST_DEFAULT_ORDERING;
  const limit = Number(params.get("limit")) || PACKAGE_LIST_DEFAULT_LIMIT;
  const offset = Number(params.get("offset")) || 0;
  const showComments = params.get("comments") === "show";
  // Invalid or reversed dates are shown under their fields; the list waits for good ones.
  const badDates = DATE_KEYS.filter((k) => dateFilterError(filters, k));

  const query: QueryParams = {
    building,
    limit,
    offset,
    ordering,
    ...Object.fromEntries(FILTER_KEYS.map((k) => [k, filters[k] || undefined])),
  };
  const list = usePackages(query, { enabled: badDates.length === 0 });
  const rows = list.data?.results ?? [];
  const count = list.data?.count ?? 0;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

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
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={packagePaths.detail(building, row.id)} aria-label={`View package ${row.id}`}>
          View
        </Link>
      ),
    });
    return cols;
  }, [tz, showComments, building]);

  const sortModel: GridSortModel = [
    { field: ordering.replace(/^-/, ""), sort: ordering.startsWith("-") ? "desc" : "asc" },
  ];
  const onSort = (model: GridSortModel) => {
    const first = model[0];
    const key = first ? SORTABLE[first.field] : undefined;
    update({
      ordering: key ? (first.sort === "desc" ? `-${key}` : key) : null,
      offset: null,
    });
  };
  const onPage = (model: GridPaginationModel) => {
    const sizeChanged = model.pageSize !== limit;
    update({
      limit: model.pageSize === PACKAGE_LIST_DEFAULT_LIMIT ? null : String(model.pageSize),
      offset: sizeChanged || model.page === 0 ? null : String(model.page * model.pageSize),
    });
  };
  const pageSizes = PAGE_SIZES.includes(limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);

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
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <FilterForm
          key={params.toString()}
          building={building}
          initial={filters}
          onSearch={(f) =>
            update({ ...Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k] === DEFAULT_FILTERS[k] ? null : f[k]])), offset: null })
          }
          onReset={() => setParams(new URLSearchParams(showComments ? { comments: "show" } : {}))}
        />
      </Paper>
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.failedList(errorMessage(list.error))}
        </Alert>
      )}
      <Typography role="status" sx={{ mb: 1, color: "text.secondary" }}>
        {list.data ? (count === 1 ? "1 package" : `${count} packages`) : "\u00a0"}
      </Typography>
      <DataGrid
        label="Packages"
        rows={rows}
        columns={columns}
        rowCount={count}
        loading={list.isFetching}
        paginationMode="server"
        sortingMode="server"
        paginationModel={{ page: Math.floor(offset / limit), pageSize: limit }}
        onPaginationModelChange={onPage}
        pageSizeOptions={pageSizes}
        sortModel={sortModel}
        onSortModelChange={onSort}
        sortingOrder={["desc", "asc"]}
        getRowHeight={() => "auto"}
        disableColumnMenu
        disableRowSelectionOnClick
        autoHeight
        localeText={{
          noRowsLabel: badDates.length
            ? MESSAGES.fixDatesToSearch
            : filters.search
              ? MESSAGES.noMatchingResults
              : M.noMatch,
        }}
        sx={{
          bgcolor: "background.paper",
          "& .MuiDataGrid-cell": { py: 1, lineHeight: 1.45, display: "flex", alignItems: "center" },
        }}
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
  const dateError = (k: FilterKey) => dateFilterError(f, k);
  const hasErrors = DATE_KEYS.some((k) => dateError(k));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (hasErrors) return;
    onSearch(f);
  };
  const date = (k: FilterKey, label: string) => (
    <DateField
      id={`package-filter-${k}`}
      name={k}
      size="small"
      label={label}
      value={f[k]}
      onChange={(v) => set(k, v)}
      error={dateError(k)}
    />
  );
  return (
    <Box component="form" onSubmit={submit} aria-label="Package filters">
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(4, 1fr)" },
          gap: 2,
          mb: 2,
        }}
      >
        <TextField
          size="small"
          label="Search"
          placeholder="Unit, name, type or comment"
          value={f.search}
          onChange={(e) => set("search", e.target.value)}
        />
        <TextField select size="small" label="Status" value={f.package_status} onChange={(e) => set("package_status", e.target.value)}>
          {STATUS_CHOICES.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Package type"
          value={f.package_type}
          onChange={(e) => set("package_type", e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All types</MenuItem>
          {(types.data ?? []).map((t) => (
            <MenuItem key={t.id} value={String(t.id)}>
              {t.name}
              {t.is_active ? "" : " (inactive)"}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Group"
          value={f.package_type__group}
          onChange={(e) => set("package_type__group", e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All groups</MenuItem>
          {PACKAGE_GROUPS.map((g) => (
            <MenuItem key={g} value={g}>
              {PACKAGE_GROUP_DISPLAY[g]}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          size="small"
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
          control={
            <Checkbox
              checked={f.include_deactivated_units === "true"}
              onChange={(e) => set("include_deactivated_units", e.target.checked ? "true" : "")}
            />
          }
          label="Include deactivated units"
        />
      </Box>
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button type="submit" variant="contained" disabled={hasErrors}>
          Search
        </Button>
        <Button type="button" onClick={onReset}>
          Reset
        </Button>
      </Box>
    </Box>
  );
}
