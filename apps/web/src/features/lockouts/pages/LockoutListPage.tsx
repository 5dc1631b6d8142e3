import { useMemo, useState, type FormEvent } from "react";
import { useSnackbar } from "notistack";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import DeleteIcon from "@mui/icons-material/Delete";
import type { GridColDef } from "@mui/x-data-grid";
import { type Lockout, LOCKOUT_MESSAGES, LOCKOUT_PAGE_SIZE, MESSAGES } from "@portico/contract";
import { createdColumns } from "../../../components/createdColumns.ts";
import { formatZonedDate, formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { DataTable } from "../../../components/DataTable.tsx";
import { FilterBar, dateFilters } from "../../../components/FilterBar.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { PhotoThumb } from "../../../components/PhotoThumb.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { UnitFilter } from "../../../components/UnitPicker.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { NotFound } from "../../../components/NotFound.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { exportLockouts, useBuildingLockouts } from "../api.ts";
import {
  apartmentOf,
  LOCKOUT_FILTERS,
  type LockoutFilter,
  lockoutExportQuery,
  lockoutFilterErrors,
  lockoutListQuery,
  lockoutPaths,
  personName,
  requesterOf,
} from "../model.ts";
import { DeleteLockoutDrawer } from "../components/DeleteLockoutDrawer.tsx";

type Draft = Record<LockoutFilter, string>;
const draftOf = (params: URLSearchParams): Draft =>
  Object.fromEntries(LOCKOUT_FILTERS.map((k) => [k, params.get(k) ?? ""])) as Draft;

const DESKTOP_ONLY = ["date", "time", "entered_by", "unit", "occupancy", "occupant", "guest", "photo"];
const MOBILE_ONLY = ["datetime", "apt", "person"];

/**
 * /{building}/lockouts (document 2 section 2): the building's lockouts, 30 a page, filtered by
 * from, until and apartment (all in the URL with the page); Date, Time, Entered by, Unit,
 * Occupancy, Occupant, Guest (linking to its instruction), Photo and Delete (a drawer asking for
 * the reason); phones show Date/time, Apt and Person. Export to Excel takes the same filters.
 */
export function Component() {
  const can = useCan();
  if (!can("lockout.use")) return <NotFound />;
  return <Page />;
}

function Page() {
  usePageTitle(LOCKOUT_MESSAGES.title);
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const mobile = useIsMobile();
  const { enqueueSnackbar } = useSnackbar();
  const { params, setParams, paging, setPaging, update } = useListUrl(LOCKOUT_PAGE_SIZE);
  const applied = useMemo(() => draftOf(params), [params]);
  const [draft, setDraft] = useState<Draft>(applied);
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    setDraft(applied);
  }
  const errors = lockoutFilterErrors(draft);
  const valid = Object.keys(lockoutFilterErrors(applied)).length === 0;
  const list = useBuildingLockouts(building, lockoutListQuery(params, paging), valid);
  const [deleting, setDeleting] = useState<Lockout | null>(null);
  const [exporting, setExporting] = useState(false);

  const put = (k: LockoutFilter, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const date = dateFilters(draft, put, errors);
  const search = (e?: FormEvent) => {
    e?.preventDefault();
    update({ ...draft, offset: null });
  };
  const reset = () => setParams(new URLSearchParams());
  const download = () => {
    setExporting(true);
    exportLockouts(building, lockoutExportQuery(params))
      .catch((err: unknown) => enqueueSnackbar(errorMessage(err), { variant: "error", autoHideDuration: 4000 }))
      .finally(() => setExporting(false));
  };

  const columns = useMemo<GridColDef<Lockout>[]>(() => {
    const unitLink = (row: Lockout) => (
      <Link component={RouterLink} to={lockoutPaths.profile(building, row.occupancy_id)}>
        {apartmentOf(row)}
      </Link>
    );
    const guestLink = (row: Lockout) =>
      row.instruction_id ? (
        <Link component={RouterLink} to={lockoutPaths.instruction(building, row.instruction_id)}>
          {row.guest?.name || "Guest"}
        </Link>
      ) : null;
    return [
      ...createdColumns<Lockout>(tz, (row) => personName(row.entered_by), { date: 110, time: 90, enteredBy: 150 }),
      { field: "unit", headerName: "Unit", width: 90, sortable: false, renderCell: ({ row }) => unitLink(row) },
      { field: "apt", headerName: "Apt", width: 80, sortable: false, renderCell: ({ row }) => unitLink(row) },
      {
        field: "occupancy",
        headerName: "Occupancy",
        width: 110,
        sortable: false,
        valueGetter: (_v, row) => row.occupancy_id,
      },
      {
        field: "occupant",
        headerName: "Occupant",
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) => personName(row.occupant),
      },
      {
        field: "guest",
        headerName: "Guest",
        flex: 1,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => guestLink(row),
      },
      {
        field: "person",
        headerName: "Person",
        flex: 1,
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => guestLink(row) ?? requesterOf(row),
      },
      {
        field: "photo",
        headerName: "Photo",
        width: 80,
        sortable: false,
        renderCell: ({ row }) => (
          <PhotoThumb
            src={row.photo_url}
            label={`Photo of the lockout of ${apartmentOf(row)} on ${formatZonedDate(row.date_created, tz)}`}
          />
        ),
      },
      {
        field: "actions",
        headerName: "",
        width: 60,
        sortable: false,
        hideable: false,
        renderCell: ({ row }) => (
          <IconButton
            size="small"
            aria-label={`Delete the lockout of ${apartmentOf(row)} on ${formatZonedDateTime(row.date_created, tz)}`}
            onClick={() => setDeleting(row)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ),
      },
    ];
  }, [building, tz]);

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Lockouts
      </Typography>
      <FilterBar
        label="Lockout filters"
        onSubmit={search}
        onReset={reset}
        errorFields={Object.keys(errors)}
        columns={{ xs: 1, sm: 2, lg: 4 }}
      >
        {date("from", "From")}
        {date("until", "Until")}
        <UnitFilter building={building} value={draft.apartment} onChange={(v) => put("apartment", v)} />
      </FilterBar>
      <DataTable
        label="Lockouts"
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        countText={(n) => (n === 1 ? "1 lockout" : `${n} lockouts`)}
        emptyText={valid ? MESSAGES.noMatchingResults : MESSAGES.fixDatesToSearch}
        hiddenColumns={mobile ? DESKTOP_ONLY : MOBILE_ONLY}
        columnsStorageKey="lockouts"
        exportAction={{ onClick: download, pending: exporting }}
      />
      <DeleteLockoutDrawer lockout={deleting} timeZone={tz} onClose={() => setDeleting(null)} />
    </Box>
  );
}
