import type { ReactNode } from "react";
import type { SxProps, Theme } from "@mui/material/styles";
import Checkbox from "@mui/material/Checkbox";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { LoadedList, type LoadedListProps } from "../../../components/LoadedList.tsx";

/** One column of a RecordTable: its title and how a row fills its cell. */
export interface RecordColumn<T> {
  /** Unique among the table's columns (the title, when it is a plain string, is enough). */
  key?: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: "right";
  padding?: "checkbox";
  /** The body cells' style. */
  sx?: SxProps<Theme>;
}

export interface RecordTableProps<T, K extends string | number> {
  label: string;
  /** Columns; a false entry (`byType && {...}`) is left out. */
  columns: readonly (RecordColumn<T> | false)[];
  rows: readonly T[];
  rowKey: (row: T) => K;
  /** Rows light up under the pointer. */
  hover?: boolean;
  /** Rows to choose: a checkbox column first, and the chosen rows marked. */
  selection?: RowSelection<T, K>;
}

/** A small table of records (a row each), its columns given as data. */
export function RecordTable<T, K extends string | number>({
  label,
  columns,
  rows,
  rowKey,
  hover,
  selection,
}: RecordTableProps<T, K>) {
  const shown = [selection && selectColumn(selection, rows, rowKey), ...columns].filter(
    (c): c is RecordColumn<T> => !!c,
  );
  const keyOf = (c: RecordColumn<T>, i: number) => c.key ?? (typeof c.header === "string" ? c.header : String(i));
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {shown.map((c, i) => (
            <TableCell key={keyOf(c, i)} align={c.align} padding={c.padding}>
              {c.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} hover={hover} selected={selection?.selected.has(rowKey(row))}>
            {shown.map((c, i) => (
              <TableCell key={keyOf(c, i)} align={c.align} padding={c.padding} sx={c.sx}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The rows chosen in a table, and how to choose more or fewer. */
export interface RowSelection<T, K> {
  selected: ReadonlySet<K>;
  /** Rows (by key) chosen (on) or let go. */
  onSelect: (keys: K[], on: boolean) => void;
  /** The label of the box that chooses every shown row. */
  allLabel: string;
  rowLabel: (row: T) => string;
}

/** The first column of a table to choose rows in: a checkbox a row, and one for all shown rows. */
function selectColumn<T, K>(
  { selected, onSelect, allLabel, rowLabel }: RowSelection<T, K>,
  rows: readonly T[],
  rowKey: (row: T) => K,
): RecordColumn<T> {
  const all = rows.length > 0 && rows.every((r) => selected.has(rowKey(r)));
  const some = rows.some((r) => selected.has(rowKey(r)));
  return {
    key: "select",
    padding: "checkbox",
    header: (
      <Checkbox
        checked={all}
        indeterminate={some && !all}
        onChange={(e) => onSelect(rows.map(rowKey), e.target.checked)}
        slotProps={{ input: { "aria-label": allLabel } }}
      />
    ),
    cell: (row) => (
      <Checkbox
        checked={selected.has(rowKey(row))}
        onChange={(e) => onSelect([rowKey(row)], e.target.checked)}
        slotProps={{ input: { "aria-label": rowLabel(row) } }}
      />
    ),
  };
}

/** What a page's table says: its label, while loading, and when empty. */
export interface TableTexts {
  label: string;
  loadingLabel: string;
  empty: ReactNode;
}

/**
 * A page's list of records as a table on a sheet, rows keyed by id and lit under the pointer,
 * once loaded (or its progress, failure or emptiness).
 */
export function LoadedTable<T extends { id: number }>({
  query,
  items,
  loadingLabel,
  empty,
  sx,
  ...table
}: Omit<LoadedListProps<T>, "children"> &
  Omit<RecordTableProps<T, number>, "rows" | "rowKey" | "hover"> & { sx?: SxProps<Theme> }) {
  return (
    <LoadedList query={query} items={items} loadingLabel={loadingLabel} empty={empty}>
      {(rows) => (
        <Paper variant="outlined" sx={[{ overflowX: "auto" }, ...(Array.isArray(sx) ? sx : [sx])]}>
          <RecordTable {...table} rows={rows} rowKey={(row) => row.id} hover />
        </Paper>
      )}
    </LoadedList>
  );
}
