import {
  hasBuildingAccess,
  VENDOR_EXCEL_COLUMNS,
  VENDOR_EXCEL_FILENAME,
  VENDOR_MESSAGES as VM,
  VENDOR_MAX_LIMIT,
  VENDOR_PAGE_SIZE,
  VENDOR_UPLOAD_LIMIT_BYTES,
  VENDOR_UPLOAD_MAX_ROWS,
  type Vendor,
  type VendorDeleted,
  VendorFields,
  type VendorListQuery,
  type VendorPatch,
  type VendorUploadResult,
  type VendorWrite,
} from "@portico/contract";
import { parseBuildingId, requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import type { ServiceContext } from "../../lib/context.ts";
import { requireUser } from "../../lib/current-user.ts";
import { iso } from "../../lib/dates.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import type { PhotoUpload } from "../../lib/upload-form.ts";
import { type XlsxColumn, XlsxSheet } from "../../lib/xlsx.ts";
import { looksLikeXlsx, readVendorSheet, SheetError } from "./excel.ts";
import * as repo from "./repository.ts";

/**
 * Vendors (document 2 sections 2–7): a building's suppliers. Every staff member of the building
 * reads and changes them (maintenance.use); another building's vendor is 404. The Excel upload
 * replaces all of the building's vendors in one transaction (nothing changes when a row is wrong).
 */

const ACTION = "maintenance.use" as const;
const touch = (ctx: ServiceContext, buildingId: number) => ctx.changes.touch(topics.vendors(buildingId));

export function toVendor(r: repo.VendorRow): Vendor {
  return {
    id: r.id,
    building: r.building_id,
    name: r.name,
    category: r.category,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    phone: r.phone,
    email: r.email,
    website: r.website,
    date_created: iso(r.date_created)!,
    last_modified: iso(r.last_modified)!,
  };
}

/** Checked before a body naming the building is judged (403 before 400). */
export async function requireVendorBuilding(ctx: ServiceContext, buildingId: number): Promise<void> {
  await requireBuilding(ctx, ctx.db, buildingId, ACTION);
}

/** A vendor the user may reach (404 when missing, of a building out of reach, or not `?building`'s). */
async function reachable(ctx: ServiceContext, id: number, buildingId?: number): Promise<repo.VendorRow> {
  const user = requireUser(ctx);
  const row = await repo.findVendor(ctx.db, id);
  if (!row || !hasBuildingAccess(user, row.building_id) || (buildingId !== undefined && row.building_id !== buildingId))
    throw new NotFoundError();
  await requireBuilding(ctx, ctx.db, row.building_id, ACTION);
  return row;
}

/** GET /vendors/?building: by name, 30 a page; search in name, category and city. */
export async function listVendors(ctx: ServiceContext, q: VendorListQuery) {
  await requireBuilding(ctx, ctx.db, q.building, ACTION);
  const page = pageOf(q, VENDOR_PAGE_SIZE, VENDOR_MAX_LIMIT);
  const { rows, count } = await repo.listVendors(
    ctx.db,
    { buildingId: q.building, search: q.search || undefined },
    page,
  );
  return paginate(ctx, page, count, rows.map(toVendor));
}

/** GET /vendors/{id}/ */
export async function getVendor(ctx: ServiceContext, id: number, buildingId?: number): Promise<Vendor> {
  return toVendor(await reachable(ctx, id, buildingId));
}

const valuesOf = (v: VendorPatch): Partial<repo.VendorValues> =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<repo.VendorValues>;

/** POST /vendors/: the building from the body or ?building (required). */
export async function createVendor(ctx: ServiceContext, body: VendorWrite, queryBuilding?: number): Promise<Vendor> {
  const buildingId = parseBuildingId(body.building ?? queryBuilding);
  await requireBuilding(ctx, ctx.db, buildingId, ACTION);
  const { building: _b, ...values } = body;
  const row = await repo.insertVendor(ctx.db, buildingId, valuesOf(values) as repo.VendorValues);
  touch(ctx, buildingId);
  return toVendor(row);
}

/** PATCH /vendors/{id}/ */
export async function updateVendor(
  ctx: ServiceContext,
  id: number,
  body: VendorPatch,
  buildingId?: number,
): Promise<Vendor> {
  const head = await reachable(ctx, id, buildingId);
  const values = valuesOf(body);
  const row = Object.keys(values).length ? await repo.updateVendor(ctx.db, id, values, ctx.clock()) : head;
  if (!row) throw new NotFoundError();
  touch(ctx, head.building_id);
  return toVendor(row);
}

/** DELETE /vendors/{id}/: 'Vendor successfully deleted'. */
export async function deleteVendor(ctx: ServiceContext, id: number, buildingId?: number): Promise<VendorDeleted> {
  const head = await reachable(ctx, id, buildingId);
  if (!(await repo.deleteVendor(ctx.db, id))) throw new NotFoundError();
  touch(ctx, head.building_id);
  return { id, detail: VM.deleted };
}

// ---------------------------------------------------------------------------------------------
// Excel

const fileError = (message: string | string[]) => new ValidationError({ vendors_file: message });

/**
 * POST /vendors/upload_excel/: an .xlsx whose header row names the columns (name required);
 * every row is judged before anything changes (a row without a name → 'Row {n}: a vendor name
 * is required.'), then the building's vendors are replaced in one transaction (a vendor named
 * again keeps its id).
 */
export async function uploadVendors(
  ctx: ServiceContext,
  buildingId: number,
  file: PhotoUpload | null,
): Promise<VendorUploadResult> {
  await requireBuilding(ctx, ctx.db, buildingId, ACTION);
  if (!file) throw fileError(VM.fileRequired);
  if (file.data.length > VENDOR_UPLOAD_LIMIT_BYTES) throw fileError(VM.tooLarge);
  const named = file.filename.toLowerCase();
  if ((named && !named.endsWith(".xlsx")) || !looksLikeXlsx(file.data)) throw fileError(VM.xlsxOnly);
  let sheet: Awaited<ReturnType<typeof readVendorSheet>>;
  try {
    sheet = await readVendorSheet(file.data, VENDOR_UPLOAD_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetError)
      throw fileError(err.message === "unreadable" ? VM.unreadable : VM.tooManyRows(VENDOR_UPLOAD_MAX_ROWS));
    throw err;
  }
  if (!sheet.hasName) throw fileError(VM.missingNameColumn);
  const rows: repo.VendorValues[] = [];
  const problems: string[] = [];
  for (const { row, values } of sheet.rows) {
    if (!values.name) {
      problems.push(VM.rowNameRequired(row));
      continue;
    }
    const parsed = VendorFields.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(VM.rowError(row, String(issue.path[0] ?? "name"), issue.message));
      continue;
    }
    rows.push(valuesOf(parsed.data) as repo.VendorValues);
  }
  if (problems.length) throw fileError(problems.slice(0, 20));
  await ctx.db.transaction(async (tx) => repo.replaceVendors(tx, buildingId, rows, ctx.clock()));
  touch(ctx, buildingId);
  return { count: rows.length, detail: VM.uploaded(rows.length) };
}

const EXPORT_COLUMNS: XlsxColumn<repo.VendorRow>[] = VENDOR_EXCEL_COLUMNS.map((c) => ({
  header: c,
  width: c === "name" || c === "address" || c === "website" || c === "email" ? 30 : 16,
  value: (r) => r[c],
}));

/** GET /vendors/as_excel/?building: the upload's columns, by name (a download uploads back unchanged). */
export async function exportVendors(ctx: ServiceContext, buildingId: number) {
  await requireBuilding(ctx, ctx.db, buildingId, ACTION);
  return new XlsxSheet(VENDOR_EXCEL_FILENAME, EXPORT_COLUMNS, repo.iterateVendors(ctx.db, buildingId), {
    sheetName: "Vendors",
  });
}
