import { and, asc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Role } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { employees, users } from "../../db/schema/index.ts";

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (term: string) => `%${likeEscape(term.trim().toLowerCase())}%`;
/** The outer row's user id, qualified (Drizzle leaves single-table columns unqualified). */
const USER_ID = sql.raw('"users"."id"');
const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The user has access (user_buildings) to one of these buildings. */
const grantedIn = (ids: number[]) =>
  ids.length
    ? sql`exists (select 1 from user_buildings ub where ub.user_id = ${USER_ID} and ub.building_id in (${idList(ids)}))`
    : sql`false`;
/** The user is a resident of an occupancy (active or not) in one of these buildings. */
const residentIn = (ids: number[]) =>
  ids.length
    ? sql`exists (select 1 from occupants o join occupancies oc on oc.id = o.occupancy_id
                  where o.user_id = ${USER_ID} and oc.building_id in (${idList(ids)}))`
    : sql`false`;

export interface EmployeeFilter {
  /** Only employees with access to this building. */
  buildingId?: number;
  /** Only employees sharing one of these buildings (undefined: no limit). */
  scopeIds?: number[];
  roles?: Role[];
  isActive?: boolean;
  minLastLogin?: Date;
  search?: string;
}

function employeeWhere(f: EmployeeFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (f.buildingId !== undefined) conds.push(grantedIn([f.buildingId]));
  if (f.scopeIds !== undefined) conds.push(grantedIn(f.scopeIds));
  if (f.roles?.length) conds.push(inArray(users.role, f.roles));
  if (f.isActive !== undefined) conds.push(eq(users.is_active, f.isActive));
  if (f.minLastLogin) conds.push(gte(users.last_login, f.minLastLogin));
  if (f.search?.trim()) {
    const t = contains(f.search);
    conds.push(sql`(lower(${users.first_name}) like ${t} escape '\\' or lower(${users.last_name}) like ${t} escape '\\'
      or lower(${users.first_name} || ' ' || ${users.last_name}) like ${t} escape '\\'
      or lower(${users.username}) like ${t} escape '\\' or lower(${users.email}) like ${t} escape '\\'
      or lower(${employees.title}) like ${t} escape '\\')`);
  }
  return and(...conds);
}

export const EMPLOYEE_ORDER_COLUMNS = {
  last_name: sql`lower(${users.last_name})`,
  first_name: sql`lower(${users.first_name})`,
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  title: sql`lower(${employees.title})`,
  role: sql`${users.role}`,
  last_login: sql`${users.last_login}`,
  id: sql`${employees.id}`,
} as const;
export type EmployeeOrderField = keyof typeof EMPLOYEE_ORDER_COLUMNS;

const buildingIds = (extra: SQL = sql`true`) =>
  sql<number[]>`coalesce((select array_agg(ub.building_id order by ub.building_id) from user_buildings ub
                          where ub.user_id = ${USER_ID} and ${extra}), '{}')`;

export async function listEmployees(
  db: DbOrTx,
  f: EmployeeFilter,
  order: { field: EmployeeOrderField; desc: boolean }[],
  page: { limit: number; offset: number },
) {
  const where = employeeWhere(f);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user_id))
    .where(where);
  const directory =
    f.buildingId !== undefined
      ? sql<boolean>`coalesce((select ub.is_include_in_directory from user_buildings ub
                               where ub.user_id = ${USER_ID} and ub.building_id = ${f.buildingId}), false)`
      : sql<boolean>`exists (select 1 from user_buildings ub where ub.user_id = ${USER_ID} and ub.is_include_in_directory)`;
  const rows = await db
    .select({
      id: employees.id,
      title: employees.title,
      department: employees.department,
      employment_start_date: employees.employment_start_date,
      emergency_contact_info: employees.emergency_contact_info,
      notes: employees.notes,
      photo_url: employees.photo_url,
      photo_url_thumbnail: employees.photo_url_thumbnail,
      directory_buildings: buildingIds(sql`ub.is_include_in_directory`),
      contact_buildings: buildingIds(sql`ub.is_include_in_tenant_portal_contacts`),
      is_shown_in_directory: directory,
      user_id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      phone_number: users.phone_number,
      role: users.role,
      is_active: users.is_active,
      last_login: users.last_login,
      buildings: buildingIds(),
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user_id))
    .where(where)
    .orderBy(
      ...order.map((o) =>
        o.desc
          ? sql`${EMPLOYEE_ORDER_COLUMNS[o.field]} desc nulls last`
          : sql`${EMPLOYEE_ORDER_COLUMNS[o.field]} asc nulls last`,
      ),
      asc(employees.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(count), rows };
}

export async function listEmployeesSimple(db: DbOrTx, f: EmployeeFilter, page: { limit: number; offset: number }) {
  const where = employeeWhere(f);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user_id))
    .where(where);
  const rows = await db
    .select({
      id: employees.id,
      user_id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      username: users.username,
      email: users.email,
      role: users.role,
      is_active: users.is_active,
      title: employees.title,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user_id))
    .where(where)
    .orderBy(sql`lower(${users.last_name})`, sql`lower(${users.first_name})`, asc(employees.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: Number(count), rows };
}

export interface GlobalUserFilter {
  role?: Role;
  /** Only users linked to these buildings (residents of their occupancies or staff granted them). */
  scopeIds?: number[];
  /** With scopeIds: residents only (no staff link). */
  residentsOnly?: boolean;
  search?: string;
  /** Whether the search may match email addresses. */
  searchEmail: boolean;
}

export async function listGlobalUsers(db: DbOrTx, f: GlobalUserFilter, page: { limit: number; offset: number }) {
  const conds: (SQL | undefined)[] = [];
  if (f.role) conds.push(eq(users.role, f.role));
  if (f.scopeIds !== undefined)
    conds.push(f.residentsOnly ? residentIn(f.scopeIds) : sql`(${residentIn(f.scopeIds)} or ${grantedIn(f.scopeIds)})`);
  if (f.search?.trim()) {
    const t = contains(f.search);
    conds.push(sql`(lower(${users.first_name}) like ${t} escape '\\' or lower(${users.last_name}) like ${t} escape '\\'
      or lower(${users.first_name} || ' ' || ${users.last_name}) like ${t} escape '\\'
      or lower(${users.username}) like ${t} escape '\\'
      ${f.searchEmail ? sql`or lower(${users.email}) like ${t} escape '\\'` : sql``})`);
  }
  const where = and(...conds);
  // One pass: a "contains" search reads every user, so the page carries the total (a window
  // count) instead of a second scan; only a page past the end counts on its own.
  const found = await db
    .select({
      id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      phone_number: users.phone_number,
      role: users.role,
      is_active: users.is_active,
      total: sql<number>`count(*) over ()`,
    })
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.last_name})`, sql`lower(${users.first_name})`, asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  let count = found.length ? Number(found[0].total) : 0;
  if (!found.length && page.offset > 0) {
    const [c] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    count = Number(c.count);
  }
  const rows = found.map(({ total: _total, ...r }) => r);
  return { count, rows };
}

/** Buildings where this user is an active resident of an active lease. */
export async function residentBuildingIds(db: DbOrTx, userId: number): Promise<number[]> {
  const result = await db.execute(sql`
    select distinct oc.building_id from occupants o join occupancies oc on oc.id = o.occupancy_id
    where o.user_id = ${userId} and o.is_active and oc.is_active order by 1`);
  return (result.rows as { building_id: unknown }[]).map((r) => Number(r.building_id));
}
