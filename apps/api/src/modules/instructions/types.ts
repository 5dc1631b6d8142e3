import {
  colorByName,
  INSTRUCTION_MESSAGES as M,
  InstructionType,
  InstructionTypePatch,
  InstructionTypeQuery,
  InstructionTypeWrite,
  TENANT_PERMISSION_DISPLAY,
  type InstructionTypeSummary,
  type TenantPermissionType,
} from "@portico/contract";
import { topics } from "../../lib/change-feed.ts";
import { defineTypeList } from "../../lib/type-lists/service.ts";
import { type TypeRow, typeRows } from "./repository.ts";

/** The part of a type an instruction carries. */
export const toTypeSummary = (t: TypeRow): InstructionTypeSummary => ({
  id: t.id,
  name: t.name,
  short_name: t.short_name,
  color: t.color,
  color_hex: t.color_hex,
  font_color_hex: t.font_color_hex,
  is_end_date_required: t.is_end_date_required,
  is_security: t.is_security,
});

/**
 * Instruction types (document 2 sections 3 and 7, document 3 section 2): global, read by every
 * staff member, managed by Office. A named colour brings its hexes; food delivery (16) is immutable.
 */
export const instructionTypeList = defineTypeList({
  path: "/instructions/instruction-types/",
  noun: "instruction type",
  tags: ["instructions"],
  rows: typeRows,
  topic: topics.instructionTypes,
  can: { view: "instruction_types.view", manage: "instruction_types.manage" },
  schemas: {
    item: InstructionType,
    write: InstructionTypeWrite,
    patch: InstructionTypePatch,
    query: InstructionTypeQuery,
  },
  messages: { nameTaken: M.typeNameTaken, immutable: M.immutableType },
  detailWithoutSlash: true,
  toItem: (t): InstructionType => ({
    ...toTypeSummary(t),
    display_order: t.display_order,
    tenant_permissions: t.tenant_permissions as TenantPermissionType,
    tenant_permissions_display:
      TENANT_PERMISSION_DISPLAY[t.tenant_permissions as TenantPermissionType] ?? t.tenant_permissions,
    is_active: t.is_active,
    is_immutable: t.is_immutable,
  }),
  values: (b: InstructionTypePatch) => {
    const palette = b.color !== undefined ? colorByName(b.color) : null;
    return {
      name: b.name,
      short_name: b.short_name,
      display_order: b.display_order,
      color: palette?.name,
      color_hex: palette?.color_hex,
      font_color_hex: palette?.font_color_hex,
      tenant_permissions: b.tenant_permissions,
      is_end_date_required: b.is_end_date_required,
      is_security: b.is_security,
      is_active: b.is_active,
    };
  },
  defaults: {
    display_order: 0,
    tenant_permissions: "NONE",
    is_active: true,
    is_end_date_required: false,
    is_security: false,
    is_immutable: false,
  },
});
