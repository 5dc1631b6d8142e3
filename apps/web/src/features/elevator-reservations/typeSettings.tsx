import {
  MESSAGES,
  RESERVATION_TYPE_LIMITS as L,
  RESERVATION_TYPE_MESSAGES as M,
  type ReservationType,
  ReservationTypeWrite,
} from "@portico/contract";
import type { TypeListDefinition } from "../../components/type-lists/definition.ts";
import { buildingLabel } from "../../lib/session.tsx";
import { useBuildings } from "../../lib/queries.ts";
import { reservationPaths } from "./model.ts";
import {
  useCreateReservationType,
  useReservationType,
  useReservationTypes,
  useToggleReservationType,
  useUpdateReservationType,
} from "./typesApi.ts";

/** Building names of a type, by id (the list's column). */
function BuildingNames({ ids }: { ids: readonly number[] }) {
  const buildings = useBuildings();
  return ids.map((id) => buildingLabel(buildings.data?.find((b) => b.id === id)) || `#${id}`).join(", ");
}

/**
 * /admin/settings/reservation-types, /create and /edit/{reservationTypeId} (document 3 sections 2,
 * 3 and 5; Office): the service elevator reservation types of the portfolio, each offered in the
 * buildings it lists; immutable types are locked.
 */
export const reservationTypeSettings: TypeListDefinition<ReservationType, ReservationTypeWrite> = {
  title: "Reservation types",
  noun: "reservation type",
  note: "Service elevator reservation types; each is offered in the buildings it lists.",
  nameOf: (t) => t.name,
  columns: [
    { label: "Short name", render: (t) => t.short_name },
    { label: "Display order", align: "right", render: (t) => t.display_order },
    { label: "Buildings", secondary: true, render: (t) => <BuildingNames ids={t.building_ids} /> },
    { label: "Email recipients", secondary: true, render: (t) => t.email_recipients },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, max: L.name },
    { name: "short_name", label: "Short name", kind: "text", required: true, max: L.short_name },
    {
      name: "display_order",
      label: "Display order",
      kind: "text",
      required: true,
      helperText: "A number; decimals sort between whole numbers",
    },
    {
      name: "building_ids",
      label: "Buildings",
      kind: "multiselect",
      required: true,
      useOptions: () => useBuildings().data?.map((b) => ({ value: String(b.id), label: buildingLabel(b) })),
    },
    {
      name: "instructions_text",
      label: "Instructions",
      kind: "multiline",
      max: L.instructions_text,
      helperText: "Shown on the reservation form when this type is chosen",
    },
    {
      name: "new_reservation_email_text",
      label: "New reservation email text",
      kind: "multiline",
      max: L.new_reservation_email_text,
      helperText: "Sent to the email recipients with each new reservation of this type",
    },
    {
      name: "email_recipients",
      label: "Email recipients",
      kind: "text",
      helperText: "Addresses separated by semicolons",
    },
    { name: "is_active", label: "Active", kind: "checkbox" },
  ],
  schema: ReservationTypeWrite,
  toValues: (t) => ({
    name: t?.name ?? "",
    short_name: t?.short_name ?? "",
    display_order: t ? String(t.display_order) : "",
    building_ids: (t?.building_ids ?? []).map(String),
    instructions_text: t?.instructions_text ?? "",
    new_reservation_email_text: t?.new_reservation_email_text ?? "",
    email_recipients: t?.email_recipients ?? "",
    is_active: t?.is_active ?? true,
  }),
  lockedMessage: M.immutable,
  savedMessage: MESSAGES.dataSuccessfullySaved,
  api: {
    useList: () => useReservationTypes(),
    useOne: useReservationType,
    useCreate: useCreateReservationType,
    useUpdate: useUpdateReservationType,
    useToggle: useToggleReservationType,
  },
  form: {
    kind: "page",
    list: reservationPaths.adminTypes,
    create: reservationPaths.adminTypeCreate,
    edit: reservationPaths.adminTypeEdit,
    param: "reservationTypeId",
  },
};
