import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import PrintIcon from "@mui/icons-material/Print";
import { PACKAGE_GRID_LEGEND, PACKAGE_MESSAGES as M, packagePaths } from "@portico/contract";
import { buildingLabel, useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDateTime } from "../../../lib/zonedDates.ts";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { usePackageGrid } from "../api.ts";
import { gridTiles, legendOf, residentNames } from "../model.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PrintStyles } from "../../../components/PrintStyles.tsx";

/** /{building}/packages/print: the grid on paper, one row per unit and a column per type. */
export function Component() {
  usePageTitle("Print grid");
  const { id: building, building: info } = useBuilding();
  const grid = usePackageGrid(building);
  const tiles = gridTiles(grid.data, "");
  const types = (grid.data?.package_types ?? []).filter((t) =>
    tiles.some((x) => x.cells.some((c) => c.type.id === t.id)),
  );
  const total = tiles.reduce((n, t) => n + t.total, 0);

  return (
    <Box>
      <PrintStyles />
      <PageHeader
        title={`Packages – ${buildingLabel(info)}`}
        subtitle={`Open packages as of ${formatZonedDateTime(grid.dataUpdatedAt || Date.now(), info?.time_zone)} · ${total} in ${tiles.length} units`}
        back={{ to: packagePaths.grid(building), label: "Packages" }}
        actions={
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      <LoadedList query={grid} items={tiles} loadingLabel="Loading packages" empty={M.noPackages}>
        {() => (
          <>
            <Table
              size="small"
              aria-label="Open packages per unit and type"
              sx={{ "& td, & th": { border: "1px solid #999", py: 0.25 } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Unit
                  </TableCell>
                  <TableCell component="th" scope="col">
                    Residents
                  </TableCell>
                  {types.map((t) => (
                    <TableCell
                      key={t.id}
                      component="th"
                      scope="col"
                      align="center"
                      title={t.name}
                      sx={{
                        bgcolor: t.color_hex,
                        color: t.font_color_hex,
                        fontWeight: 700,
                        printColorAdjust: "exact",
                        WebkitPrintColorAdjust: "exact",
                      }}
                    >
                      <abbr title={t.name} style={{ textDecoration: "none" }}>
                        {t.abbreviation}
                      </abbr>
                    </TableCell>
                  ))}
                  <TableCell component="th" scope="col" align="right">
                    Total
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tiles.map((tile) => {
                  const legend = legendOf(tile.row);
                  return (
                    <TableRow key={tile.row.occupancy_id}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
                        {tile.row.apartment_number}
                        {legend ? ` ${legend}` : ""}
                      </TableCell>
                      <TableCell>{residentNames(tile.row.occupants)}</TableCell>
                      {types.map((t) => {
                        const c = tile.cells.find((x) => x.type.id === t.id);
                        return (
                          <TableCell key={t.id} align="center" sx={{ fontWeight: c ? 700 : 400 }}>
                            {c ? c.count : ""}
                          </TableCell>
                        );
                      })}
                      <TableCell align="right" sx={{ fontWeight: 700 }}>
                        {tile.total}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Box sx={{ mt: 1, fontSize: "0.8rem" }}>
              i = {PACKAGE_GRID_LEGEND.i}; f = {PACKAGE_GRID_LEGEND.f}.{" "}
              {types.map((t) => `${t.abbreviation} = ${t.name}`).join("; ")}
            </Box>
          </>
        )}
      </LoadedList>
    </Box>
  );
}
