import { asc, sql } from "drizzle-orm";
import { PACKAGE_ENTITY, type PackageStatus } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { packageTypes } from "../../db/schema/index.ts";
import { rowsOf } from "../../lib/sql.ts";
import {
  json,
  occupancyFlags,
  occupantsOf,
  toDate,
  ts,
  typeSummary,
  type UnitViewRow,
} from "./fragments-repository.ts";
import type { PackageRow } from "./list-repository.ts";
import type { TypeRow } from "./repository.ts";

/** The building's package views: the activity of the past hours, the grid, apartment packages. */

export interface ActivityRow {
  id: number;
  type: string;
  type_display: string;
  note: string;
  performed_by: string | null;
  date_created: Date;
  package_id: number;
  status: PackageStatus;
  apartment_number: string;
  occupancy_id: number;
  package_type: PackageRow["package_type"];
}

/** Package events of a building since an instant, newest first. */
export async function listActivity(
  db: DbOrTx,
  buildingId: number,
  since: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRow[]; count: number }> {
  const where = sql`e.building_id = ${buildingId} and e.entity_type = ${PACKAGE_ENTITY} and e.date_created >= ${ts(since)}`;
  // The count rides in the page's statement (an empty page past the end is counted apart).
  const rows = rowsOf<ActivityRow & { _total: number }>(
    await db.execute(sql`
      select e.id, e.type, e.type_display, e.note, e.date_created,
        coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as performed_by,
        p.id as package_id, p.status, a.apartment_number, p.occupancy_id, ${typeSummary} as package_type,
        (select count(*)::int from events e where ${where}) as _total
      from events e
        join packages p on p.id = e.entity_id
        join package_types t on t.id = p.package_type_id
        join apartments a on a.id = p.apartment_id
        left join users u on u.id = e.performed_by_id
      where ${where}
      order by e.date_created desc, e.id desc
      limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}`),
  );
  let count = rows.length ? Number(rows[0]._total) : 0;
  if (!rows.length && page.offset > 0) {
    const c = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from events e where ${where}`),
    );
    count = Number(c[0]?.count ?? 0);
  }
  return {
    rows: rows.map(({ _total, ...r }) => ({
      ...r,
      date_created: toDate(r.date_created)!,
      package_type: json(r.package_type),
    })),
    count,
  };
}

// ---------------------------------------------------------------------------------------------
// Building views

export interface GridRow extends UnitViewRow {
  is_lease_expired: boolean;
  occupants: { last_name: string; is_active: boolean }[];
  total_count: number;
  counts: { package_type_id: number; count: number }[];
}

/**
 * The package grid: open packages counted per unit profile and type in one aggregate query
 * (the (building_id, status, date_opened) index finds the open packages), unit order.
 */
export async function packageGrid(db: DbOrTx, buildingId: number, today: string): Promise<GridRow[]> {
  const rows = rowsOf<GridRow>(
    await db.execute(sql`
      with g as (
        select p.occupancy_id, p.package_type_id, count(*)::int as n
        from packages p
        where p.building_id = ${buildingId} and p.status = 'OPEN'
        group by p.occupancy_id, p.package_type_id
      )
      select o.id as occupancy_id, o.apartment_id, a.apartment_number,
        ${occupancyFlags(today)},
        coalesce((select json_agg(json_build_object('last_name', u.last_name, 'is_active', oc.is_active)
            order by oc.is_active desc, oc.id)
          from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = o.id), '[]'::json) as occupants,
        sum(g.n)::int as total_count,
        json_agg(json_build_object('package_type_id', g.package_type_id, 'count', g.n) order by g.package_type_id) as counts
      from g
        join occupancies o on o.id = g.occupancy_id
        join apartments a on a.id = o.apartment_id
      group by o.id, a.id
      order by a.sort_key, a.id, o.id`),
  );
  return rows.map((r) => ({
    ...r,
    occupants: json(r.occupants),
    counts: json<{ package_type_id: number; count: number }[]>(r.counts).map((c) => ({
      package_type_id: Number(c.package_type_id),
      count: Number(c.count),
    })),
    total_count: Number(r.total_count),
  }));
}

/** Active grid types plus any type with open packages in the building (the grid's columns). */
export async function gridTypes(db: DbOrTx, buildingId: number): Promise<TypeRow[]> {
  return db
    .select()
    .from(packageTypes)
    .where(
      sql`(${packageTypes.is_active} and ${packageTypes.grid_display}) or exists (
        select 1 from packages p where p.building_id = ${buildingId} and p.status = 'OPEN'
          and p.package_type_id = "package_types"."id")`,
    )
    .orderBy(asc(packageTypes.display_order), sql`lower(${packageTypes.name})`, asc(packageTypes.id));
}

export interface ApartmentPackagesRow extends UnitViewRow {
  occupants: { id: number; first_name: string; last_name: string; is_active: boolean }[];
  package_count: number;
  packages: { id: number; package_type: PackageRow["package_type"]; date_opened: string; opening_comment: string }[];
  total: number;
}

export async function apartmentPackages(
  db: DbOrTx,
  buildingId: number,
  today: string,
  page: { limit: number; offset: number },
  publicOnly: boolean,
): Promise<{ rows: ApartmentPackagesRow[]; count: number }> {
  const pub = publicOnly ? sql` and t.is_public_display` : sql``;
  const rows = rowsOf<ApartmentPackagesRow>(
    await db.execute(sql`
      with occ as (
        select p.occupancy_id, count(*)::int as n
        from packages p join package_types t on t.id = p.package_type_id
        where p.building_id = ${buildingId} and p.status = 'OPEN'${pub}
        group by p.occupancy_id
      ), pg as (
        select occ.occupancy_id, occ.n, count(*) over () as total
        from occ join occupancies o on o.id = occ.occupancy_id join apartments a on a.id = o.apartment_id
        order by a.sort_key, a.id, o.id
        limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``}
      )
      select o.id as occupancy_id, o.apartment_id, a.apartment_number, ${occupancyFlags(today)},
        ${occupantsOf(sql`o.id`)} as occupants,
        pg.n as package_count, pg.total::int as total,
        (select json_agg(json_build_object('id', p.id, 'package_type', ${typeSummary}, 'date_opened', p.date_opened,
            'opening_comment', p.opening_comment) order by p.date_opened, p.id)
          from packages p join package_types t on t.id = p.package_type_id
          where p.occupancy_id = o.id and p.status = 'OPEN'${pub}) as packages
      from pg join occupancies o on o.id = pg.occupancy_id join apartments a on a.id = o.apartment_id
      order by a.sort_key, a.id, o.id`),
  );
  let count = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    const c = rowsOf<{ count: number }>(
      await db.execute(sql`select count(distinct p.occupancy_id)::int as count
        from packages p join package_types t on t.id = p.package_type_id
        where p.building_id = ${buildingId} and p.status = 'OPEN'${pub}`),
    );
    count = Number(c[0]?.count ?? 0);
  }
  return {
    rows: rows.map((r) => ({
      ...r,
      occupants: json(r.occupants),
      packages: json<ApartmentPackagesRow["packages"]>(r.packages ?? []).map((p) => ({
        ...p,
        date_opened: new Date(p.date_opened).toISOString(),
      })),
      package_count: Number(r.package_count),
    })),
    count,
  };
}
