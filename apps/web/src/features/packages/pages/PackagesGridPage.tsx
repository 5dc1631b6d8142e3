import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import SearchIcon from "@mui/icons-material/Search";
import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import PrintIcon from "@mui/icons-material/Print";
import ListAltIcon from "@mui/icons-material/ListAlt";
import HistoryIcon from "@mui/icons-material/History";
import {
  PACKAGE_GRID_LEGEND,
  PACKAGE_GRID_SHOW,
  PACKAGE_GRID_SHOW_LABELS,
  PACKAGE_GROUP_DISPLAY,
  PACKAGE_GROUPS,
  PACKAGE_MESSAGES as M,
  type PackageGridShow,
  type PackageGroup,
  packagePaths,
} from "@portico/contract";
import { useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { usePackageGrid } from "../api.ts";
import { type GridTile, gridTiles, legendOf, residentNames } from "../model.ts";
import { PackageTypeChip } from "../components/PackageTypeChip.tsx";
import { ActionButtons } from "../components/ActionButtons.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PrintListDialog } from "../components/PrintListDialog.tsx";
import { visuallyHidden } from "../../../components/visuallyHidden.ts";

const isGroup = (v: string | null): v is PackageGroup => !!v && (PACKAGE_GROUPS as readonly string[]).includes(v);
const isShow = (v: string | null): v is PackageGridShow => !!v && (PACKAGE_GRID_SHOW as readonly string[]).includes(v);

/** The grid's two filters (kept in the URL, left out when at their fallback). */
const GRID_FILTERS = [
  {
    key: "group",
    label: "Group",
    fallback: "",
    emptyLabel: "All groups",
    choices: PACKAGE_GROUPS,
    labels: PACKAGE_GROUP_DISPLAY,
  },
  {
    key: "show",
    label: "Show",
    fallback: "types",
    emptyLabel: "",
    choices: PACKAGE_GRID_SHOW,
    labels: PACKAGE_GRID_SHOW_LABELS,
  },
] as const;

/** /{building}/packages: open packages per unit and type (refreshed every 30 s). */
export function Component() {
  usePageTitle("Packages");
  const { id: building } = useBuilding();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const group = isGroup(params.get("group")) ? (params.get("group") as PackageGroup) : "";
  const show: PackageGridShow = isShow(params.get("show")) ? (params.get("show") as PackageGridShow) : "types";
  const grid = usePackageGrid(building);
  const tiles = useMemo(() => gridTiles(grid.data, group), [grid.data, group]);
  const total = tiles.reduce((n, t) => n + t.total, 0);
  const [printList, setPrintList] = useState(false);
  const legendTypes = (grid.data?.package_types ?? []).filter((t) => !group || t.group === group);

  const setFilter = (key: "group" | "show", value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <Box>
      <PageHeader
        title="Packages"
        actions={
          <ActionButtons
            actions={[
              { label: "Log packages", icon: <AddIcon />, to: packagePaths.log(building), variant: "contained" },
              { label: "Close packages", icon: <DoneAllIcon />, to: packagePaths.close(building), variant: "outlined" },
              { label: "Search packages", icon: <SearchIcon />, to: packagePaths.list(building), variant: "outlined" },
              {
                label: "Send reminders",
                icon: <NotificationsActiveIcon />,
                to: packagePaths.reminder(building),
                variant: "outlined",
              },
              { label: "Print grid", icon: <PrintIcon />, to: packagePaths.print(building), variant: "outlined" },
              { label: "Print list", icon: <ListAltIcon />, onClick: () => setPrintList(true), variant: "outlined" },
              {
                label: "Recent activity",
                icon: <HistoryIcon />,
                to: packagePaths.recentActivity(building),
                variant: "outlined",
              },
            ]}
          />
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
        {GRID_FILTERS.map((f) => (
          <TextField
            key={f.key}
            select
            size="small"
            label={f.label}
            value={f.key === "group" ? group : show}
            onChange={(e) => setFilter(f.key, e.target.value, f.fallback)}
            slotProps={f.emptyLabel ? { inputLabel: { shrink: true }, select: { displayEmpty: true } } : undefined}
            sx={{ minWidth: 200 }}
          >
            {f.emptyLabel && <MenuItem value="">{f.emptyLabel}</MenuItem>}
            {f.choices.map((c) => (
              <MenuItem key={c} value={c}>
                {(f.labels as Record<string, string>)[c]}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <Typography sx={{ ml: "auto", color: "text.secondary" }} aria-live="polite">
          {grid.data
            ? `${total} open ${total === 1 ? "package" : "packages"} in ${tiles.length} ${tiles.length === 1 ? "unit" : "units"}`
            : "\u00a0"}
        </Typography>
      </Paper>
      <Box
        component="section"
        aria-label="Legend"
        sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mb: 2, fontSize: "0.875rem" }}
      >
        <span>
          <strong>i</strong> = {PACKAGE_GRID_LEGEND.i}
        </span>
        <span>
          <strong>f</strong> = {PACKAGE_GRID_LEGEND.f}
        </span>
        {show === "types" && legendTypes.map((t) => <PackageTypeChip key={t.id} type={t} withName />)}
      </Box>
      <LoadedList query={grid} items={tiles} loadingLabel="Loading packages" empty={M.noPackages}>
        {(shown) => (
          <Box
            component="ul"
            aria-label="Units with open packages"
            sx={{
              listStyle: "none",
              m: 0,
              p: 0,
              display: "grid",
              gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
              gap: 1,
            }}
          >
            {shown.map((t) => (
              <li key={t.row.occupancy_id}>
                <UnitTile tile={t} show={show} to={packagePaths.close(building, t.row.occupancy_id)} />
              </li>
            ))}
          </Box>
        )}
      </LoadedList>
      <PrintListDialog
        open={printList}
        onClose={() => setPrintList(false)}
        onPrint={(q) => {
          setPrintList(false);
          navigate(packagePaths.printInventory(building, q));
        }}
      />
    </Box>
  );
}

function UnitTile({ tile, show, to }: { tile: GridTile; show: PackageGridShow; to: string }) {
  const legend = legendOf(tile.row);
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="none"
      color="inherit"
      sx={{
        display: "block",
        position: "relative",
        height: "100%",
        p: 1,
        borderRadius: 1,
        border: 1,
        borderColor: "divider",
        bgcolor: legend ? "grey.100" : "background.paper",
        "&:hover, &:focus-visible": { borderColor: "primary.main", boxShadow: 1 },
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {`Unit ${tile.row.apartment_number}${legend ? ` (${PACKAGE_GRID_LEGEND[legend]})` : ""}, ${tile.total} ${
          tile.total === 1 ? "package" : "packages"
        }:`}
      </Box>
      <Box aria-hidden sx={{ display: "flex", alignItems: "baseline", gap: 0.75, mb: 0.75 }}>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: "1.05rem" }}>
          {tile.row.apartment_number}
        </Typography>
        {legend && (
          <Typography
            component="span"
            sx={{ fontWeight: 700, color: "warning.dark" }}
            title={PACKAGE_GRID_LEGEND[legend]}
          >
            {legend}
          </Typography>
        )}
        <Typography component="span" sx={{ ml: "auto", color: "text.secondary", fontSize: "0.85rem" }}>
          {tile.total}
        </Typography>
      </Box>
      {show === "types" ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
          {tile.cells.map((c) => (
            <PackageTypeChip key={c.type.id} type={c.type} count={c.count} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: "text.secondary", overflowWrap: "anywhere" }}>
          {residentNames(tile.row.occupants) || "No active residents"}
        </Typography>
      )}
    </Link>
  );
}
