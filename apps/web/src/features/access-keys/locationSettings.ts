import { KEY_LIMITS, KeyLocationPatch, type KeyLocation, MESSAGES } from "@portico/contract";
import type { TypeListDefinition } from "../../components/type-lists/definition.ts";
import { useAllKeyLocations, useCreateKeyLocation, useToggleKeyLocation, useUpdateKeyLocation } from "./api.ts";

/** /{building}/keys/locations: the building's key boxes (managers), edited in a dialog. */
export const keyLocationSettings: TypeListDefinition<KeyLocation, KeyLocationPatch> = {
  title: "Key boxes",
  noun: "key box",
  note: "Where this building's keys are kept; an inactive box takes no new keys.",
  nameOf: (l) => l.label,
  columns: [
    { label: "Display order", align: "right", render: (l) => l.display_order },
    { label: "Keys", align: "right", render: (l) => l.key_count },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: KEY_LIMITS.location_name },
    { name: "display_order", label: "Display order", kind: "number" },
  ],
  schema: KeyLocationPatch,
  toValues: (l) => ({ name: l?.name ?? "", display_order: l ? String(l.display_order) : "" }),
  lockedMessage: "",
  savedMessage: MESSAGES.dataSaved,
  api: {
    useList: useAllKeyLocations,
    useCreate: useCreateKeyLocation,
    useUpdate: useUpdateKeyLocation,
    useToggle: useToggleKeyLocation,
  },
  form: { kind: "dialog" },
};
