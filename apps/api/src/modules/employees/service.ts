import {
  can,
  type Employee,
  EMPLOYEE_LIST_LIMITS,
  EMPLOYEE_ORDERING,
  type EmployeeQuery,
  type EmployeeSimple,
  type EmployeeSimpleQuery,
  GLOBAL_USER_SEARCH_LIMIT,
  type GlobalUser,
  type GlobalUserQuery,
  ROLE_DISPLAY,
  type Role,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { contactView, residentEmail, residentPhone } from "../../lib/resident-contact.ts";
import { type CurrentUser, requireUser } from "../../lib/current-user.ts";
import { PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { iso, startOfDayIn } from "../../lib/dates.ts";
import { paginate, pageOf } from "../../lib/pagination.ts";
import { topics } from "../../lib/change-feed.ts";
import { userPageKey, type View } from "../../lib/view-cache.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";

/**
 * Who may be listed: with `building`, the building gate (403 before anything is read) and the
 * employees granted that building; without, OF sees every employee and others those sharing
 * one of their buildings.
 */
async function employeeScope(ctx: ServiceContext, building: number | undefined) {
  if (building !== undefined) {
    const scope = await requireBuilding(ctx, ctx.db, building, "employee.list");
    return { user: scope.user, buildingId: scope.building.id, timeZone: scope.building.time_zone, scopeIds: undefined };
  }
  const user = requireUser(ctx);
  if (!can(user, "employee.list")) throw new PermissionDeniedError();
  return { user, buildingId: undefined, timeZone: "UTC", scopeIds: user.role === "OF" ? undefined : user.buildings };
}
type EmployeeScope = Awaited<ReturnType<typeof employeeScope>>;

function parseOrdering(value: string | undefined): { field: repo.EmployeeOrderField; desc: boolean }[] {
  if (!value?.trim())
    return [
      { field: "last_name", desc: false },
      { field: "first_name", desc: false },
    ];
  return value.split(",").map((part) => {
    const p = part.trim();
    const desc = p.startsWith("-");
    const field = (desc ? p.slice(1) : p).replace(/^app_user__(user__)?/, "");
    if (!(EMPLOYEE_ORDERING as readonly string[]).includes(field))
      throw new ValidationError({ ordering: [`Cannot order by ${p}. Choices: ${EMPLOYEE_ORDERING.join(", ")}.`] });
    return { field: field as repo.EmployeeOrderField, desc };
  });
}

const minLogin = (value: string | undefined, timeZone: string) =>
  value === undefined ? undefined : value.length === 10 ? startOfDayIn(value, timeZone) : new Date(value);

/**
 * GET /core/employees/ — the access check, then the page as a view kept per user and URL until
 * an employee, a staff account or a building grant changes (topic employees:all).
 */
export function employeesView(ctx: ServiceContext, q: EmployeeQuery): Promise<View> {
  return employeePageView(ctx, q.building, (scope) => listEmployees(ctx, q, scope));
}

/** An employee list page behind the access check, kept per user and URL (see employeesView). */
async function employeePageView(
  ctx: ServiceContext,
  building: number | undefined,
  load: (scope: EmployeeScope) => Promise<object>,
): Promise<View> {
  const scope = await employeeScope(ctx, building);
  return {
    key: userPageKey(ctx),
    topics: [topics.employees, topics.user(requireUser(ctx).id)],
    load: () => load(scope),
  };
}

/** The filter both employee lists share. */
const employeeFilter = (q: EmployeeSimpleQuery, scope: EmployeeScope) => ({
  buildingId: scope.buildingId,
  scopeIds: scope.scopeIds,
  roles: q.app_user__role,
  isActive: q.app_user__user__is_active,
  search: q.search,
});

async function listEmployees(ctx: ServiceContext, q: EmployeeQuery, scope: EmployeeScope) {
  const page = pageOf(q, EMPLOYEE_LIST_LIMITS.list, EMPLOYEE_LIST_LIMITS.list);
  const { count, rows } = await repo.listEmployees(
    ctx.db,
    { ...employeeFilter(q, scope), minLastLogin: minLogin(q.min_last_login_date, scope.timeZone) },
    parseOrdering(q.ordering),
    page,
  );
  const results: Employee[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    department: r.department,
    employment_start_date: r.employment_start_date,
    emergency_contact_info: r.emergency_contact_info,
    notes: r.notes,
    photo_url: r.photo_url,
    photo_url_thumbnail: r.photo_url_thumbnail,
    directory_buildings: (r.directory_buildings ?? []).map(Number),
    contact_buildings: (r.contact_buildings ?? []).map(Number),
    is_shown_in_directory: Boolean(r.is_shown_in_directory),
    app_user: {
      id: r.user_id,
      username: r.username,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone_number: r.phone_number,
      role: r.role as Role,
      role_display: ROLE_DISPLAY[r.role as Role] ?? r.role,
      is_active: r.is_active,
      last_login: iso(r.last_login),
      buildings: (r.buildings ?? []).map(Number),
    },
  }));
  return paginate(ctx, page, count, results);
}

/** GET /core/employees/simple-list/ (kept like the employee list) */
export function employeesSimpleView(ctx: ServiceContext, q: EmployeeSimpleQuery): Promise<View> {
  return employeePageView(ctx, q.building, (scope) => listEmployeesSimple(ctx, q, scope));
}

async function listEmployeesSimple(ctx: ServiceContext, q: EmployeeSimpleQuery, scope: EmployeeScope) {
  const page = pageOf(q, EMPLOYEE_LIST_LIMITS.simple, EMPLOYEE_LIST_LIMITS.simple);
  const { count, rows } = await repo.listEmployeesSimple(ctx.db, employeeFilter(q, scope), page);
  const results: EmployeeSimple[] = rows.map((r) => ({ ...r, role: r.role as Role }));
  return paginate(ctx, page, count, results);
}

/**
 * GET /core/global-users/ — staff and club admins search users linked to their buildings (OF:
 * everyone); a tenant may only search residents (role=TN) of the buildings they live in.
 * Residents' e-mail and phone follow lib/resident-contact.ts (e-mail: managers; phone: staff).
 */
export async function searchGlobalUsers(ctx: ServiceContext, q: GlobalUserQuery) {
  const user: CurrentUser = requireUser(ctx);
  if (!can(user, "global_users.search")) throw new PermissionDeniedError();
  if (user.role === "TN" && q.role !== "TN") throw new PermissionDeniedError();
  const page = pageOf(q, GLOBAL_USER_SEARCH_LIMIT, 1000);
  const contact = contactView(user);
  const seesContacts = contact.email;
  let scopeIds: number[] | undefined;
  if (user.role === "TN") scopeIds = await repo.residentBuildingIds(ctx.db, user.id);
  else if (user.role !== "OF") scopeIds = user.buildings;
  const { count, rows } = await repo.listGlobalUsers(
    ctx.db,
    { role: q.role, scopeIds, residentsOnly: user.role === "TN", search: q.search, searchEmail: seesContacts },
    page,
  );
  const results: GlobalUser[] = rows.map((r) => {
    // Residents' contact data through the one rule; staff accounts are colleagues.
    const resident = r.role === "TN";
    return {
      ...r,
      role: r.role as Role,
      email: resident ? residentEmail(contact, r.email) : r.email,
      phone_number: resident ? residentPhone(contact, r.phone_number) : r.phone_number,
    };
  });
  return paginate(ctx, page, count, results);
}
