import { sql, type SQL } from "drizzle-orm";

/** SQL pieces and row decoding shared by the package queries (aliases p packages, t package_types, o occupancies, a apartments). */

export const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
export const ids = (list: number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );
export const inList = (col: SQL, list: (number | string)[]) =>
  list.length
    ? sql`${col} in (${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`false`;
export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Occupancy status flags over `o` for a building day (YYYY-MM-DD). */
export const occupancyFlags = (today: string) => sql`
  case when not o.is_active then 'INACTIVE' when o.lease_start_date > ${today}::date then 'FUTURE' else 'CURRENT' end as occupancy_status,
  o.is_active as is_active_occupancy,
  (o.is_active and o.lease_start_date is not null and o.lease_start_date > ${today}::date) as is_future_occupancy,
  (o.is_active and o.lease_end_date is not null and o.lease_end_date < ${today}::date) as is_lease_expired`;

export const typeSummary = sql`json_build_object('id', t.id, 'name', t.name, 'abbreviation', t.abbreviation,
  'color_hex', t.color_hex, 'font_color_hex', t.font_color_hex, 'group', t."group",
  'is_pic_required', t.is_pic_required, 'is_public_display', t.is_public_display)`;

export const occupantsOf = (occupancyId: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', oc.id, 'first_name', u.first_name, 'last_name', u.last_name,
    'is_active', oc.is_active) order by oc.is_active desc, oc.id)
  from occupants oc join users u on u.id = oc.user_id
  where oc.occupancy_id = ${occupancyId}), '[]'::json)`;

export const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/** A resident of a unit profile with what notices need (contact, notification settings). */
export interface ResidentContact {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  is_active: boolean;
  is_email_package_activity: boolean;
  is_text_package_activity: boolean;
}

/** The residents (ResidentContact) of an occupancy as JSON, in the given order. */
export const residentContactsOf = (occupancyId: SQL, order: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', oc.id, 'user_id', u.id, 'first_name', u.first_name,
    'last_name', u.last_name, 'email', u.email, 'phone_number', u.phone_number, 'is_active', oc.is_active,
    'is_email_package_activity', oc.is_email_package_activity,
    'is_text_package_activity', oc.is_text_package_activity) order by ${order})
  from occupants oc join users u on u.id = oc.user_id where oc.occupancy_id = ${occupancyId}), '[]'::json)`;

/** The unit profile columns of the building views (with occupancyFlags). */
export interface UnitViewRow {
  occupancy_id: number;
  apartment_id: number;
  apartment_number: string;
  occupancy_status: "CURRENT" | "FUTURE" | "INACTIVE";
  is_active_occupancy: boolean;
  is_future_occupancy: boolean;
}
