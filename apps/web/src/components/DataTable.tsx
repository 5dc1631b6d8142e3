import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import ViewColumnIcon from "@mui/icons-material/ViewColumn";
import {
  ColumnsPanelTrigger,
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
  Toolbar,
} from "@mui/x-data-grid";
import { MESSAGES } from "@portico/contract";
import { errorMessage } from "../lib/api.ts";

/** A list's page as the API takes it. */
export interface Paging {
  limit: number;
  offset: number;
}

export const DEFAULT_PAGE_SIZES = [30, 50, 100];

/** The page sizes offered: the usual ones, and the URL's own when it is another. */
export function pageSizesFor(limit: number, sizes: readonly number[] = DEFAULT_PAGE_SIZES): number[] {
  return sizes.includes(limit) ? [...sizes] : [...sizes, limit].sort((a, b) => a - b);
}

/** `ordering` ('-field' for descending) as the grid's sort model. */
export function sortModelOf(ordering: string): GridSortModel {
  return ordering ? [{ field: ordering.replace(/^-/, ""), sort: ordering.startsWith("-") ? "desc" : "asc" }] : [];
}

/**
 * The grid's sort model as an `ordering`: the column's key (from `sortKeys`, field → API key),
 * '-' first when descending; null when nothing (or no sortable column) is sorted.
 */
export function orderingOfSort(model: GridSortModel, sortKeys: Readonly<Record<string, string>>): string | null {
  const first = model[0];
  const key = first ? sortKeys[first.field] : undefined;
  if (!first || !key || !first.sort) return null;
  return first.sort === "desc" ? `-${key}` : key;
}

/** The next page after the grid's paging changed: a new page size starts again at the first page. */
export function nextPaging(model: GridPaginationModel, current: Paging): Paging {
  const sizeChanged = model.pageSize !== current.limit;
  return { limit: model.pageSize, offset: sizeChanged ? 0 : model.page * model.pageSize };
}

const STORAGE_PREFIX = "portico.columns.";

function readStoredColumns(key: string | undefined): GridColumnVisibilityModel {
  if (!key) return {};
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, v]) => typeof v === "boolean"),
    ) as GridColumnVisibilityModel;
  } catch {
    return {};
  }
}

function storeColumns(key: string | undefined, model: GridColumnVisibilityModel) {
  if (!key) return;
  try {
    localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(model));
  } catch {
    // A full or blocked storage only forgets the choice.
  }
}

/** The user's column choices, kept per list in this browser. */
export function useRememberedColumns(storageKey: string | undefined) {
  const [chosen, setChosen] = useState(() => readStoredColumns(storageKey));
  const choose = (model: GridColumnVisibilityModel) => {
    setChosen(model);
    storeColumns(storageKey, model);
  };
  return [chosen, choose] as const;
}

interface ToolbarContent {
  status: ReactNode;
  actions: ReactNode;
  columnsButton: boolean;
}
const ToolbarContext = createContext<ToolbarContent>({ status: null, actions: null, columnsButton: false });

/** The grid's top bar: the count (read out when it changes), the Columns button, the page's actions. */
function TableToolbar() {
  const { status, actions, columnsButton } = useContext(ToolbarContext);
  return (
    <Toolbar
      style={{
        justifyContent: "flex-start",
        flexWrap: "wrap",
        gap: 8,
        minHeight: 52,
        flex: "0 0 auto",
        paddingBlock: 6,
      }}
    >
      <Typography role="status" sx={{ flex: "1 1 auto", color: "text.secondary", px: 0.5 }}>
        {status}
      </Typography>
      {columnsButton && (
        <ColumnsPanelTrigger render={<Button size="small" startIcon={<ViewColumnIcon />} />}>
          Columns
        </ColumnsPanelTrigger>
      )}
      {actions}
    </Toolbar>
  );
}

export interface ExportAction {
  label?: string;
  onClick: () => void;
  pending?: boolean;
  /** Disabled anyway while the list loads or when it is empty. */
  disabled?: boolean;
}

export interface DataTableProps<R extends GridValidRowModel> {
  /** The grid's accessible name. */
  label: string;
  columns: GridColDef<R>[];
  /** The list query (TanStack Query result of a paged list). */
  query: {
    data?: { count: number; results: R[] };
    isFetching: boolean;
    isError: boolean;
    error: unknown;
  };
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
  pageSizes?: readonly number[];
  /** Server ordering ('-field' descending); omit for a list that does not sort. */
  ordering?: string;
  /** Sortable columns: grid field → API ordering key. */
  sortKeys?: Readonly<Record<string, string>>;
  /** null: the grid's sort was cleared. */
  onOrderingChange?: (ordering: string | null) => void;
  sortingOrder?: DataGridProps["sortingOrder"];
  /** The count line above the grid (e.g. n => `${n} notes`). */
  countText: (count: number) => ReactNode;
  /** The empty list's message (also when the filters are being fixed). */
  emptyText: string;
  /** Columns the user may not see here (permissions, phones): never shown, not offered. */
  hiddenColumns?: readonly string[];
  /** Remember the user's shown/hidden columns in this browser under this key. */
  columnsStorageKey?: string;
  exportAction?: ExportAction;
  /** More buttons in the grid's top bar. */
  actions?: ReactNode;
  getRowId?: GridRowIdGetter<R>;
  onRowClick?: DataGridProps<R>["onRowClick"];
  getRowClassName?: DataGridProps<R>["getRowClassName"];
  /** Cells' vertical alignment (long notes read from the top). */
  align?: "center" | "flex-start";
  sx?: DataGridProps["sx"];
}

/**
 * A server-paged, server-ordered list: paging and ordering are the page's (usually the URL's),
 * the count sits above the grid with a Columns button (choices remembered per list) and the
 * Export button, a failed load shows 'Error: …', an empty one the page's message.
 */
export function DataTable<R extends GridValidRowModel>({
  label,
  columns,
  query,
  paging,
  onPagingChange,
  pageSizes = DEFAULT_PAGE_SIZES,
  ordering,
  sortKeys = {},
  onOrderingChange,
  sortingOrder = ["desc", "asc"],
  countText,
  emptyText,
  hiddenColumns = [],
  columnsStorageKey,
  exportAction,
  actions,
  getRowId,
  onRowClick,
  getRowClassName,
  align = "center",
  sx,
}: DataTableProps<R>) {
  const [chosen, choose] = useRememberedColumns(columnsStorageKey);
  const count = query.data?.count ?? 0;
  const rows = query.data?.results ?? [];
  const hidden = hiddenColumns.join(",");
  const visibility = useMemo<GridColumnVisibilityModel>(
    () => ({
      ...chosen,
      ...Object.fromEntries(
        hidden
          .split(",")
          .filter(Boolean)
          .map((f) => [f, false]),
      ),
    }),
    [chosen, hidden],
  );
  const togglable = useMemo(
    () => columns.filter((c) => c.hideable !== false && !hiddenColumns.includes(c.field)).map((c) => c.field),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, hidden],
  );

  const exportButton = exportAction && (
    <Button
      variant="outlined"
      size="small"
      startIcon={<FileDownloadIcon />}
      onClick={exportAction.onClick}
      loading={exportAction.pending}
      disabled={exportAction.disabled || !query.data || count === 0 || query.isFetching}
    >
      {exportAction.label ?? "Export to Excel"}
    </Button>
  );
  const toolbar: ToolbarContent = {
    status: query.data ? countText(count) : "\u00a0",
    actions: (
      <>
        {actions}
        {exportButton}
      </>
    ),
    columnsButton: togglable.length > 1,
  };

  return (
    <Box>
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.failedList(errorMessage(query.error))}
        </Alert>
      )}
      <ToolbarContext.Provider value={toolbar}>
        <DataGrid<R>
          label={label}
          rows={rows}
          columns={columns}
          getRowId={getRowId}
          rowCount={count}
          loading={query.isFetching}
          paginationMode="server"
          sortingMode="server"
          paginationModel={{ page: Math.floor(paging.offset / paging.limit), pageSize: paging.limit }}
          onPaginationModelChange={(model) => onPagingChange(nextPaging(model, paging))}
          pageSizeOptions={pageSizesFor(paging.limit, pageSizes)}
          sortModel={ordering === undefined ? [] : sortModelOf(ordering)}
          onSortModelChange={(model) => onOrderingChange?.(orderingOfSort(model, sortKeys))}
          sortingOrder={sortingOrder}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={(model) => {
            const own = Object.fromEntries(Object.entries(model).filter(([f]) => !hiddenColumns.includes(f)));
            choose(own);
          }}
          slots={{ toolbar: TableToolbar }}
          slotProps={{
            columnsManagement: { getTogglableColumns: () => togglable },
            loadingOverlay: { variant: "linear-progress", noRowsVariant: "skeleton" },
          }}
          showToolbar
          onRowClick={onRowClick}
          getRowClassName={getRowClassName}
          getRowHeight={() => "auto"}
          disableColumnMenu
          disableRowSelectionOnClick
          autoHeight
          localeText={{ noRowsLabel: emptyText }}
          sx={[
            {
              bgcolor: "background.paper",
              "& .MuiDataGrid-cell": { py: 1, lineHeight: 1.45, display: "flex", alignItems: align },
              ...(align === "flex-start" ? { "& .MuiDataGrid-cell .MuiButton-root": { mt: -0.5 } } : {}),
            },
            ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
          ]}
        />
      </ToolbarContext.Provider>
    </Box>
  );
}
