import {
  SHIFT_LOG_MESSAGES,
  SHIFT_LOG_TYPE_NAME_TAKEN,
  ShiftLogType,
  ShiftLogTypePatch,
  ShiftLogTypeQuery,
  ShiftLogTypeWrite,
} from "@portico/contract";
import { topics } from "../../lib/change-feed.ts";
import { defineTypeList } from "../../lib/type-lists/service.ts";
import { typeRows } from "./repository.ts";

/** Shift log types (document 1 sections 2.2 and 7): global, Office manages them. */
export const shiftLogTypeList = defineTypeList({
  path: "/shift-logs/shift-log-types/",
  noun: "shift log type",
  tags: ["shift-logs"],
  rows: typeRows,
  topic: topics.shiftLogTypes,
  can: { view: "shiftlog.view", manage: "shiftlog.types.manage" },
  schemas: { item: ShiftLogType, write: ShiftLogTypeWrite, patch: ShiftLogTypePatch, query: ShiftLogTypeQuery },
  messages: { nameTaken: SHIFT_LOG_TYPE_NAME_TAKEN, immutable: SHIFT_LOG_MESSAGES.immutableType },
  toItem: (t): ShiftLogType => ({
    id: t.id,
    name: t.name,
    short_name: t.short_name,
    description: t.description ?? "",
    display_order: t.display_order,
    is_active: t.is_active,
    is_immutable: t.is_immutable,
    code: t.code,
  }),
  values: (b: ShiftLogTypePatch) => ({
    name: b.name,
    short_name: b.short_name,
    description: b.description === undefined ? undefined : (b.description ?? ""),
    display_order: b.display_order,
    is_active: b.is_active,
  }),
  defaults: { description: "", display_order: 0, is_active: true },
});
