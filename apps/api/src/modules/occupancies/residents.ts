import {
  type NewOccupant,
  OCCUPANT_TYPE_DISPLAY,
  type OccupantType,
  placeholderEmail,
  UNIT_PROFILE_MESSAGES as M,
} from "@portico/contract";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { FormError, usernameBase } from "./common.ts";
import * as repo from "./repository.ts";

/* New and existing residents of a unit profile, shared by create, add-existing and POST /core/occupants/. */

export interface ResidentContext {
  occupancyId: number;
  buildingId: number;
  apartmentNumber: string;
  userId: number;
}

async function uniqueUsername(tx: DbOrTx, base: string, taken: Set<string>): Promise<string> {
  const used = new Set([...(await repo.usernamesStartingWith(tx, base)), ...taken]);
  if (!used.has(base)) return base;
  for (let k = 2; ; k++) if (!used.has(`${base}_${k}`)) return `${base}_${k}`;
}

/**
 * Checks new-resident rows against the database (usernames taken, or repeated in the request);
 * returns per-row errors (an empty object for a good row).
 */
export async function checkNewResidents(db: DbOrTx, rows: NewOccupant[], seen: Set<string>) {
  const errors: Record<string, string[]>[] = [];
  for (const r of rows) {
    const e: Record<string, string[]> = {};
    if (!r.no_email && r.username) {
      const key = r.username.toLowerCase();
      if (seen.has(key)) e.username = [M.duplicateInRequest];
      else if (await repo.usernameExists(db, r.username)) e.username = [M.usernameTaken];
      seen.add(key);
    }
    errors.push(e);
  }
  return errors;
}

/** Inserts a new resident account (role TN, no password) and its occupant row. */
export async function insertNewResident(tx: Tx, row: NewOccupant, ctx: ResidentContext, taken: Set<string>) {
  let username = row.username ?? "";
  let email = row.email ?? "";
  if (row.no_email) {
    username = await uniqueUsername(
      tx,
      usernameBase(row.first_name ?? "", row.last_name ?? "", ctx.apartmentNumber),
      taken,
    );
    email = placeholderEmail(username);
  }
  taken.add(username.toLowerCase());
  const userId = await repo.insertResidentUser(tx, {
    username,
    email,
    first_name: row.first_name ?? "",
    last_name: row.last_name ?? "",
    phone_number: row.phone_number ?? "",
  });
  const prefs = row.notification_preferences ?? {};
  const values = {
    user_id: userId,
    pronouns: row.pronouns ?? "",
    emergency_contact_info: row.emergency_contact_info ?? "",
  };
  return insertResidency(tx, ctx, row, { ...values, ...prefs }, "Added to");
}

/** Adds an existing resident account to an occupancy. */
export async function insertExistingResident(
  tx: Tx,
  userId: number,
  row: { type: OccupantType; is_active?: boolean },
  ctx: ResidentContext,
) {
  return insertResidency(tx, ctx, row, { user_id: userId }, "Existing resident added to");
}

/** Puts a resident's account on the unit profile, with its 'Created' event ("{lead} unit 12A as Tenant."). */
async function insertResidency(
  tx: Tx,
  ctx: ResidentContext,
  row: { type: OccupantType; is_active?: boolean },
  values: Omit<Parameters<typeof repo.insertOccupant>[1], "occupancy_id" | "type" | "is_active">,
  lead: string,
) {
  const occupantId = await repo.insertOccupant(tx, {
    occupancy_id: ctx.occupancyId,
    type: row.type,
    is_active: row.is_active ?? true,
    ...values,
  });
  await repo.insertEvents(tx, [
    {
      building_id: ctx.buildingId,
      entity_type: "occupant",
      entity_id: occupantId,
      type: "CREATED",
      type_display: "Created",
      note: `${lead} unit ${ctx.apartmentNumber} as ${OCCUPANT_TYPE_DISPLAY[row.type]}${row.is_active === false ? " (inactive)" : ""}.`,
      performed_by_id: ctx.userId,
      data: { occupancy_id: ctx.occupancyId },
    },
  ]);
  return occupantId;
}

export const usernameRace = (err: unknown) => {
  if (repo.isUniqueViolation(err, "users_username_lower_uq"))
    return new FormError({ non_field_errors: [M.usernameTaken] });
  return err;
};
