import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { apartments } from "../../db/schema/index.ts";
import { likeEscape, rowsOf } from "../../lib/sql.ts";
import { bathroomsText, num, str, strOrNull, TODAY, unitFactsOf, type UnitFactsRow } from "./shared-repository.ts";

/* Apartments (units) and the vacant unit report. */

export interface ApartmentRow extends UnitFactsRow {
  id: number;
  building_id: number;
  is_unlinked_to_tfcio: boolean;
  occupancy_id: number | null;
}

const APARTMENT_SELECT = sql`
  select a.id, a.building_id, a.apartment_number, a.bedrooms, a.bathrooms::text as bathrooms, a.floor, a.line,
    a.is_balcony_apt, a.is_management, a.is_unlinked_to_tfcio, (
      select oc.id from occupancies oc where oc.apartment_id = a.id and oc.is_active
        and (oc.lease_start_date is null or oc.lease_start_date <= ${TODAY("b")})
      order by oc.lease_start_date desc nulls last, oc.id desc limit 1) as occupancy_id
  from apartments a join buildings b on b.id = a.building_id`;

function toApartmentRow(r: Record<string, unknown>): ApartmentRow {
  return {
    id: Number(r.id),
    building_id: Number(r.building_id),
    ...unitFactsOf(r),
    is_unlinked_to_tfcio: Boolean(r.is_unlinked_to_tfcio),
    occupancy_id: num(r.occupancy_id),
  };
}

export async function apartmentById(db: DbOrTx, id: number): Promise<ApartmentRow | null> {
  const [r] = rowsOf(await db.execute(sql`${APARTMENT_SELECT} where a.id = ${id}`));
  return r ? toApartmentRow(r) : null;
}

export async function listApartments(
  db: DbOrTx,
  buildingId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const t = (search ?? "").trim().toLowerCase();
  const where = sql`a.building_id = ${buildingId} ${t ? sql`and lower(a.apartment_number) like ${`${likeEscape(t)}%`} escape '\\'` : sql``}`;
  const [c] = rowsOf(await db.execute(sql`select count(*)::int as n from apartments a where ${where}`));
  const r = await db.execute(
    sql`${APARTMENT_SELECT} where ${where} order by a.sort_key, a.id limit ${page.limit} offset ${page.offset}`,
  );
  return { count: Number(c.n), rows: rowsOf(r).map(toApartmentRow) };
}

export interface VacantUnitRow {
  apartment_number: string;
  bedrooms: string;
  bathrooms: string;
  floor: string | null;
  line: string | null;
  last_move_out_date: string | null;
  next_lease_start_date: string | null;
}

/** Units (not the management unit) without a current occupancy, in unit order, in chunks. */
export async function* iterateVacantUnits(db: DbOrTx, buildingId: number, chunk = 1000): AsyncGenerator<VacantUnitRow> {
  let after = "";
  let afterId = 0;
  for (;;) {
    const r = await db.execute(sql`
      select a.id, a.sort_key, a.apartment_number, a.bedrooms, a.bathrooms::text as bathrooms, a.floor, a.line,
        (select max(coalesce(c.move_out_date, case when not c.is_active then c.lease_end_date end))
           from occupancies c where c.apartment_id = a.id
             and coalesce(c.move_out_date, case when not c.is_active then c.lease_end_date end) <= ${TODAY("b")}) as last_move_out_date,
        (select min(c.lease_start_date) from occupancies c
           where c.apartment_id = a.id and c.is_active and c.lease_start_date > ${TODAY("b")}) as next_lease_start_date
      from apartments a join buildings b on b.id = a.building_id
      where a.building_id = ${buildingId} and not a.is_management
        and not exists (select 1 from occupancies c where c.apartment_id = a.id and c.is_active
          and (c.lease_start_date is null or c.lease_start_date <= ${TODAY("b")}))
        and (a.sort_key, a.id) > (${after}::text, ${afterId}::int)
      order by a.sort_key, a.id
      limit ${chunk}`);
    const rows = rowsOf(r);
    for (const x of rows)
      yield {
        apartment_number: str(x.apartment_number),
        bedrooms: str(x.bedrooms),
        bathrooms: bathroomsText(x.bathrooms),
        floor: strOrNull(x.floor),
        line: strOrNull(x.line),
        last_move_out_date: strOrNull(x.last_move_out_date),
        next_lease_start_date: strOrNull(x.next_lease_start_date),
      };
    if (rows.length < chunk) return;
    after = str(rows[rows.length - 1].sort_key);
    afterId = Number(rows[rows.length - 1].id);
  }
}

/** Is the apartment number used by another apartment of the building (case-insensitive)? */
export async function apartmentNumberInUse(db: DbOrTx, buildingId: number, number: string, exceptId?: number) {
  const rows = await db
    .select({ id: apartments.id })
    .from(apartments)
    .where(
      sql`${apartments.building_id} = ${buildingId} and upper(${apartments.apartment_number}) = upper(${number})
      ${exceptId ? sql`and ${apartments.id} <> ${exceptId}` : sql``}`,
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertApartment(db: DbOrTx, values: typeof apartments.$inferInsert): Promise<number> {
  const [row] = await db.insert(apartments).values(values).returning({ id: apartments.id });
  return row.id;
}

export async function updateApartment(db: DbOrTx, id: number, values: Partial<typeof apartments.$inferInsert>) {
  await db.update(apartments).set(values).where(eq(apartments.id, id));
}
