import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Spreadsheet exports, streamed: rows come from an async iterable (read from the database in
 * chunks) and go straight through exceljs's streaming WorkbookWriter into the reply, so an
 * export of 50 000 rows never sits in memory. Backpressure: the next chunk is only read once
 * the client has taken what was written; a client that goes away stops the reading.
 *
 *   if (wantsXlsx(req, query.format)) return streamXlsx(reply, "shift_logs.xlsx", columns, rows());
 */
export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type XlsxValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<T> {
  header: string;
  /** Column width in characters. */
  width?: number;
  value: (row: T) => XlsxValue;
}

/** The client asks for a spreadsheet: `Accept: …spreadsheetml.sheet`, or format=xlsx. */
export function wantsXlsx(req: FastifyRequest, format?: string | null): boolean {
  if (format) return format.toLowerCase() === "xlsx";
  return (req.headers.accept ?? "").includes(XLSX_MIME);
}

const HIGH_WATER = 1 << 20;

/**
 * Data cells have no style of their own. exceljs works a cell's style out anew for every new
 * style object (each cell gets one), unless it has seen the object before: cells of a type share
 * one (the style id depends on the type), so a row costs no style work. Same file.
 */
const PLAIN_STYLE = new Map<number, Partial<ExcelJS.Style>>();
const plainStyle = (type: number) => {
  let style = PLAIN_STYLE.get(type);
  if (!style) PLAIN_STYLE.set(type, (style = Object.freeze({})));
  return style;
};

export function streamXlsx<T>(
  reply: FastifyReply,
  filename: string,
  columns: XlsxColumn<T>[],
  rows: AsyncIterable<T>,
  options: { sheetName?: string } = {},
): FastifyReply {
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  let closed = false;
  out.on("close", () => {
    closed = true;
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName ?? "Sheet1");
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };

  const waitForRoom = async () => {
    while (!closed && out.readableLength + out.writableLength > HIGH_WATER) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => done(), 50);
        const done = () => {
          clearTimeout(timer);
          out.off("drain", done);
          out.off("close", done);
          resolve();
        };
        out.once("drain", done);
        out.once("close", done);
      });
    }
  };

  const write = async () => {
    try {
      for await (const row of rows) {
        if (closed) break;
        const r = sheet.addRow(columns.map((c) => c.value(row) ?? null));
        r.eachCell({ includeEmpty: true }, (cell) => {
          cell.style = plainStyle(cell.type);
        });
        r.commit();
        if (out.readableLength + out.writableLength > HIGH_WATER) await waitForRoom();
      }
      if (closed) return;
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      reply.log.error({ err }, "spreadsheet export failed");
      out.destroy(err as Error);
    }
  };

  const safeName = filename.replace(/["\\\r\n]/g, "_");
  reply
    .header("content-type", XLSX_MIME)
    .header("content-disposition", `attachment; filename="${safeName}"`)
    .header("cache-control", "no-store");
  void write();
  return reply.send(out);
}

/**
 * A spreadsheet a service answers with: the route sends it (`sheet.send(reply)`), so services
 * decide between a page and a spreadsheet without touching the reply.
 *
 *   const out = await service.listThings(ctx, query, wantsXlsx(req, query.format));
 *   return out instanceof XlsxSheet ? out.send(reply) : out;
 */
export class XlsxSheet<T> {
  constructor(
    readonly filename: string,
    readonly columns: XlsxColumn<T>[],
    readonly rows: AsyncIterable<T>,
    readonly options: { sheetName?: string } = {},
  ) {}

  send(reply: FastifyReply): FastifyReply {
    return streamXlsx(reply, this.filename, this.columns, this.rows, this.options);
  }
}
