import Box from "@mui/material/Box";
import {
  INSTRUCTION_LIMITS,
  INSTRUCTION_MESSAGES,
  type InstructionType,
  InstructionTypeWrite,
  MESSAGES,
} from "@portico/contract";
import type { FormValues, TypeListDefinition } from "../../components/type-lists/definition.ts";
import {
  useCreateInstructionType,
  useInstructionColors,
  useInstructionTypes,
  useTenantPermissionTypes,
  useToggleInstructionType,
  useUpdateInstructionType,
} from "./api.ts";
import { InstructionTypeChip } from "./components/InstructionTypeChip.tsx";

const yesNo = (v: boolean) => (v ? "Yes" : "No");

/** The chip a type will show, as it is typed. */
function ChipPreview({ values }: { values: FormValues }) {
  const colors = useInstructionColors();
  const color = colors.data?.find((c) => c.name === values.color);
  const name = String(values.name ?? "");
  const short = String(values.short_name ?? "");
  if (!color && !short) return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary", fontSize: "0.875rem" }}>
      Preview:
      <InstructionTypeChip
        withName
        type={{
          name: name || "New type",
          short_name: short || "?",
          color_hex: color?.color_hex ?? "#9E9E9E",
          font_color_hex: color?.font_color_hex ?? "#000000",
        }}
      />
    </Box>
  );
}

/** /admin/settings/instruction-types (document 2 section 2, document 3 section 2): every type, in a dialog. */
export const instructionTypeSettings: TypeListDefinition<InstructionType, InstructionTypeWrite> = {
  title: "Instruction types",
  noun: "instruction type",
  note: "Changes to instruction types apply to all buildings.",
  nameOf: (t) => t.name,
  columns: [
    { label: "Short name", render: (t) => <InstructionTypeChip type={t} /> },
    { label: "Display order", align: "right", render: (t) => t.display_order },
    { label: "Residents", render: (t) => t.tenant_permissions_display },
    { label: "End date required", render: (t) => yesNo(t.is_end_date_required) },
    { label: "Security list", render: (t) => yesNo(t.is_security) },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: INSTRUCTION_LIMITS.type_name },
    { name: "short_name", label: "Short name", kind: "text", required: true, max: INSTRUCTION_LIMITS.type_short_name },
    { name: "display_order", label: "Display order", kind: "number" },
    {
      name: "color",
      label: "Colour",
      kind: "color",
      required: true,
      useOptions: () => useInstructionColors().data?.map((c) => ({ value: c.name, label: c.name, color: c.color_hex })),
    },
    {
      name: "tenant_permissions",
      label: "Residents may",
      kind: "select",
      helperText: "What residents may do with this type on the tenant site",
      useOptions: () => useTenantPermissionTypes().data?.map((p) => ({ value: p.value, label: p.display })),
    },
    { name: "is_end_date_required", label: "Expiration date required", kind: "checkbox" },
    { name: "is_security", label: "Security / do not allow list", kind: "checkbox" },
  ],
  schema: InstructionTypeWrite,
  toValues: (t) => ({
    name: t?.name ?? "",
    short_name: t?.short_name ?? "",
    display_order: String(t?.display_order ?? 0),
    color: t?.color ?? "",
    tenant_permissions: t?.tenant_permissions ?? "NONE",
    is_end_date_required: t?.is_end_date_required ?? false,
    is_security: t?.is_security ?? false,
  }),
  lockedMessage: INSTRUCTION_MESSAGES.immutableType,
  savedMessage: MESSAGES.dataSaved,
  Preview: ChipPreview,
  api: {
    useList: () => useInstructionTypes(),
    useCreate: useCreateInstructionType,
    useUpdate: useUpdateInstructionType,
    useToggle: useToggleInstructionType,
  },
  form: { kind: "dialog" },
};
