import {
  MAINTENANCE_ACCESS_PERMISSION_DISPLAY,
  MAINTENANCE_SETTINGS_MESSAGES as M,
  type MaintenanceAccessPermission,
  MaintenanceRequestType,
  MaintenanceRequestTypePatch,
  MaintenanceRequestTypeQuery,
  MaintenanceRequestTypeWrite,
} from "@portico/contract";
import { topics } from "../../lib/change-feed.ts";
import { defineTypeList } from "../../lib/type-lists/service.ts";
import { maintenanceTypeRows } from "./types-repository.ts";

/**
 * Maintenance request types (document 2 sections 3, 6 and 7; issue 17 item 9): global, read by
 * every staff member, managed by Office in the admin area; name and display_order required;
 * access_permissions says who may file one (staff only, or residents too); immutable ones locked.
 */
export const maintenanceTypeList = defineTypeList({
  path: "/maintenance-requests/maintenance-request-types/",
  noun: "maintenance request type",
  tags: ["maintenance-requests"],
  rows: maintenanceTypeRows,
  topic: topics.maintenanceSetup,
  can: { view: "maintenance.use", manage: "maintenance.manage_types" },
  schemas: {
    item: MaintenanceRequestType,
    write: MaintenanceRequestTypeWrite,
    patch: MaintenanceRequestTypePatch,
    query: MaintenanceRequestTypeQuery,
  },
  messages: { nameTaken: M.typeNameTaken, immutable: M.immutableType },
  toItem: (t): MaintenanceRequestType => {
    const access = t.access_permissions as MaintenanceAccessPermission;
    return {
      id: t.id,
      name: t.name,
      category: t.category,
      display_order: t.display_order,
      instruction_text: t.instruction_text,
      access_permissions: access,
      access_permissions_display: MAINTENANCE_ACCESS_PERMISSION_DISPLAY[access] ?? access,
      is_active: t.is_active,
      is_immutable: t.is_immutable,
    };
  },
  values: (b: MaintenanceRequestTypePatch) => ({
    name: b.name,
    category: b.category,
    display_order: b.display_order,
    instruction_text: b.instruction_text,
    access_permissions: b.access_permissions,
    is_active: b.is_active,
  }),
  defaults: {
    category: "",
    instruction_text: "",
    access_permissions: "STAFF_ONLY",
    is_active: true,
    is_immutable: false,
  },
});
