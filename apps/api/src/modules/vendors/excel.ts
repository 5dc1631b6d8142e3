import ExcelJS from "exceljs";
import { VENDOR_EXCEL_COLUMNS, type VendorColumn } from "@portico/contract";

/**
 * Reading the vendors spreadsheet: the first sheet, a header row naming the columns (any case,
 * any order; unknown ones ignored), then one vendor a row. Blank rows are skipped. Cells become
 * text (numbers as written, hyperlinks and rich text as their text, formulas as their result).
 */

/** A zip archive (every .xlsx is one). */
export const looksLikeXlsx = (data: Buffer): boolean =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

export interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  row: number;
  values: Partial<Record<VendorColumn, string>>;
}

export class SheetError extends Error {}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    if ("richText" in v) return v.richText.map((t) => t.text).join("");
    if ("text" in v) return cellText(v.text as ExcelJS.CellValue);
    if ("result" in v) return cellText(v.result as ExcelJS.CellValue);
    if ("error" in v) return "";
    return "";
  }
  return String(v);
}

/** The vendor rows of the file; throws SheetError when it cannot be read or has no name column. */
export async function readVendorSheet(data: Buffer, maxRows: number): Promise<{ rows: SheetRow[]; hasName: boolean }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new SheetError("unreadable");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [], hasName: false };
  const columns = new Map<number, VendorColumn>();
  sheet.getRow(1).eachCell({ includeEmpty: false }, (cell, col) => {
    const name = cellText(cell.value).trim().toLowerCase() as VendorColumn;
    if ((VENDOR_EXCEL_COLUMNS as readonly string[]).includes(name) && ![...columns.values()].includes(name))
      columns.set(col, name);
  });
  const hasName = [...columns.values()].includes("name");
  const rows: SheetRow[] = [];
  const last = sheet.actualRowCount === 0 ? 0 : sheet.rowCount;
  for (let r = 2; r <= last; r++) {
    const row = sheet.getRow(r);
    const values: SheetRow["values"] = {};
    let any = false;
    for (const [col, name] of columns) {
      const text = cellText(row.getCell(col).value).trim();
      if (text) any = true;
      values[name] = text;
    }
    if (!any) continue;
    rows.push({ row: r, values });
    if (rows.length > maxRows) throw new SheetError("too many rows");
  }
  return { rows, hasName };
}
