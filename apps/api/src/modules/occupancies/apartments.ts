import {
  type Apartment,
  ApartmentPatch,
  ApartmentWrite,
  apartmentSortKey,
  BUILDING_OCCUPANTS_FILENAME,
  can,
  OCCUPANT_TYPE_DISPLAY,
  UNIT_PROFILE_MESSAGES as M,
  VACANT_UNIT_REPORT_FILENAME,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { topics } from "../../lib/change-feed.ts";
import { requireUser } from "../../lib/current-user.ts";
import { NotFoundError, PermissionDeniedError } from "../../lib/errors.ts";
import { paginate, pageOf } from "../../lib/pagination.ts";
import { type XlsxColumn, XlsxSheet } from "../../lib/xlsx.ts";
import { changeNotes, diff, FormError, gateObject, parseBody, viewerOf } from "./common.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";

const toApartment = (r: repo.ApartmentRow): Apartment => ({
  id: r.id,
  apartment_id: r.id,
  building: r.building_id,
  apartment_number: r.apartment_number,
  bedrooms: r.bedrooms,
  bathrooms: r.bathrooms,
  floor: r.floor,
  line: r.line,
  is_balcony_apt: r.is_balcony_apt,
  is_management: r.is_management,
  is_unlinked_to_tfcio: r.is_unlinked_to_tfcio,
  occupancy_id: r.occupancy_id,
  is_vacant: r.occupancy_id == null,
});

async function apartmentOut(ctx: ServiceContext, id: number): Promise<Apartment> {
  const row = await repo.apartmentById(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toApartment(row);
}

/** MM/DD/YYYY, the product's date format, for spreadsheets. */
export const usDate = (d: string | null | undefined) =>
  d ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : "";

/** GET /core/apartments/{id}/ */
export async function getApartment(ctx: ServiceContext, id: number): Promise<Apartment> {
  const ref = await repo.apartmentRef(ctx.db, id);
  if (!ref) throw new NotFoundError();
  await gateObject(ctx, ref.building_id, "occupancy.view");
  return apartmentOut(ctx, id);
}

/** What a PATCH may change, in the contract's order: every field but the building. */
const APARTMENT_FIELDS = ApartmentPatch.keyof().options.filter((f) => f !== "building");

const numberTaken = () => new FormError({ apartment_number: [M.apartmentNumberTaken] });

const numberInUse = (ctx: ServiceContext, buildingId: number, number: string, exceptId?: number) =>
  repo.apartmentNumberInUse(ctx.db, buildingId, number, exceptId);

/** POST /core/apartments/ (managers). */
export async function createApartment(ctx: ServiceContext, body: unknown): Promise<Apartment> {
  const user = requireUser(ctx);
  if (!can(user, "apartment.create")) throw new PermissionDeniedError();
  const input = parseBody(ApartmentWrite, body);
  const scope = await requireBuilding(ctx, ctx.db, input.building, "apartment.create");
  if (await numberInUse(ctx, scope.building.id, input.apartment_number)) throw numberTaken();
  const db = ctx.db;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const apartmentId = await repo.insertApartment(tx, {
        building_id: scope.building.id,
        apartment_number: input.apartment_number,
        sort_key: apartmentSortKey(input.apartment_number),
        bedrooms: input.bedrooms ?? "1BR",
        bathrooms: input.bathrooms ?? "1.0",
        floor: input.floor || null,
        line: input.line || null,
        is_balcony_apt: input.is_balcony_apt ?? false,
        is_management: input.is_management ?? false,
        is_unlinked_to_tfcio: input.is_unlinked_to_tfcio ?? false,
      });
      await repo.insertEvents(tx, [
        {
          building_id: scope.building.id,
          entity_type: "apartment",
          entity_id: apartmentId,
          type: "CREATED",
          type_display: "Created",
          note: `Apartment ${input.apartment_number} created.`,
          performed_by_id: scope.user.id,
        },
      ]);
      return apartmentId;
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw numberTaken();
    throw err;
  }
  ctx.changes.touch(topics.units(scope.building.id));
  return apartmentOut(ctx, id);
}

/** PATCH /core/apartments/{id}/ (managers). */
export async function patchApartment(ctx: ServiceContext, id: number, body: unknown): Promise<Apartment> {
  const db = ctx.db;
  const ref = await repo.apartmentRef(db, id);
  if (!ref) throw new NotFoundError();
  const scope = await gateObject(ctx, ref.building_id, "apartment.edit");
  const input = parseBody(ApartmentPatch, body);
  if (input.building !== undefined && input.building !== ref.building_id)
    throw new FormError({ building: [M.buildingReadOnly] });
  const cur = (await repo.apartmentById(db, id))!;
  const next: Record<string, unknown> = {};
  for (const f of APARTMENT_FIELDS)
    if (input[f] !== undefined) next[f] = f === "floor" || f === "line" ? input[f] || null : input[f];
  if (
    next.apartment_number !== undefined &&
    (await numberInUse(ctx, ref.building_id, next.apartment_number as string, id))
  )
    throw numberTaken();
  const changes = diff(cur as unknown as Record<string, unknown>, next, APARTMENT_FIELDS);
  if (changes.length) {
    try {
      await db.transaction(async (tx) => {
        await repo.updateApartment(tx, id, {
          ...(next as Parameters<typeof repo.updateApartment>[2]),
          ...(next.apartment_number !== undefined ? { sort_key: apartmentSortKey(next.apartment_number as string) } : {}),
        });
        await repo.insertEvents(tx, [
          {
            building_id: ref.building_id,
            entity_type: "apartment",
            entity_id: id,
            type: "UPDATED",
            type_display: "Updated",
            note: changeNotes(changes).note,
            performed_by_id: scope.user.id,
          },
        ]);
      });
    } catch (err) {
      if (repo.isUniqueViolation(err)) throw numberTaken();
      throw err;
    }
    ctx.changes.touch(topics.units(ref.building_id));
  }
  return apartmentOut(ctx, id);
}

const VACANT_COLUMNS: XlsxColumn<repo.VacantUnitRow>[] = [
  { header: "Unit", width: 10, value: (r) => r.apartment_number },
  { header: "Bedrooms", width: 10, value: (r) => r.bedrooms },
  { header: "Bathrooms", width: 11, value: (r) => r.bathrooms },
  { header: "Floor", width: 8, value: (r) => r.floor ?? "" },
  { header: "Line", width: 8, value: (r) => r.line ?? "" },
  { header: "Last move-out date", width: 20, value: (r) => usDate(r.last_move_out_date) },
  { header: "Next lease start date", width: 22, value: (r) => usDate(r.next_lease_start_date) },
];

/**
 * GET /core/buildings/{id}/apartments/ — the apartments in unit order (JSON page); with
 * vacant_units=True the vacant unit report (vacant_unit_report.xlsx).
 */
export async function listApartments(
  ctx: ServiceContext,
  buildingId: number,
  q: { limit?: number; offset?: number; vacant_units?: boolean; search?: string },
) {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "occupancy.view");
  if (q.vacant_units) {
    return new XlsxSheet(
      VACANT_UNIT_REPORT_FILENAME,
      VACANT_COLUMNS,
      repo.iterateVacantUnits(ctx.db, scope.building.id),
      {
        sheetName: "Vacant units",
      },
    );
  }
  const page = pageOf(q, 30, 5000);
  const { count, rows } = await repo.listApartments(ctx.db, scope.building.id, q.search, page);
  return paginate(ctx, page, count, rows.map(toApartment));
}

/**
 * GET /core/buildings/{id}/occupants/ — every active resident (JSON page), or
 * building_occupants.xlsx. The Email column only for users who may see e-mails.
 */
export async function buildingOccupants(
  ctx: ServiceContext,
  buildingId: number,
  q: { limit?: number; offset?: number; search?: string },
  xlsx: boolean,
) {
  const scope = await requireBuilding(ctx, ctx.db, buildingId, "occupancy.view");
  const viewer = viewerOf(scope);
  if (xlsx) {
    const columns: XlsxColumn<repo.OccupantExportRow>[] = [
      { header: "Unit", width: 10, value: (r) => r.apartment_number },
      { header: "Name", width: 28, value: (r) => [r.first_name, r.last_name].filter(Boolean).join(" ") },
      { header: "Type", width: 11, value: (r) => OCCUPANT_TYPE_DISPLAY[r.type] ?? r.type },
      ...(viewer.viewEmail
        ? [{ header: "Email", width: 32, value: (r: repo.OccupantExportRow) => r.email ?? "" }]
        : []),
      { header: "Phone", width: 18, value: (r) => r.phone_number },
      { header: "Lease start date", width: 16, value: (r) => usDate(r.lease_start_date) },
      { header: "Lease end date", width: 16, value: (r) => usDate(r.lease_end_date) },
      { header: "Status", width: 10, value: (r) => (r.is_future ? "Future" : "Current") },
    ];
    return new XlsxSheet(
      BUILDING_OCCUPANTS_FILENAME,
      columns,
      repo.iterateBuildingOccupants(ctx.db, scope.building.id),
      {
        sheetName: "Occupants",
      },
    );
  }
  const page = pageOf(q, 30, 5000);
  const { count, rows } = await repo.buildingOccupants(ctx.db, scope.building.id, q.search, viewer, page);
  return paginate(ctx, page, count, rows);
}
