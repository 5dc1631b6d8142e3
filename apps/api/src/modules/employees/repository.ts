import { and, asc, count, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Role } from "@portico/contract";
import type { DbOrTx } from "../../db/client.ts";
import { employees, users } from "../../db/schema/index.ts";
import { likeEscape, pageWithTotal } from "../../lib/sql.ts";

const contains = (term: string) => `%${likeEscape(term.trim().toLowerCase())}%`;
/** The outer row's user id, qualified (Drizzle leaves single-table columns unqualified). */
const USER_ID = sql.raw('"users"."id"');
const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The user has access (user_buildings) to one of these buildings (read from the buildings' grants). */
const grantedIn = (ids: number[]) =>
  ids.length
    ? sql`${USER_ID} in (select ub.user_id from user_buildings ub where ub.building_id in (${idList(ids)}))`
    : sql`false`;
/** The user is a resident of an occupancy (active or not) in one of these buildings. */
const residentIn = (ids: number[]) =>
  ids.length
    ? sql`exists (select 1 from occupants o join occupancies oc on oc.id = o.occupancy_id
                  where o.user_id = ${USER_ID} and oc.building_id in (${idList(ids)}))`
    : sql`false`;

/**
 * The user's name contains the pattern. A first or last name containing it is a full name
 * containing it: the full name alone is compared (its trigram index, users_full_name_trgm_idx).
 */
const nameMatches = (pattern: string) =>
  sql`lower(${users.first_name} || ' ' || ${users.last_name}) like ${pattern} escape '\\'`;

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
    conds.push(sql`(${nameMatches(t)} or lower(${users.username}) like ${t} escape '\\'
      or lower(${users.email}) like ${t} escape '\\' or lower(${employees.title}) like ${t} escape '\\')`);
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

export async function listEmployees(
  db: DbOrTx,
  f: EmployeeFilter,
  order: { field: EmployeeOrderField; desc: boolean }[],
  page: { limit: number; offset: number },
) {
  const where = employeeWhere(f) ?? sql`true`;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.user_id))
    .where(where);
  // The page is ordered and cut first; its users' buildings are then read in one pass each.
  const keys = order.map((o, i) => ({ expr: EMPLOYEE_ORDER_COLUMNS[o.field], name: sql.raw(`k${i}`), desc: o.desc }));
  const inner = keys.map((k) => sql`${k.expr} ${sql.raw(k.desc ? "desc" : "asc")} nulls last`);
  const outer = keys.map((k) => sql`p.${k.name} ${sql.raw(k.desc ? "desc" : "asc")} nulls last`);
  const shown =
    f.buildingId !== undefined
      ? sql`coalesce(bool_or(ub.is_include_in_directory) filter (where ub.building_id = ${f.buildingId}), false)`
      : sql`coalesce(bool_or(ub.is_include_in_directory), false)`;
  const r = await db.execute(sql`
    select p.id, p.title, p.department, p.employment_start_date, p.emergency_contact_info, p.notes, p.photo_url,
      p.photo_url_thumbnail, b.directory_buildings, b.contact_buildings, b.is_shown_in_directory, p.user_id,
      p.username, p.first_name, p.last_name, p.email, p.phone_number, p.role, p.is_active, p.last_login, b.buildings
    from (
      select ${employees.id}, ${employees.title}, ${employees.department}, ${employees.employment_start_date},
        ${employees.emergency_contact_info}, ${employees.notes}, ${employees.photo_url}, ${employees.photo_url_thumbnail},
        ${users.id} as user_id, ${users.username}, ${users.first_name}, ${users.last_name}, ${users.email},
        ${users.phone_number}, ${users.role}, ${users.is_active}, ${users.last_login}
        ${sql.join(
          keys.map((k) => sql`, ${k.expr} as ${k.name}`),
          sql``,
        )}
      from employees join users on ${users.id} = ${employees.user_id}
      where ${where}
      order by ${sql.join([...inner, sql`${employees.id} asc`], sql`, `)}
      limit ${page.limit} offset ${page.offset}) p
    cross join lateral (
      select coalesce(array_agg(ub.building_id order by ub.building_id) filter (where ub.is_include_in_directory), '{}') as directory_buildings,
        coalesce(array_agg(ub.building_id order by ub.building_id) filter (where ub.is_include_in_tenant_portal_contacts), '{}') as contact_buildings,
        ${shown} as is_shown_in_directory,
        coalesce(array_agg(ub.building_id order by ub.building_id), '{}') as buildings
      from user_buildings ub where ub.user_id = p.user_id) b
    order by ${sql.join([...outer, sql`p.id asc`], sql`, `)}`);
  const rows = (r as unknown as { rows: Record<string, unknown>[] }).rows.map((x) => ({
    id: Number(x.id),
    title: String(x.title),
    department: String(x.department),
    employment_start_date: (x.employment_start_date ?? null) as string | null,
    emergency_contact_info: String(x.emergency_contact_info),
    notes: String(x.notes),
    photo_url: (x.photo_url ?? null) as string | null,
    photo_url_thumbnail: (x.photo_url_thumbnail ?? null) as string | null,
    directory_buildings: x.directory_buildings as number[],
    contact_buildings: x.contact_buildings as number[],
    is_shown_in_directory: Boolean(x.is_shown_in_directory),
    user_id: Number(x.user_id),
    username: String(x.username),
    first_name: String(x.first_name),
    last_name: String(x.last_name),
    email: String(x.email),
    phone_number: String(x.phone_number),
    role: String(x.role),
    is_active: Boolean(x.is_active),
    last_login: x.last_login == null ? null : (users.last_login.mapFromDriverValue(x.last_login as string) as Date),
    buildings: x.buildings as number[],
  }));
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
    // Each alternative has its trigram index: the matches are found without reading every user.
    conds.push(sql`(${nameMatches(t)} or lower(${users.username}) like ${t} escape '\\'
      ${f.searchEmail ? sql`or lower(${users.email}) like ${t} escape '\\'` : sql``})`);
  }
  const where = and(...conds);
  // One pass: a "contains" search reads every match, so the page carries the total (a window
  // count) instead of a second scan; only a page past the end counts on its own. The matches are
  // read first (the trigram indexes), then ordered: read in name order instead, the window
  // would go through every user.
  const found = f.search?.trim()
    ? ((
        await db.execute(sql`
          with found as materialized (
            select ${users.id} as id, ${users.username} as username, ${users.first_name} as first_name,
              ${users.last_name} as last_name, ${users.email} as email, ${users.phone_number} as phone_number,
              ${users.role} as role, ${users.is_active} as is_active,
              lower(${users.last_name}) as k1, lower(${users.first_name}) as k2
            from users where ${where})
          select id, username, first_name, last_name, email, phone_number, role, is_active, count(*) over () as total
          from found order by k1, k2, id limit ${page.limit} offset ${page.offset}`)
      ).rows as {
        id: number;
        username: string;
        first_name: string;
        last_name: string;
        email: string;
        phone_number: string;
        role: string;
        is_active: boolean;
        total: number;
      }[])
    : await db
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
  const { count: total, rows } = await pageWithTotal(
    found,
    page.offset,
    async () => (await db.select({ n: count() }).from(users).where(where))[0].n,
  );
  return { count: total, rows: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

/** Buildings where this user is an active resident of an active lease. */
export async function residentBuildingIds(db: DbOrTx, userId: number): Promise<number[]> {
  const result = await db.execute(sql`
    select distinct oc.building_id from occupants o join occupancies oc on oc.id = o.occupancy_id
    where o.user_id = ${userId} and o.is_active and oc.is_active order by 1`);
  return (result.rows as { building_id: unknown }[]).map((r) => Number(r.building_id));
}
