import {
  can,
  UNIT_LIST_DEFAULT_LIMIT,
  UNIT_LIST_DEFAULT_ORDERING,
  UNIT_LIST_EXPORT_FILENAME,
  UNIT_LIST_EXPORT_LIMIT,
  type UnitListQuery,
  type UnitListRow,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { contactView } from "../../lib/resident-contact.ts";
import { paginate, pageOf, exportPageOf } from "../../lib/pagination.ts";
import { type XlsxColumn, XlsxSheet } from "../../lib/xlsx.ts";
import { usDate } from "./apartments.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";

const STATUS_DISPLAY = { CURRENT: "Current", FUTURE: "Future", INACTIVE: "Inactive" } as const;

function columns(viewEmail: boolean): XlsxColumn<UnitListRow>[] {
  return [
    { header: "Unit #", width: 10, value: (r) => r.apartment_number },
    { header: "Building", width: 22, value: (r) => r.building_name },
    { header: "Residents", width: 40, value: (r) => (r.is_vacant ? "Vacant" : r.names) },
    ...(viewEmail ? [{ header: "Emails", width: 40, value: (r: UnitListRow) => r.emails }] : []),
    { header: "Phone numbers", width: 30, value: (r) => r.phone_numbers },
    { header: "Lease start date", width: 16, value: (r) => usDate(r.lease_start_date) },
    { header: "Lease end date", width: 16, value: (r) => usDate(r.lease_end_date) },
    { header: "Move-out date", width: 16, value: (r) => usDate(r.move_out_date) },
    { header: "Status", width: 10, value: (r) => (r.status ? STATUS_DISPLAY[r.status] : "Vacant") },
    { header: "Balcony", width: 9, value: (r) => (r.is_balcony_apt ? "Yes" : "No") },
  ];
}

/**
 * GET /core/buildings/{id}/unit-profiles/ — the unit list (JSON page) or, with the spreadsheet
 * Accept header or format=xlsx, the same rows as unit_profiles.xlsx.
 */
export async function unitList(
  ctx: ServiceContext,
  buildingId: number,
  q: UnitListQuery,
  xlsx: boolean,
) {
  const db = ctx.db;
  const scope = await requireBuilding(ctx, db, buildingId, "occupancy.view");
  let ids: number[] = [scope.building.id];
  if (q.buildings === "all") {
    ids = (await repo.activeBuildingIds(db)).filter((id) => can(scope.user, "occupancy.view", { id }));
  } else if (q.buildings && q.buildings.length) {
    ids = [...new Set(q.buildings)];
    for (const id of ids) await requireBuilding(ctx, db, id, "occupancy.view");
  }
  const viewEmail = contactView(scope.user, scope.ctx).email;
  const ordering = q.ordering ?? UNIT_LIST_DEFAULT_ORDERING;
  const sort: repo.UnitListSort = {
    key: ordering.replace(/^-/, "") as repo.UnitListSort["key"],
    desc: ordering.startsWith("-"),
  };
  const digits = (q.phone ?? "").replace(/\D/g, "");
  const filter: repo.UnitListFilter = {
    buildingIds: ids,
    search: q.search?.trim() || undefined,
    phoneDigits: digits || undefined,
    displayVacant: q.display_vacant ?? false,
    minLeaseStart: q.min_lease_start_date,
    maxLeaseStart: q.max_lease_start_date,
    activeOnly: q.active_only ?? true,
    balconyOnly: q.balcony_only ?? false,
    viewEmail,
  };
  if (xlsx) {
    const page = exportPageOf(q, UNIT_LIST_EXPORT_LIMIT);
    return new XlsxSheet(
      UNIT_LIST_EXPORT_FILENAME,
      columns(viewEmail),
      repo.iterateUnitList(db, filter, sort, page),
      {
        sheetName: "Unit profiles",
      },
    );
  }
  const page = pageOf(q, UNIT_LIST_DEFAULT_LIMIT, UNIT_LIST_EXPORT_LIMIT);
  const { count, rows } = await repo.unitList(db, filter, sort, page);
  return paginate(ctx, page, count, rows);
}
