import {
  CLUB_MEMBERS_MAX_LIMIT,
  CLUB_QUICK_SEARCH_LIMIT,
  CLUBS_MESSAGES as CM,
  type ClubCandidate,
  type ClubMember,
  type ClubMembersQuery,
  type ClubQuickSearchQuery,
  type OpenCheckin,
  openCheckinNote,
  POOL_EXPORT_COLUMNS,
  poolExportFilename,
  type PoolCheckinsReportQuery,
  type RecordOpenCheckin,
} from "@portico/contract";
import type { ServiceContext } from "../../lib/context.ts";
import { dayjs, iso, todayIn } from "../../lib/dates.ts";
import { ValidationError } from "../../lib/errors.ts";
import { pageOf, paginate } from "../../lib/pagination.ts";
import { type XlsxColumn, XlsxSheet } from "../../lib/xlsx.ts";
import * as repo from "./members-repository.ts";
import { reachClub, touchClub } from "./scope.ts";

/**
 * Club members (club.view to read, club.manage_members to change) and pool (open) check-ins
 * (amenity.checkin; the export club.pool_export). A member is a resident (occupant) of one of
 * the club's buildings. A check-in is one per resident and day in the primary building's time
 * zone: recording it again the same day edits it (guests 0..1, note '{guests+1}:'). The desk
 * checks in members (the page lists them); the server takes any active resident of the club's
 * buildings (a resident enrolled at the desk a moment later is not refused).
 */

const person = (r: repo.PersonRow) => ({
  occupant_id: r.occupant_id,
  first_name: r.first_name,
  last_name: r.last_name,
  photo_url: r.photo_url,
  building_id: r.building_id,
  building_name: r.building_name,
  apartment_id: r.apartment_id,
  apartment_number: r.apartment_number,
});

const toMember = (r: repo.MemberRow): ClubMember => ({
  id: r.id,
  club_id: r.club_id,
  ...person(r),
  date_joined: iso(r.date_created)!,
});

const toCheckin = (r: repo.CheckinRow): OpenCheckin => ({
  id: r.id,
  club_id: r.club_id,
  occupant_id: r.occupant_id,
  content_type: "occupant",
  object_id: r.occupant_id,
  note: r.note,
  guests: r.guests,
  checked_in_at: iso(r.checked_in_at)!,
  entered_by: r.entered_by_id,
});

/** GET /clubs/clubs/{id}/members/ — by name; search in name and apartment; limit up to 999999. */
export async function listMembers(ctx: ServiceContext, clubId: number, q: ClubMembersQuery) {
  await reachClub(ctx, clubId, "club.view");
  const page = pageOf(q, CLUB_MEMBERS_MAX_LIMIT, CLUB_MEMBERS_MAX_LIMIT);
  const { rows, count } = await repo.listMembers(ctx.db, clubId, q.search || undefined, page);
  return paginate(ctx, page, count, rows.map(toMember));
}

/**
 * GET /clubs/clubs/{id}/quick-search/ — residents of the club's buildings who are not members: whom
 * a membership admin adds, and whom the amenity desk books for (amenity.book holds everyone who
 * may manage members).
 */
export async function quickSearch(
  ctx: ServiceContext,
  clubId: number,
  q: ClubQuickSearchQuery,
): Promise<ClubCandidate[]> {
  const { buildingIds } = await reachClub(ctx, clubId, "amenity.book");
  const rows = await repo.candidates(
    ctx.db,
    clubId,
    buildingIds,
    q.search || undefined,
    q.limit ?? CLUB_QUICK_SEARCH_LIMIT,
  );
  return rows.map(person);
}

const occupantError = (message: string) => new ValidationError({ occupant_id: [message] });

/** POST add_member/ — 'New member added'. */
export async function addMember(ctx: ServiceContext, clubId: number, occupantId: number) {
  const { buildingIds } = await reachClub(ctx, clubId, "club.manage_members");
  const occ = await repo.findOccupant(ctx.db, occupantId);
  if (!occ || !occ.is_active || !buildingIds.includes(occ.building_id))
    throw occupantError(CM.occupantNotInClubBuildings);
  if (!(await repo.addMember(ctx.db, clubId, occupantId))) throw occupantError(CM.alreadyMember);
  touchClub(ctx, buildingIds);
  return { detail: CM.memberAdded, occupant_id: occupantId };
}

/** POST remove_member/ — a resident who is not (or no longer) a member: nothing changes, same answer. */
export async function removeMember(ctx: ServiceContext, clubId: number, occupantId: number) {
  const { buildingIds } = await reachClub(ctx, clubId, "club.manage_members");
  if (await repo.removeMember(ctx.db, clubId, occupantId)) touchClub(ctx, buildingIds);
  return { detail: CM.memberRemoved, occupant_id: occupantId };
}

/** POST bulk_delete/ — every member goes. */
export async function removeAllMembers(ctx: ServiceContext, clubId: number) {
  const { buildingIds } = await reachClub(ctx, clubId, "club.manage_members");
  const count = await repo.removeAllMembers(ctx.db, clubId);
  touchClub(ctx, buildingIds);
  return { detail: CM.allMembersRemoved(count), count };
}

/** The club's today (its primary building's time zone). */
async function clubToday(ctx: ServiceContext, clubId: number, action: "amenity.checkin" | "club.pool_export") {
  const reached = await reachClub(ctx, clubId, action);
  const zone = reached.club.primary_zone;
  return { ...reached, zone, today: todayIn(zone, ctx.clock()) };
}

/** GET members/open_checkins/ — today's check-ins, latest first. */
export async function listOpenCheckins(ctx: ServiceContext, clubId: number, q: { limit?: number; offset?: number }) {
  const { today } = await clubToday(ctx, clubId, "amenity.checkin");
  const page = pageOf(q, CLUB_MEMBERS_MAX_LIMIT, CLUB_MEMBERS_MAX_LIMIT);
  const { rows, count } = await repo.listCheckins(ctx.db, clubId, today, page);
  return paginate(ctx, page, count, rows.map(toCheckin));
}

/** POST record_open_checkin/ — a member's check-in today (a second one the same day edits it). */
export async function recordOpenCheckin(ctx: ServiceContext, clubId: number, body: RecordOpenCheckin) {
  const { club, buildingIds, today, scope } = await clubToday(ctx, clubId, "amenity.checkin");
  if (!club.has_open_checkin) throw new ValidationError({ non_field_errors: [CM.noOpenCheckin] });
  const occ = await repo.findOccupant(ctx.db, body.occupant_id);
  if (!occ || !occ.is_active || !buildingIds.includes(occ.building_id))
    throw occupantError(CM.occupantNotInClubBuildings);
  const row = await repo.upsertCheckin(ctx.db, {
    club_id: clubId,
    occupant_id: body.occupant_id,
    day: today,
    note: openCheckinNote(body.guests),
    guests: body.guests,
    entered_by_id: scope.user.id,
    at: ctx.clock(),
  });
  touchClub(ctx, buildingIds);
  return toCheckin(row);
}

const EXPORT_COLUMNS = (zone: string): XlsxColumn<repo.CheckinReportRow>[] =>
  POOL_EXPORT_COLUMNS.map((header, i) => ({
    header,
    width: i === 7 ? 10 : 18,
    value: [
      (r: repo.CheckinReportRow) => r.day,
      (r: repo.CheckinReportRow) => dayjs(r.checked_in_at).tz(zone).format("HH:mm"),
      (r: repo.CheckinReportRow) => r.first_name,
      (r: repo.CheckinReportRow) => r.last_name,
      (r: repo.CheckinReportRow) => r.building_name,
      (r: repo.CheckinReportRow) => r.apartment_number,
      (r: repo.CheckinReportRow) => r.guests,
      (r: repo.CheckinReportRow) => r.note,
      (r: repo.CheckinReportRow) => r.entered_by,
    ][i],
  }));

/** GET pool_checkins_report/?start_date&end_date — the check-ins of those days as a spreadsheet. */
export async function poolCheckinsReport(ctx: ServiceContext, clubId: number, q: PoolCheckinsReportQuery) {
  const { zone } = await clubToday(ctx, clubId, "club.pool_export");
  return new XlsxSheet(
    poolExportFilename(q.start_date, q.end_date),
    EXPORT_COLUMNS(zone),
    repo.iterateCheckins(ctx.db, clubId, q.start_date, q.end_date),
    { sheetName: "Pool check-ins" },
  );
}
