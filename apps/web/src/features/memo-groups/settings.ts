import {
  MEMO_GROUP_LIMITS,
  MEMO_GROUP_MESSAGES as M,
  type MemoGroup,
  MemoGroupWrite,
} from "@portico/contract";
import type { TypeListDefinition, TypeOption } from "../../components/type-lists/definition.ts";
import { useApartmentsDropdown } from "../../lib/queries.ts";
import { useBuilding } from "../../lib/session.tsx";
import { useBuildingMemoGroups, useCreateMemoGroup, useDeleteMemoGroup, useUpdateMemoGroup } from "./api.ts";

/** The building's units as the form's choices. */
function useUnitOptions(): TypeOption[] | undefined {
  const { id } = useBuilding();
  const units = useApartmentsDropdown(id);
  return units.data?.map((a) => ({ value: String(a.id), label: a.apartment_number }));
}

/** At most this many unit numbers are shown in a group's row, then '+n more'. */
const UNITS_SHOWN = 12;
const unitList = (g: MemoGroup) => {
  const numbers = g.apartments.map((a) => a.apartment_number);
  const more = numbers.length - UNITS_SHOWN;
  return numbers.slice(0, UNITS_SHOWN).join(", ") + (more > 0 ? ` +${more} more` : "");
};

/** /{building}/communication/memo-groups: the building's memo groups (managers), edited in a dialog. */
export const memoGroupSettings: TypeListDefinition<MemoGroup, MemoGroupWrite> = {
  title: "Memo groups",
  noun: "memo group",
  note: M.note,
  nameOf: (g) => g.name,
  columns: [
    { label: "Units", align: "right", render: (g) => g.apartments.length },
    { label: "Unit numbers", secondary: true, render: unitList },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: MEMO_GROUP_LIMITS.name },
    { name: "apartment_ids", label: "Units", kind: "multiselect", useOptions: useUnitOptions },
  ],
  schema: MemoGroupWrite,
  toValues: (g) => ({ name: g?.name ?? "", apartment_ids: g ? g.apartment_ids.map(String) : [] }),
  lockedMessage: "",
  savedMessage: (isNew) => (isNew ? M.created : M.updated),
  confirmDelete: (g) => M.confirmDelete(g.name),
  api: {
    useList: useBuildingMemoGroups,
    useCreate: useCreateMemoGroup,
    useUpdate: useUpdateMemoGroup,
    useDelete: useDeleteMemoGroup,
  },
  form: { kind: "dialog" },
};
