import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useSnackbar } from "notistack";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import {
  type ApartmentPackages,
  compareApartmentNumbers,
  MESSAGES,
  PACKAGE_MESSAGES as M,
  type PackageTypeSummary,
  packagePaths,
} from "@portico/contract";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { serverErrorText, serverFieldText } from "../../../lib/forms.ts";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { SectionProgress } from "../../../components/FullPageProgress.tsx";
import { useApartmentPackages, useClosePackages } from "../api.ts";
import { closingPhotoRequired, residentNames, withIds } from "../model.ts";
import { useLeavePrompt } from "../components/LeavePrompt.tsx";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { CloseFields, useClosingDetails } from "../components/CloseFields.tsx";
import { RecordTable } from "../components/RecordTable.tsx";

type SelectBy = "apartment" | "type";

interface OpenPackage {
  id: number;
  package_type: PackageTypeSummary;
  date_opened: string;
  opening_comment: string;
  unit: ApartmentPackages;
}

/**
 * /{building}/packages/close (?occupancy_id): choose open packages by unit or by package type,
 * add a closing comment and (when the building requires pictures for the type) a photo.
 */
export function Component() {
  usePageTitle("Close packages");
  const { id: building, building: info, settings } = useBuilding();
  const tz = info?.time_zone;
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  const rawOcc = params.get("occupancy_id");
  const initialOcc = rawOcc && /^\d+$/.test(rawOcc) ? Number(rawOcc) : null;

  const data = useApartmentPackages(building);
  const close = useClosePackages(building);
  const units = useMemo(
    () =>
      [...(data.data?.results ?? [])].sort((a, b) => compareApartmentNumbers(a.apartment_number, b.apartment_number)),
    [data.data],
  );
  const all = useMemo<OpenPackage[]>(() => units.flatMap((u) => u.packages.map((p) => ({ ...p, unit: u }))), [units]);
  const types = useMemo(() => {
    const m = new Map<number, PackageTypeSummary>();
    for (const p of all) m.set(p.package_type.id, p.package_type);
    return [...m.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [all]);

  const [selectBy, setSelectBy] = useState<SelectBy>("apartment");
  const [occupancyId, setOccupancyId] = useState<number | null>(initialOcc);
  const [typeId, setTypeId] = useState<number | "">("");
  const [selected, setSelected] = useState<Set<number>>(new Set());

  // Packages closed elsewhere leave the selection.
  useEffect(() => {
    if (!data.data) return;
    const open = new Set(all.map((p) => p.id));
    setSelected((s) => {
      const next = new Set([...s].filter((id) => open.has(id)));
      return next.size === s.size ? s : next;
    });
  }, [all, data.data]);

  const unit = units.find((u) => u.occupancy_id === occupancyId) ?? null;
  const byType = selectBy === "type";
  const shown: OpenPackage[] =
    selectBy === "apartment"
      ? unit
        ? all.filter((p) => p.unit.occupancy_id === unit.occupancy_id)
        : []
      : typeId === ""
        ? []
        : all.filter((p) => p.package_type.id === typeId);
  const chosen = all.filter((p) => selected.has(p.id));
  const details = useClosingDetails(
    closingPhotoRequired(
      settings,
      chosen.map((p) => p.package_type),
    ),
  );
  const { setError, setPhotoError } = details;

  const { dialog: leaveDialog, allowNextLeave } = useLeavePrompt(selected.size > 0, M.leaveUnclosed);

  const onSubmit = async () => {
    setError(null);
    setPhotoError(null);
    if (selected.size === 0) {
      setError(M.selectToClose);
      return;
    }
    if (!details.photoReady()) return;
    try {
      const res = await close.mutateAsync({
        packages: [...selected],
        closing_comment: details.comment.trim(),
        photo: details.photo,
      });
      enqueueSnackbar(res.message || M.closed(res.count), { variant: "success" });
      allowNextLeave();
      setSelected(new Set());
      navigate(packagePaths.grid(building));
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) setPhotoError(MESSAGES.fileTooLarge);
      else {
        const photo = serverFieldText(err, "closing_photo_url");
        if (photo) setPhotoError(photo);
        const rest = serverErrorText(err, ["closing_photo_url"]);
        if (rest) setError(rest);
      }
    }
  };

  return (
    <Box>
      <PageHeader title="Close packages" back={{ to: packagePaths.grid(building), label: "Packages" }} />
      {data.isPending ? (
        <SectionProgress label="Loading open packages" />
      ) : data.isError ? (
        <Alert severity="error">{MESSAGES.failedList(errorMessage(data.error))}</Alert>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={selectBy}
                aria-label="Select by"
                onChange={(_, v: SelectBy | null) => v && setSelectBy(v)}
              >
                <ToggleButton value="apartment">By apartment</ToggleButton>
                <ToggleButton value="type">By package type</ToggleButton>
              </ToggleButtonGroup>
              {selectBy === "apartment" ? (
                <Autocomplete
                  size="small"
                  sx={{ minWidth: 280, flex: "1 1 280px", maxWidth: 420 }}
                  options={units}
                  value={unit}
                  autoHighlight
                  getOptionLabel={(u) =>
                    `${u.apartment_number}${residentNames(u.occupants) ? ` – ${residentNames(u.occupants)}` : ""} (${u.package_count})`
                  }
                  isOptionEqualToValue={(a, b) => a.occupancy_id === b.occupancy_id}
                  noOptionsText={MESSAGES.noMatchingResults}
                  onChange={(_, u) => setOccupancyId(u?.occupancy_id ?? null)}
                  renderInput={(p) => <TextField {...p} label="Unit" placeholder="Unit number" />}
                />
              ) : (
                <TextField
                  select
                  size="small"
                  label="Package type"
                  value={typeId}
                  onChange={(e) => setTypeId(e.target.value === "" ? "" : Number(e.target.value))}
                  sx={{ minWidth: 240 }}
                >
                  <MenuItem value="">Choose a type</MenuItem>
                  {types.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Box>
          </Paper>

          {units.length === 0 ? (
            <EmptyState>{M.noPackages}</EmptyState>
          ) : selectBy === "apartment" && occupancyId !== null && !unit ? (
            <EmptyState>{M.noMatch}</EmptyState>
          ) : (selectBy === "apartment" && !unit) || (selectBy === "type" && typeId === "") ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {selectBy === "apartment"
                ? "Choose a unit to see its open packages."
                : "Choose a package type to see its open packages."}
            </Typography>
          ) : shown.length === 0 ? (
            <EmptyState>{M.noMatch}</EmptyState>
          ) : (
            <Paper variant="outlined" sx={{ mb: 2, overflowX: "auto" }}>
              <RecordTable
                label="Open packages"
                rows={shown}
                rowKey={(p) => p.id}
                hover
                selection={{
                  selected,
                  onSelect: (ids, on) => {
                    setError(null);
                    setSelected((s) => withIds(s, ids, on));
                  },
                  allLabel: "Select all shown packages",
                  rowLabel: (p) =>
                    `Select ${p.package_type.name} for ${p.unit.apartment_number} opened ${formatZonedDateTime(p.date_opened, tz)}`,
                }}
                columns={[
                  byType && { header: "Unit", cell: (p) => p.unit.apartment_number, sx: { fontWeight: 600 } },
                  byType && { header: "Residents", cell: (p) => residentNames(p.unit.occupants) },
                  {
                    header: "Package type",
                    cell: (p) => (
                      <>
                        <PackageTypeChip type={p.package_type} withName />
                        {p.package_type.is_pic_required &&
                          settings?.packagesettings.is_require_pictures_for_building && (
                            <Typography component="span" variant="caption" sx={{ ml: 1, color: "text.secondary" }}>
                              photo required
                            </Typography>
                          )}
                      </>
                    ),
                  },
                  {
                    header: "Opened",
                    cell: (p) => formatZonedDateTime(p.date_opened, tz),
                    sx: { whiteSpace: "nowrap" },
                  },
                  { header: "Comment", cell: (p) => p.opening_comment, sx: { overflowWrap: "anywhere" } },
                ]}
              />
            </Paper>
          )}

          <CloseFields count={selected.size} {...details.fields} />
          {details.error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {details.error}
            </Alert>
          )}
          <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }}>
            <Button variant="contained" onClick={() => void onSubmit()} loading={close.isPending}>
              Close packages
            </Button>
            <Typography color="text.secondary" role="status">
              {selected.size === 1 ? "1 package selected" : `${selected.size} packages selected`}
            </Typography>
            {selected.size > 0 && (
              <Button onClick={() => setSelected(new Set())} disabled={close.isPending}>
                Clear selection
              </Button>
            )}
          </Box>
        </>
      )}
      {leaveDialog}
    </Box>
  );
}
