import {
  colorByName,
  PACKAGE_MESSAGES as M,
  PackageType,
  PackageTypePatch,
  PackageTypeQuery,
  PackageTypeWrite,
} from "@portico/contract";
import { topics } from "../../lib/change-feed.ts";
import { defineTypeList } from "../../lib/type-lists/service.ts";
import { typeRows } from "./repository.ts";
import { toTypeSummary } from "./output.ts";

/**
 * Package types (document 2 sections 3 and 7): global, read by every staff member, managed by
 * Office. A named colour brings its hexes unless they are given.
 */
export const packageTypeList = defineTypeList({
  path: "/packages/package-types/",
  noun: "package type",
  tags: ["packages"],
  rows: typeRows,
  topic: topics.packageTypes,
  can: { view: "package_types.view", manage: "package_types.manage" },
  schemas: { item: PackageType, write: PackageTypeWrite, patch: PackageTypePatch, query: PackageTypeQuery },
  messages: { nameTaken: M.typeNameTaken, immutable: M.immutableType },
  detailWithoutSlash: true,
  toItem: (t): PackageType => ({
    ...toTypeSummary(t),
    color: t.color,
    display_order: t.display_order,
    email_subject: t.email_subject,
    is_active: t.is_active,
    is_immutable: t.is_immutable,
    grid_display: t.grid_display,
  }),
  values: (b: PackageTypePatch, current) => {
    // A new colour (on an edit: another one) brings its hexes; explicit hexes win.
    const palette = b.color !== undefined && b.color !== current?.color ? colorByName(b.color) : null;
    return {
      name: b.name,
      group: b.group,
      color: palette?.name,
      color_hex: b.color_hex ?? palette?.color_hex,
      font_color_hex: b.font_color_hex ?? palette?.font_color_hex,
      abbreviation: b.abbreviation,
      display_order: b.display_order,
      email_subject: b.email_subject === undefined ? undefined : (b.email_subject ?? ""),
      is_public_display: b.is_public_display,
      is_pic_required: b.is_pic_required,
      is_active: b.is_active,
      grid_display: b.grid_display,
    };
  },
  defaults: {
    display_order: 0,
    email_subject: "",
    is_public_display: true,
    is_pic_required: false,
    is_active: true,
    grid_display: true,
    is_immutable: false,
  },
});
