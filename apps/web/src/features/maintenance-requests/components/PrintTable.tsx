import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { MAINTENANCE_PRINT_COLUMNS, type MaintenanceRequestListItem } from "@portico/contract";
import { formatZonedDate } from "../../../lib/zonedDates.ts";
import { categoryOf, occupantNames, personName, statusLabel } from "../model.ts";

const WIDTHS: Partial<Record<(typeof MAINTENANCE_PRINT_COLUMNS)[number], number>> = {
  Unit: 150,
  Category: 140,
  "Entered on": 120,
  Status: 130,
  "Permission to enter": 150,
};

/**
 * The requests on paper (document 2 section 2): Unit with occupants, Category, Description,
 * Entered on, Status, Permission to enter; one row a request, kept whole across pages.
 */
export function PrintTable({ rows, timeZone }: { rows: readonly MaintenanceRequestListItem[]; timeZone?: string }) {
  return (
    <Table
      size="small"
      aria-label="Maintenance requests"
      sx={{ "& td, & th": { border: "1px solid #999", py: 0.5, verticalAlign: "top" } }}
    >
      <TableHead>
        <TableRow>
          {MAINTENANCE_PRINT_COLUMNS.map((c) => (
            <TableCell key={c} component="th" scope="col" sx={{ width: WIDTHS[c], fontWeight: 700 }}>
              {c}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>
              <Typography sx={{ fontWeight: 700 }}>{r.apartment_number}</Typography>
              <Typography variant="body2">{occupantNames(r.occupant_set)}</Typography>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                Req #{r.id}
                {r.is_high_priority ? " · High priority" : ""}
              </Typography>
            </TableCell>
            <TableCell>{categoryOf(r)}</TableCell>
            <TableCell>
              <Box sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.description}</Box>
            </TableCell>
            <TableCell>
              {formatZonedDate(r.date_opened, timeZone)}
              {r.entered_by && (
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {personName(r.entered_by)}
                </Typography>
              )}
            </TableCell>
            <TableCell>{statusLabel(r)}</TableCell>
            <TableCell>
              {r.is_permission_to_enter ? "Yes" : "No"}
              {r.permission_to_enter_comments && (
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {r.permission_to_enter_comments}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
