import type { z } from "zod";
import { type Action, can, changeNote, hasBuildingAccess } from "@portico/contract";
import { type BuildingScope, requireBuilding } from "../../lib/access.ts";
import { contactView } from "../../lib/resident-contact.ts";
import { requireUser } from "../../lib/current-user.ts";
import { HttpError, NotFoundError } from "../../lib/errors.ts";
import type { Viewer } from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";

/** A 400 whose body may nest per-row errors: `{"new_occupants": [{}, {"type": ["…"]}]}`. */
export class FormError extends HttpError {
  constructor(body: Record<string, unknown>) {
    super(400, body);
  }
}

const push = (obj: Record<string, unknown>, key: string, msg: string) => {
  const cur = obj[key];
  if (Array.isArray(cur) && cur.every((x) => typeof x === "string")) (cur as string[]).push(msg);
  else if (cur === undefined) obj[key] = [msg];
};

/**
 * zod issues as the API's error body, DRF style: `field: [msg]`, list items as one object per
 * input row (`{}` for a valid row), form-wide problems under non_field_errors.
 */
export function nestedErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], input: unknown) {
  const out: Record<string, unknown> = {};
  for (const iss of issues) {
    const path = iss.path.map((p) => (typeof p === "number" ? p : String(p)));
    if (!path.length) {
      push(out, "non_field_errors", iss.message);
      continue;
    }
    let obj = out;
    let src: unknown = input;
    for (let i = 0; i < path.length;) {
      const key = String(path[i]);
      const next = path[i + 1];
      const srcVal = src && typeof src === "object" ? (src as Record<string, unknown>)[key] : undefined;
      if (typeof next === "number") {
        if (!Array.isArray(obj[key]) || (obj[key] as unknown[]).some((x) => typeof x === "string")) obj[key] = [];
        const arr = obj[key] as Record<string, unknown>[];
        const len = Array.isArray(srcVal) ? srcVal.length : next + 1;
        while (arr.length < Math.max(len, next + 1)) arr.push({});
        obj = arr[next];
        src = Array.isArray(srcVal) ? srcVal[next] : undefined;
        i += 2;
        if (i >= path.length) push(obj, "non_field_errors", iss.message);
      } else if (i === path.length - 1) {
        push(obj, key, iss.message);
        i++;
      } else {
        if (!obj[key] || typeof obj[key] !== "object" || Array.isArray(obj[key])) obj[key] = {};
        obj = obj[key] as Record<string, unknown>;
        src = srcVal;
        i++;
      }
    }
  }
  return out;
}

/** Parses a body with a contract schema; a failure is a 400 with nested field errors. */
export function parseBody<S extends z.ZodTypeAny>(
  schema: S,
  body: unknown,
  extra?: (errors: Record<string, unknown>) => void,
): z.infer<S> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) {
    const errors = nestedErrors(r.error.issues, body);
    extra?.(errors);
    throw new FormError(errors);
  }
  return r.data;
}

/**
 * The gate of an object found by id: its building must be reachable (else 404, never leaking
 * that it exists), then the action must be allowed there (else 403).
 */
export async function gateObject(ctx: ServiceContext, buildingId: number, action: Action): Promise<BuildingScope> {
  const user = requireUser(ctx);
  if (!hasBuildingAccess(user, buildingId) || user.role === "TN") throw new NotFoundError();
  return requireBuilding(ctx, ctx.db, buildingId, action);
}

export function viewerOf(scope: BuildingScope): Viewer {
  const contact = contactView(scope.user, scope.ctx);
  return {
    userId: scope.user.id,
    manager: can(scope.user, "flag.view_manager_only", scope.ctx),
    viewEmail: contact.email,
    contact,
    canTrack: can(scope.user, "occupancy.track", scope.ctx),
  };
}

export interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

/** The fields whose value changes (compared as displayed). */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Change[] {
  const norm = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v));
  return fields
    .filter((f) => after[f] !== undefined && norm(before[f]) !== norm(after[f]))
    .map((f) => ({ field: f, from: before[f], to: after[f] }));
}

/** The change note, and its public variant when it names e-mail addresses. */
export function changeNotes(changes: Change[], private_fields: readonly string[] = ["email"]) {
  const note = changeNote(changes);
  const hidden = changes.some((c) => private_fields.includes(c.field));
  const public_note = hidden
    ? changeNote(
        changes.map((c) => (private_fields.includes(c.field) ? { ...c, from: "[hidden]", to: "[hidden]" } : c)),
      )
    : null;
  return { note, public_note };
}

const slug = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** A username made from the name and the unit ('tmorgan1203'); the caller adds a suffix when taken. */
export function usernameBase(first: string, last: string, unit: string): string {
  const base = `${slug(first).slice(0, 1)}${slug(last)}`.slice(0, 30) || slug(first).slice(0, 30) || "resident";
  return `${base}${slug(unit).slice(0, 10)}`;
}

