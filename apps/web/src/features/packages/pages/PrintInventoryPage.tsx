import { useMemo } from "react";
import { useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import PrintIcon from "@mui/icons-material/Print";
import {
  compareApartmentNumbers,
  type Package,
  PACKAGE_LIST_MAX_LIMIT,
  PACKAGE_MESSAGES as M,
  packagePaths,
  parsePrintInventoryQuery,
  PRINT_INVENTORY_FILTER_LABELS,
  PRINT_INVENTORY_GROUP_BY_LABELS,
  PRINT_INVENTORY_GROUPS,
  PRINT_INVENTORY_SORT_ORDER_LABELS,
} from "@portico/contract";
import { buildingLabel, useBuilding } from "../../../lib/session.tsx";
import { usePageTitle } from "../../../lib/usePageTitle.ts";
import { formatZonedDate, formatZonedDateTime, formatZonedTime } from "../../../lib/zonedDates.ts";
import { LoadedList } from "../../../components/LoadedList.tsx";
import { usePackages } from "../api.ts";
import { legendOf, residentNames } from "../model.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PrintStyles } from "../../../components/PrintStyles.tsx";

/**
 * /{building}/packages/print-inventory?filterBy=&sortOrder=&groupBy= (and occupancy_id for one
 * unit): the open packages on paper, grouped by package type or by unit, with a column to sign.
 */
export function Component() {
  usePageTitle("Print list");
  const { id: building, building: info } = useBuilding();
  const tz = info?.time_zone;
  const [params] = useSearchParams();
  const q = parsePrintInventoryQuery(params);
  const list = usePackages({
    building,
    package_status: "OPEN",
    package_type__group: PRINT_INVENTORY_GROUPS[q.filterBy],
    occupancy: q.occupancy_id,
    ordering: "date_opened",
    limit: PACKAGE_LIST_MAX_LIMIT,
  });

  const groups = useMemo(() => {
    const dir = q.sortOrder === "desc" ? -1 : 1;
    const rows = list.data?.results ?? [];
    const map = new Map<string, { title: string; sortKey: string; rows: Package[] }>();
    for (const p of rows) {
      const key = q.groupBy === "unit" ? `u${p.occupancy_id}` : `t${p.package_type.id}`;
      const title = q.groupBy === "unit" ? unitTitle(p) : p.package_type.name;
      const sortKey = q.groupBy === "unit" ? p.apartment_number : p.package_type.name;
      const g = map.get(key) ?? { title, sortKey, rows: [] };
      g.rows.push(p);
      map.set(key, g);
    }
    const out = [...map.values()].sort(
      (a, b) =>
        dir *
        (q.groupBy === "unit" ? compareApartmentNumbers(a.sortKey, b.sortKey) : a.sortKey.localeCompare(b.sortKey)),
    );
    for (const g of out)
      g.rows.sort(
        (a, b) =>
          (q.groupBy === "unit"
            ? a.package_type.name.localeCompare(b.package_type.name)
            : dir * compareApartmentNumbers(a.apartment_number, b.apartment_number)) ||
          a.date_opened.localeCompare(b.date_opened),
      );
    return out;
  }, [list.data, q.groupBy, q.sortOrder]);
  const total = list.data?.results.length ?? 0;

  return (
    <Box>
      <PrintStyles />
      <PageHeader
        title={`Package list – ${buildingLabel(info)}`}
        subtitle={`${PRINT_INVENTORY_FILTER_LABELS[q.filterBy]} · by ${PRINT_INVENTORY_GROUP_BY_LABELS[q.groupBy].toLowerCase()}, ${PRINT_INVENTORY_SORT_ORDER_LABELS[q.sortOrder].toLowerCase()} · ${total} open as of ${formatZonedDateTime(list.dataUpdatedAt || Date.now(), tz)}`}
        back={{ to: packagePaths.grid(building), label: "Packages" }}
        actions={
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      <LoadedList query={list} items={list.data?.results} loadingLabel="Loading packages" empty={M.noMatch}>
        {() =>
          groups.map((g) => (
            <Box component="section" key={g.title} sx={{ mb: 2.5 }} aria-label={g.title}>
              <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 0.5 }}>
                {g.title} ({g.rows.length})
              </Typography>
              <Table size="small" sx={{ "& td, & th": { border: "1px solid #999", py: 0.25 } }}>
                <TableHead>
                  <TableRow>
                    {[
                      { title: q.groupBy === "unit" ? "Type" : "Unit", width: 80 },
                      q.groupBy !== "unit" && { title: "Residents" },
                      { title: "Opened", width: 150 },
                      { title: "Comment" },
                      { title: "Signature", width: 160 },
                    ].map(
                      (c) =>
                        c && (
                          <TableCell
                            key={c.title}
                            component="th"
                            scope="col"
                            sx={c.width ? { width: c.width } : undefined}
                          >
                            {c.title}
                          </TableCell>
                        ),
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {g.rows.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell sx={{ fontWeight: 600 }}>
                        {q.groupBy === "unit"
                          ? `${p.package_type.abbreviation} – ${p.package_type.name}`
                          : p.apartment_number}
                      </TableCell>
                      {q.groupBy !== "unit" && <TableCell>{residentNames(p.occupants)}</TableCell>}
                      <TableCell sx={{ whiteSpace: "nowrap" }}>
                        {formatZonedDate(p.date_opened, tz)} {formatZonedTime(p.date_opened, tz)}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: "anywhere" }}>{p.opening_comment}</TableCell>
                      <TableCell />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ))
        }
      </LoadedList>
    </Box>
  );
}

function unitTitle(p: Package) {
  const legend = legendOf(p);
  const names = residentNames(p.occupants);
  return `${p.apartment_number}${legend ? ` ${legend}` : ""}${names ? ` – ${names}` : ""}`;
}
