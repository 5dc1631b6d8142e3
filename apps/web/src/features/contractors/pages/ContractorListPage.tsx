import { useMemo, useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import SettingsIcon from "@mui/icons-material/Settings";
import type { GridColDef } from "@mui/x-data-grid";
import { CONTRACTOR_MESSAGES, CONTRACTOR_PAGE_SIZE, type ContractorVisit, MESSAGES } from "@portico/contract";
import { createdColumns } from "../../../components/createdColumns.ts";
import { DataTable } from "../../../components/DataTable.tsx";
import { FilterBar, SelectFilter, dateFilters } from "../../../components/FilterBar.tsx";
import { useListUrl } from "../../../components/listUrl.ts";
import { NotFound } from "../../../components/NotFound.tsx";
import { PhotoThumb } from "../../../components/PhotoThumb.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { UnitFilter } from "../../../components/UnitPicker.tsx";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useIsMobile } from "../../../lib/useIsMobile.ts";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { useBuildingVisits, useContractorTypes } from "../api.ts";
import {
  contractorPaths,
  personName,
  VISIT_FILTERS,
  type VisitFilter,
  visitFilterErrors,
  visitListQuery,
} from "../model.ts";
import { CheckOutButton } from "../components/CheckOutButton.tsx";
import { VisitNotesButton } from "../components/VisitNotes.tsx";

type Draft = Record<VisitFilter, string>;
const draftOf = (params: URLSearchParams): Draft =>
  Object.fromEntries(VISIT_FILTERS.map((k) => [k, params.get(k) ?? ""])) as Draft;

const DESKTOP_ONLY = ["date", "time", "entered_by", "unit", "contractor", "closed_by", "photo"];
const MOBILE_ONLY = ["datetime", "apt"];

export function Component() {
  const can = useCan();
  if (!can("contractor.use")) return <NotFound />;
  return <Page />;
}

/**
 * /{building}/contractors (document 2 section 2): the building's visits, 30 a page, filtered by
 * company, created from / until, apartment and in building (all in the URL with the page);
 * Date, Time, Entered by, Unit, Company, Contractor, In Building ('Check out' after a
 * confirmation, then 'Exited {time}'), Closed by, Photo and the notes; phones show Date/time,
 * Apt and Company.
 */
function Page() {
  usePageTitle("Contractors");
  const can = useCan();
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const mobile = useIsMobile();
  const types = useContractorTypes(true);
  const { params, setParams, paging, setPaging, update } = useListUrl(CONTRACTOR_PAGE_SIZE);
  const applied = useMemo(() => draftOf(params), [params]);
  const [draft, setDraft] = useState<Draft>(applied);
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    setDraft(applied);
  }
  const errors = visitFilterErrors(draft);
  const valid = Object.keys(visitFilterErrors(applied)).length === 0;
  const list = useBuildingVisits(building, visitListQuery(params, paging), valid);

  const put = (k: VisitFilter, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const date = dateFilters(draft, put, errors);
  const search = (e?: FormEvent) => {
    e?.preventDefault();
    update({ ...draft, offset: null });
  };
  const reset = () => setParams(new URLSearchParams());

  const columns = useMemo<GridColDef<ContractorVisit>[]>(() => {
    const unit = (row: ContractorVisit) =>
      row.occupancy_id ? (
        <Link component={RouterLink} to={contractorPaths.profile(building, row.occupancy_id)}>
          {row.apartment_number}
        </Link>
      ) : (
        (row.apartment_number ?? "")
      );
    return [
      ...createdColumns<ContractorVisit>(tz, (row) => personName(row.opened_by), {
        date: 95,
        time: 75,
        enteredBy: 120,
      }),
      { field: "unit", headerName: "Unit", width: 65, sortable: false, renderCell: ({ row }) => unit(row) },
      { field: "apt", headerName: "Apt", width: 70, sortable: false, renderCell: ({ row }) => unit(row) },
      { field: "company_name", headerName: "Company", flex: 1, minWidth: 110, sortable: false },
      {
        field: "contractor",
        headerName: "Contractor",
        flex: 1,
        minWidth: 100,
        sortable: false,
        valueGetter: (_v, row) => row.name,
      },
      {
        field: "in_building",
        headerName: CONTRACTOR_MESSAGES.inBuilding,
        width: 125,
        sortable: false,
        renderCell: ({ row }) => <CheckOutButton visit={row} timeZone={tz} />,
      },
      {
        field: "closed_by",
        headerName: "Closed by",
        width: 110,
        sortable: false,
        valueGetter: (_v, row) => personName(row.closed_by),
      },
      {
        field: "photo",
        headerName: "Photo",
        width: 60,
        sortable: false,
        renderCell: ({ row }) => (
          <PhotoThumb src={row.photo_url} label={`Photo of ${row.name} (${row.company_name})`} />
        ),
      },
      {
        field: "notes",
        headerName: "Notes",
        width: 125,
        sortable: false,
        renderCell: ({ row }) => <VisitNotesButton visit={row} timeZone={tz} />,
      },
    ];
  }, [building, tz]);

  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Contractors
        </Typography>
        {can("contractor_types.manage") && (
          <Button component={RouterLink} to={contractorPaths.companies(building)} startIcon={<SettingsIcon />}>
            Contractor companies
          </Button>
        )}
      </Box>
      <FilterBar label="Contractor filters" onSubmit={search} onReset={reset} errorFields={Object.keys(errors)}>
        <SelectFilter
          label="Contractor Company"
          name="contractor_type_id"
          value={draft.contractor_type_id}
          emptyLabel="All companies"
          onChange={(v) => put("contractor_type_id", v)}
          choices={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.company_name }))}
        />
        {date("from", "Date created from")}
        {date("until", "Date created until")}
        <UnitFilter building={building} value={draft.apartment} onChange={(v) => put("apartment", v)} />
        <SelectFilter
          label={CONTRACTOR_MESSAGES.inBuilding}
          name="in_building"
          value={draft.in_building}
          emptyLabel="All visits"
          onChange={(v) => put("in_building", v)}
          choices={[
            { value: "true", label: "In the building" },
            { value: "false", label: "Checked out" },
          ]}
        />
      </FilterBar>
      <DataTable
        label="Contractor visits"
        columns={columns}
        query={list}
        paging={paging}
        onPagingChange={setPaging}
        countText={(n) => (n === 1 ? "1 visit" : `${n} visits`)}
        emptyText={valid ? MESSAGES.noMatchingResults : MESSAGES.fixDatesToSearch}
        hiddenColumns={mobile ? DESKTOP_ONLY : MOBILE_ONLY}
        columnsStorageKey="contractor-visits"
      />
    </Box>
  );
}
