/** The instruction component tests' fixtures and default answers, on the web test harness. */
import {
  type ApartmentDropdownItem,
  addDays,
  FOOD_DELIVERY_TYPE_ID,
  type Instruction,
  type InstructionType,
} from "@portico/contract";
import { BUILDING, type FakeCall, type Handler, page } from "../../test/harness.tsx";
import { dayInZone } from "../../lib/zonedDates.ts";

export { fakeApi, makeMe, renderWithApp } from "../../test/harness.tsx";

/** Today in the test building's time zone. */
export const today = () => dayInZone(BUILDING.time_zone);

const type = (
  over: Partial<InstructionType> & Pick<InstructionType, "id" | "name" | "short_name">,
): InstructionType => ({
  color: "Blue",
  color_hex: "#1565C0",
  font_color_hex: "#FFFFFF",
  is_end_date_required: false,
  is_security: false,
  display_order: over.id,
  tenant_permissions: "NONE",
  tenant_permissions_display: "Not shown to residents",
  is_active: true,
  is_immutable: false,
  ...over,
});

export const TYPES: InstructionType[] = [
  type({ id: 1, name: "Registered guest", short_name: "GUEST", is_end_date_required: true }),
  type({ id: 2, name: "Permission to enter", short_name: "PTE", display_order: 3 }),
  type({ id: 3, name: "Security / do not allow", short_name: "DNA", is_security: true, display_order: 2 }),
  type({ id: 4, name: "Old type", short_name: "OLD", is_active: false }),
  type({ id: FOOD_DELIVERY_TYPE_ID, name: "Food delivery", short_name: "FOOD", is_immutable: true, display_order: 9 }),
];

export const APARTMENTS: ApartmentDropdownItem[] = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 12, apartment_number: "702", current_occupancy_id: null, is_vacant: true, floor: "7", line: "02" },
];

/** The part of a type an instruction carries. */
const summary = (t: InstructionType): Instruction["instruction_type"] => {
  const {
    display_order: _o,
    tenant_permissions: _p,
    tenant_permissions_display: _d,
    is_active: _a,
    is_immutable: _i,
    ...rest
  } = t;
  return rest;
};

export function makeInstruction(over: Partial<Instruction> & { typeId?: number } = {}): Instruction {
  const { typeId = 1, ...rest } = over;
  const t = TYPES.find((x) => x.id === typeId) ?? TYPES[0];
  const start = today();
  return {
    id: 700,
    building_id: 1,
    occupancy: 91,
    apartment_id: 11,
    apartment_number: "1203",
    occupancy_is_active: true,
    occupancy_status: "CURRENT",
    occupancy_is_do_not_disturb: false,
    occupants: [{ id: 5, first_name: "Robin", last_name: "Resident", is_active: true }],
    instruction_type: summary(t),
    name: "Jane Guest",
    instruction_text: "Staying the weekend",
    start_date: start,
    expiration_date: addDays(start, 3),
    photo_url: null,
    entered_by: { id: 42, first_name: "Dana", last_name: "Desk" },
    entered_date: "2026-03-02T15:00:00.000Z",
    is_manually_expired: false,
    is_management: false,
    photo_last_changed_datetime: null,
    photo_last_changed_user: null,
    date_created: "2026-03-02T15:00:00.000Z",
    last_modified: "2026-03-02T15:00:00.000Z",
    status: "Active",
    is_food_delivery: t.id === FOOD_DELIVERY_TYPE_ID,
    ...rest,
  };
}

const LIST = "/instructions/instructions/";

/** Types, colours, the apartment dropdown, an occupancy and lists of `instructions`. */
export function defaults(instructions: Instruction[] = []): Handler {
  return (c: FakeCall) => {
    if (c.path === "/instructions/instruction-types/") return { status: 200, body: page(TYPES) };
    if (c.path === "/instructions/instruction-types/colors/")
      return { status: 200, body: [{ name: "Blue", color_hex: "#1565C0", font_color_hex: "#FFFFFF" }] };
    if (c.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: APARTMENTS };
    if (c.path === "/core/occupancies/91/") return { status: 200, body: { id: 91, apartment_number: "1203" } };
    if (c.method === "GET" && (c.path === LIST || c.path === `${LIST}expired/` || c.path === `${LIST}security/`))
      return { status: 200, body: page(instructions) };
    const detail = /^\/instructions\/detailed-instructions\/(\d+)\/$/.exec(c.path);
    if (detail) {
      const found = instructions.find((i) => i.id === Number(detail[1]));
      return found ? { status: 200, body: found } : undefined;
    }
    if (/\/events\/$/.test(c.path)) return { status: 200, body: page([]) };
    return undefined;
  };
}
