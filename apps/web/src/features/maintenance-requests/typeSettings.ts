import {
  MAINTENANCE_SETTINGS_LIMITS,
  MAINTENANCE_SETTINGS_MESSAGES,
  type MaintenanceRequestType,
  MaintenanceRequestTypeWrite,
  MESSAGES,
} from "@portico/contract";
import type { TypeListDefinition } from "../../components/type-lists/definition.ts";
import {
  useCreateRequestType,
  useMaintenanceRequestTypes,
  usePermissionTypes,
  useToggleRequestType,
  useUpdateRequestType,
} from "./api.ts";

const L = MAINTENANCE_SETTINGS_LIMITS;

/**
 * /admin/settings/maintenance-request-types (document 2 sections 3 and 6; Office): every
 * maintenance request type, for every building, edited in a dialog; immutable types are locked.
 */
export const maintenanceRequestTypeSettings: TypeListDefinition<MaintenanceRequestType, MaintenanceRequestTypeWrite> = {
  title: "Maintenance request types",
  noun: "maintenance request type",
  note: "Changes to maintenance request types apply to all buildings.",
  nameOf: (t) => t.name,
  columns: [
    { label: "Category", render: (t) => t.category },
    { label: "Display order", align: "right", render: (t) => t.display_order },
    { label: "Who may file it", render: (t) => t.access_permissions_display },
    { label: "Instructions", secondary: true, render: (t) => t.instruction_text },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: L.type_name },
    { name: "category", label: "Category", kind: "text", max: L.type_category },
    { name: "display_order", label: "Display order", kind: "number", required: true },
    {
      name: "access_permissions",
      label: "Who may file it",
      kind: "select",
      helperText: "Staff only, or residents on the tenant site too",
      useOptions: () => usePermissionTypes().data?.map((p) => ({ value: p.value, label: p.label })),
    },
    {
      name: "instruction_text",
      label: "Instructions",
      kind: "multiline",
      max: L.instruction_text,
      helperText: "Shown on the new request form when this type is chosen",
    },
  ],
  schema: MaintenanceRequestTypeWrite,
  toValues: (t) => ({
    name: t?.name ?? "",
    category: t?.category ?? "",
    display_order: t ? String(t.display_order) : "",
    access_permissions: t?.access_permissions ?? "STAFF_ONLY",
    instruction_text: t?.instruction_text ?? "",
  }),
  lockedMessage: MAINTENANCE_SETTINGS_MESSAGES.immutableType,
  savedMessage: MESSAGES.dataSaved,
  api: {
    useList: useMaintenanceRequestTypes,
    useCreate: useCreateRequestType,
    useUpdate: useUpdateRequestType,
    useToggle: useToggleRequestType,
  },
  form: { kind: "dialog" },
};
