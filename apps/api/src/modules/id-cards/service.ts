import {
  can,
  hasBuildingAccess,
  ID_CARD_LIST_DEFAULT_LIMIT,
  IdCardRequest,
  UNIT_PROFILE_MESSAGES as M,
} from "@portico/contract";
import { requireBuilding } from "../../lib/access.ts";
import { requireUser } from "../../lib/current-user.ts";
import { fieldErrorsOf, HttpError, NotFoundError, PermissionDeniedError, ValidationError } from "../../lib/errors.ts";
import { paginate, pageOf } from "../../lib/pagination.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";



/**
 * POST /id-cards/id-cards/ — 'Replace ID card' on the unit profile (managers, building has ID
 * cards). Queues a REPLACEMENT job for the resident. The name must hold a first or last name,
 * and so must the resident: otherwise 400 {detail: 'There was a problem replacing the ID Card.'}.
 */
export async function requestCard(ctx: ServiceContext, body: unknown): Promise<{ id: number }> {
  const user = requireUser(ctx);
  if (!can(user, "occupant.edit")) throw new PermissionDeniedError();
  const parsed = IdCardRequest.safeParse(body ?? {});
  if (!parsed.success) throw new ValidationError(fieldErrorsOf(parsed.error.issues));
  const input = parsed.data;
  const scope = await requireBuilding(ctx, ctx.db, input.building_id);
  if (!scope.settings.idcardsettings.has_id_cards) throw new PermissionDeniedError(M.idCardsDisabled);
  if (!can(scope.user, "idcard.replace", scope.ctx)) throw new PermissionDeniedError();
  const occupant = await repo.occupantForCard(ctx.db, input.occupant_id);
  if (!occupant || occupant.building_id !== scope.building.id)
    throw new ValidationError({ occupant_id: ["Select a valid resident."] });
  const name = (input.name ?? "").trim();
  if (!name || !(occupant.first_name.trim() || occupant.last_name.trim()))
    throw new HttpError(400, { detail: M.idCardReplaceFailed });
  const unit = (input.unit ?? "").trim() || occupant.apartment_number;
  const id = await ctx.db.transaction(async (tx) => {
    const jobId = await repo.insertJob(tx, {
      building_id: scope.building.id,
      occupant_id: occupant.id,
      name,
      unit,
      type: "REPLACEMENT",
      requested_by_id: scope.user.id,
    });
    await repo.insertEvent(tx, {
      building_id: scope.building.id,
      entity_type: "occupant",
      entity_id: occupant.id,
      type: "ID_CARD_REQUESTED",
      type_display: "ID card requested",
      note: `Replacement ID card queued for ${name} (unit ${unit}).`,
      performed_by_id: scope.user.id,
      data: { occupancy_id: occupant.occupancy_id, id_card_job_id: jobId },
    });
    return jobId;
  });
  return { id };
}

/** GET /id-cards/id-cards/?building=&status= — staff (tier 2 view only); newest first. */
export async function listCards(
  ctx: ServiceContext,
  q: { building: number; status?: string; limit?: number; offset?: number },
) {
  const scope = await requireBuilding(ctx, ctx.db, q.building, "occupancy.view");
  if (!scope.settings.idcardsettings.has_id_cards) throw new PermissionDeniedError(M.idCardsDisabled);
  const page = pageOf(q, ID_CARD_LIST_DEFAULT_LIMIT);
  const { count, rows } = await repo.listJobs(ctx.db, scope.building.id, q.status, page);
  return paginate(ctx, page, count, rows);
}

/** POST /id-cards/id-cards/{id}/cancel/ (managers): a queued job is cancelled. */
export async function cancelCard(ctx: ServiceContext, id: number) {
  const user = requireUser(ctx);
  const job = await repo.jobById(ctx.db, id);
  if (!job || !hasBuildingAccess(user, job.building_id)) throw new NotFoundError();
  const scope = await requireBuilding(ctx, ctx.db, job.building_id, "idcard.replace");
  if (!(await repo.cancelJob(ctx.db, id, scope.user.id))) throw new HttpError(400, { detail: M.idCardCancelFailed });
  return { success: true };
}
