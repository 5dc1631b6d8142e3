import { useCallback, useMemo, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import PrintIcon from "@mui/icons-material/Print";
import type { GridColDef } from "@mui/x-data-grid";
import { MESSAGES, type UnitListRow } from "@portico/contract";
import { errorMessage } from "../../../lib/api.ts";
import { formatDate } from "../../../lib/dates.ts";
import { useBuildings } from "../../../lib/queries.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { DataTable } from "../../../components/DataTable.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import type { BuildingSwitchHandle } from "../../../lib/buildingSwitch.ts";
import { useDownloadOccupants, useDownloadVacantUnits, useExportUnitList, useUnitList } from "../api.ts";
import { UnitListFilterForm } from "../components/list/UnitListFilterForm.tsx";
import {
  applySearch,
  DEFAULT_STATE,
  filtersOf,
  invalidDates,
  reversedDates,
  readUnitListState,
  resetState,
  SORTABLE_FIELDS,
  toApiQuery,
  type UnitListState,
  unitListStateToParams,
} from "../components/list/unitListState.ts";
import { createProfilePath, directoryPath, newApartmentPath, profilePath } from "../components/list/unitLinks.ts";

export const handle: BuildingSwitchHandle = {
  onBuildingChange: (building) => `/${building}/manage/unit-profiles`,
};

/** Columns that sort (the API's ordering keys). */
const SORT_KEYS = Object.fromEntries(SORTABLE_FIELDS.map((f) => [f, f]));

const STATUS_LABEL = { CURRENT: null, FUTURE: "Future", INACTIVE: "Inactive" } as const;

function useUnitListState() {
  const [params, setParams] = useSearchParams();
  const state = readUnitListState(params);
  const latest = useRef(state);
  latest.current = state;
  const go = useCallback(
    (next: UnitListState | ((current: UnitListState) => UnitListState)) => {
      const value = typeof next === "function" ? next(latest.current) : next;
      latest.current = value;
      setParams(unitListStateToParams(value));
    },
    [setParams],
  );
  return { state, go, key: params.toString() };
}

/** Where a row goes: the profile, or (vacant units, managers) a new profile for the unit. */
function rowTarget(row: UnitListRow, mayCreate: boolean): string | null {
  if (row.id !== null) return profilePath(row.building_id, row.id);
  if (!mayCreate) return null;
  return createProfilePath(row.building_id, { id: row.apartment_id, number: row.apartment_number });
}

/** /{building}/manage/unit-profiles (document 1 section 2.4). */
export function Component() {
  usePageTitle("Unit profiles");
  const { id: building } = useBuilding();
  const can = useCan();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const buildings = useBuildings();
  const { state, go, key } = useUnitListState();

  const mayCreate = can("occupancy.create");
  const mayAddApartment = can("apartment.create");
  const seesEmails = can("occupant.view_email");
  const badDates = invalidDates(state);
  const apiQuery = toApiQuery(state, building);
  // A reversed range is shown under 'Lease start to' by the filter form; the list waits.
  const blocked = badDates.length > 0 || reversedDates(state);
  const list = useUnitList(building, apiQuery, !blocked);
  const exporter = useExportUnitList(building);
  const occupantsXlsx = useDownloadOccupants(building);
  const vacantXlsx = useDownloadVacantUnits(building);

  const manyBuildings =
    state.buildings.length > 0 && !(state.buildings.length === 1 && state.buildings[0] === String(building));

  const failed = (err: unknown) => enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 });

  const columns = useMemo<GridColDef<UnitListRow>[]>(
    () => [
      {
        field: "apartment_number",
        headerName: "Unit #",
        width: isMobile ? 100 : 110,
        renderCell: ({ row, tabIndex }) => {
          const to = rowTarget(row, mayCreate);
          const label = row.is_vacant ? `Unit ${row.apartment_number}, vacant` : `Unit ${row.apartment_number}`;
          return (
            <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.5 }}>
              {to ? (
                // The grid's own focus: arrow keys reach the link, Enter opens it, Tab leaves the grid.
                <Link component={RouterLink} to={to} aria-label={label} tabIndex={tabIndex} sx={{ fontWeight: 700 }}>
                  {row.apartment_number}
                </Link>
              ) : (
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {row.apartment_number}
                </Typography>
              )}
              {row.is_balcony_apt && <Chip size="small" variant="outlined" label="Balcony" />}
            </Box>
          );
        },
      },
      {
        field: "building_name",
        headerName: "Building",
        width: 150,
        sortable: false,
      },
      {
        field: "names",
        headerName: "Residents",
        flex: 1,
        minWidth: isMobile ? 130 : 180,
        sortable: false,
        renderCell: ({ row }) => {
          if (row.is_vacant) return <Chip size="small" label="Vacant" />;
          const status = row.status ? STATUS_LABEL[row.status] : null;
          return (
            <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
              <span>{row.names || "—"}</span>
              {status && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={status}
                  // info.dark keeps the text at AA contrast (info.main is ≈ 3.6:1 on white).
                  sx={status === "Future" ? { color: "info.dark", borderColor: "info.dark" } : undefined}
                />
              )}
            </Box>
          );
        },
      },
      {
        field: "emails",
        headerName: "Emails",
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => <Box sx={{ overflowWrap: "anywhere" }}>{row.emails}</Box>,
      },
      { field: "phone_numbers", headerName: "Phone numbers", width: 150, sortable: false },
      {
        field: "lease_start_date",
        headerName: "Lease start date",
        width: 140,
        valueFormatter: (v: string | null) => formatDate(v),
      },
      {
        field: "lease_end_date",
        headerName: isMobile ? "Lease end" : "Lease end date",
        width: isMobile ? 104 : 140,
        valueFormatter: (v: string | null) => formatDate(v),
      },
      {
        field: "move_out_date",
        headerName: "Move-out date",
        width: 130,
        sortable: false,
        valueFormatter: (v: string | null) => formatDate(v),
      },
    ],
    [mayCreate, isMobile],
  );

  return (
    <Box>
      <Box component="header" sx={{ mb: 2 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 1.5 }}>
          <Typography variant="h1" sx={{ flex: "1 1 auto" }}>
            Unit profiles
          </Typography>
          {(mayCreate || mayAddApartment) && (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
              {mayCreate && (
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  component={RouterLink}
                  to={createProfilePath(building)}
                >
                  Add new unit profile
                </Button>
              )}
              {mayAddApartment && (
                <Button
                  variant="outlined"
                  startIcon={<AddIcon />}
                  component={RouterLink}
                  to={newApartmentPath(building)}
                >
                  Add new apartment
                </Button>
              )}
            </Box>
          )}
        </Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, rowGap: 0.5, mt: 1, ml: -1 }}>
          <Button startIcon={<PrintIcon />} component={RouterLink} to={directoryPath(building)}>
            Print directory
          </Button>
          <Button
            startIcon={<FileDownloadIcon />}
            loading={occupantsXlsx.isPending}
            onClick={() => occupantsXlsx.mutate(undefined, { onError: failed })}
          >
            Occupants (Excel)
          </Button>
          <Button
            startIcon={<FileDownloadIcon />}
            loading={vacantXlsx.isPending}
            onClick={() => vacantXlsx.mutate(undefined, { onError: failed })}
          >
            Vacant unit report
          </Button>
        </Box>
      </Box>
      <UnitListFilterForm
        building={building}
        buildings={buildings.data ?? []}
        values={filtersOf(state)}
        valuesKey={key}
        onSearch={(filters) => go((current) => applySearch(current, filters))}
        onReset={() => go(resetState())}
      />
      {badDates.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES.invalidDate}: fix the lease start date to search.
        </Alert>
      )}
      <DataTable
        label="Unit profiles"
        columns={columns}
        query={list}
        getRowId={(row) => `${row.building_id}-${row.apartment_id}-${row.id ?? "vacant"}`}
        paging={{ limit: state.limit, offset: state.offset }}
        onPagingChange={(p) => go((current) => ({ ...current, ...p }))}
        ordering={state.ordering}
        sortKeys={SORT_KEYS}
        onOrderingChange={(o) => go((current) => ({ ...current, ordering: o ?? DEFAULT_STATE.ordering, offset: 0 }))}
        sortingOrder={["asc", "desc"]}
        countText={(n) => (n === 1 ? "1 result" : `${n} results`)}
        emptyText={blocked ? MESSAGES.fixDatesToSearch : MESSAGES.noMatchingResults}
        hiddenColumns={[
          ...(manyBuildings && !isMobile ? [] : ["building_name"]),
          ...(seesEmails && !isMobile ? [] : ["emails"]),
          ...(isMobile ? ["phone_numbers", "lease_start_date", "move_out_date"] : []),
        ]}
        columnsStorageKey="unit-profiles"
        exportAction={{
          label: "Export Table",
          pending: exporter.isPending,
          onClick: () => exporter.mutate(apiQuery, { onError: failed }),
        }}
        onRowClick={({ row }, event) => {
          // The unit link navigates by itself.
          if ((event.target as HTMLElement).closest("a")) return;
          const to = rowTarget(row, mayCreate);
          if (to) navigate(to);
        }}
        getRowClassName={({ row }) => (rowTarget(row, mayCreate) ? "unit-row--link" : "")}
        align="flex-start"
        sx={{ "& .unit-row--link": { cursor: "pointer" } }}
      />
    </Box>
  );
}
