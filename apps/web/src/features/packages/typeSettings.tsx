import Box from "@mui/material/Box";
import {
  PACKAGE_ABBREVIATION_MAX,
  PACKAGE_MESSAGES as M,
  PACKAGE_TYPE_LIMITS,
  PACKAGE_UI_MESSAGES,
  type PackageType,
  PackageTypeWrite,
  packagePaths,
} from "@portico/contract";
import type { FormValues, TypeListDefinition } from "../../components/type-lists/definition.ts";
import {
  useCreatePackageType,
  usePackageColors,
  usePackageGroups,
  usePackageType,
  usePackageTypes,
  useTogglePackageType,
  useUpdatePackageType,
} from "./api.ts";
import { PackageTypeChip } from "./components/PackageTypeChip.tsx";

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** The chip a type will show, as it is typed. */
function ChipPreview({ values }: { values: FormValues }) {
  const colors = usePackageColors();
  const color = colors.data?.find((c) => c.name === values.color);
  const abbreviation = String(values.abbreviation ?? "");
  if (!color && !abbreviation) return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary", fontSize: "0.875rem" }}>
      Preview:
      <PackageTypeChip
        size="medium"
        type={{
          name: String(values.name ?? "") || "New type",
          abbreviation: abbreviation || "?",
          color_hex: color?.color_hex ?? "#9E9E9E",
          font_color_hex: color?.font_color_hex ?? "#000000",
        }}
        count={2}
      />
    </Box>
  );
}

/** /admin/settings/package-types, /create and /edit/{packageTypeId} (document 2 section 2). */
export const packageTypeSettings: TypeListDefinition<PackageType, PackageTypeWrite> = {
  title: "Package types",
  noun: "package type",
  note: "Changes to package types apply to all buildings.",
  nameOf: (t) => t.name,
  columns: [
    { label: "Abbreviation", render: (t) => <PackageTypeChip type={t} /> },
    { label: "Group", render: (t) => t.group_display },
    { label: "Display order", align: "right", render: (t) => t.display_order },
    { label: "Public display", render: (t) => yesNo(t.is_public_display) },
    { label: "Picture required", render: (t) => yesNo(t.is_pic_required) },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: PACKAGE_TYPE_LIMITS.name },
    {
      name: "group",
      label: "Group",
      kind: "select",
      required: true,
      useOptions: () => usePackageGroups().data?.map((g) => ({ value: g.value, label: g.display })),
    },
    {
      name: "color",
      label: "Colour",
      kind: "color",
      required: true,
      useOptions: () => usePackageColors().data?.map((c) => ({ value: c.name, label: c.name, color: c.color_hex })),
    },
    {
      name: "abbreviation",
      label: "Abbreviation",
      kind: "text",
      required: true,
      upperCase: true,
      max: PACKAGE_ABBREVIATION_MAX,
      helperText: `Up to ${PACKAGE_ABBREVIATION_MAX} characters`,
    },
    { name: "display_order", label: "Display order", kind: "number" },
    {
      name: "email_subject",
      label: "Email subject",
      kind: "text",
      max: PACKAGE_TYPE_LIMITS.email_subject,
      helperText: "Subject of the resident email when a package of this type is logged (blank: the default)",
    },
    { name: "is_public_display", label: "Public display", kind: "checkbox" },
    { name: "is_pic_required", label: "Picture required", kind: "checkbox" },
    { name: "is_active", label: "Active", kind: "checkbox" },
  ],
  schema: PackageTypeWrite,
  toValues: (t) => ({
    name: t?.name ?? "",
    group: t?.group ?? "INCOMING_DELIVERY",
    color: t?.color ?? "",
    abbreviation: t?.abbreviation ?? "",
    display_order: String(t?.display_order ?? 0),
    email_subject: t?.email_subject ?? "",
    is_public_display: t?.is_public_display ?? true,
    is_pic_required: t?.is_pic_required ?? false,
    is_active: t?.is_active ?? true,
  }),
  lockedMessage: M.immutableType,
  savedMessage: PACKAGE_UI_MESSAGES.typeSaved,
  Preview: ChipPreview,
  api: {
    useList: () => usePackageTypes(),
    useOne: usePackageType,
    useCreate: useCreatePackageType,
    useUpdate: useUpdatePackageType,
    useToggle: useTogglePackageType,
  },
  form: {
    kind: "page",
    list: packagePaths.adminTypes,
    create: packagePaths.adminTypeCreate,
    edit: packagePaths.adminTypeEdit,
    param: "packageTypeId",
  },
};
