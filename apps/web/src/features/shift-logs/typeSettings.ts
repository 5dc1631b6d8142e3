import {
  MESSAGES,
  SHIFT_LOG_MESSAGES,
  SHIFT_LOG_TYPE_LIMITS,
  type ShiftLogType,
  ShiftLogTypeWrite,
} from "@portico/contract";
import type { TypeListDefinition } from "../../components/type-lists/definition.ts";
import { useCreateShiftLogType, useShiftLogTypes, useToggleShiftLogType, useUpdateShiftLogType } from "./api.ts";

/** /admin/settings/shift-log-types (document 1 section 2.2): every type, edited in a dialog. */
export const shiftLogTypeSettings: TypeListDefinition<ShiftLogType, ShiftLogTypeWrite> = {
  title: "Shift log types",
  noun: "shift log type",
  note: "Changes to shift log types apply to all buildings.",
  nameOf: (t) => t.name,
  columns: [
    { label: "Short name", render: (t) => t.short_name },
    { label: "Display order", align: "right", render: (t) => t.display_order },
    { label: "Description", secondary: true, render: (t) => t.description },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: SHIFT_LOG_TYPE_LIMITS.name },
    { name: "short_name", label: "Short name", kind: "text", required: true, max: SHIFT_LOG_TYPE_LIMITS.short_name },
    { name: "display_order", label: "Display order", kind: "number" },
    { name: "description", label: "Description", kind: "multiline", max: SHIFT_LOG_TYPE_LIMITS.description },
  ],
  schema: ShiftLogTypeWrite,
  toValues: (t) => ({
    name: t?.name ?? "",
    short_name: t?.short_name ?? "",
    display_order: t ? String(t.display_order) : "",
    description: t?.description ?? "",
  }),
  lockedMessage: SHIFT_LOG_MESSAGES.immutableType,
  savedMessage: MESSAGES.dataSaved,
  api: {
    useList: () => useShiftLogTypes({ include_shift_end: true, show_all: true }),
    useCreate: useCreateShiftLogType,
    useUpdate: useUpdateShiftLogType,
    useToggle: useToggleShiftLogType,
  },
  form: { kind: "dialog" },
};
