/** The access-key component tests' fixtures and default answers, on the web test harness. */
import { vi } from "vitest";
import {
  type AccessKey,
  type ApartmentDropdownItem,
  defaultBuildingSettings,
  type KeyEntity,
  type KeyJourney,
  type KeyLocation,
} from "@portico/contract";
import { type FakeCall, type Handler, page } from "../../test/harness.tsx";

export { fakeApi, makeMe, renderWithApp } from "../../test/harness.tsx";

/** The building's settings with access keys on. */
export function withKeys() {
  const s = defaultBuildingSettings();
  s.accesskeyssettings.has_access_keys = true;
  return s;
}

export const APARTMENTS: ApartmentDropdownItem[] = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 12, apartment_number: "702", current_occupancy_id: null, is_vacant: true, floor: "7", line: "02" },
  { id: 13, apartment_number: "305", current_occupancy_id: 93, is_vacant: false, floor: "3", line: "05" },
];

export const LOCATIONS: KeyLocation[] = [
  { id: 1, building: 1, name: "Key box A", label: "Key box A", is_active: true, display_order: 1, key_count: 0 },
  { id: 2, building: 1, name: "Key box B", label: "Key box B", is_active: true, display_order: 2, key_count: 0 },
];

export function makeJourney(over: Partial<KeyJourney> = {}): KeyJourney {
  return {
    id: 900,
    access_key: 501,
    access_key_name: "1203-1",
    apartment_number: "1203",
    status: "OUT",
    key_out_photo_url: "/media/keys/out.jpg",
    key_out_to_entity_type: "occupant",
    key_out_to_entity_id: 5,
    readable_key_out_to_name: "Robin Resident",
    readable_key_out_to_entity_type: "Occupant",
    readable_key_out_to_entity_subtype: null,
    key_out_datetime: "2026-03-02T15:00:00.000Z",
    readable_key_out_by_employee: "Dana Desk",
    key_declared_missing_datetime: null,
    key_in_datetime: null,
    readable_key_in_by_employee: "",
    ...over,
  };
}

export function makeKey(over: Partial<AccessKey> = {}): AccessKey {
  return {
    id: 501,
    building: 1,
    name: "1203-1",
    rfid: "04A1B2C3",
    status: "IN",
    status_display: "Complete",
    is_active: true,
    photo_url: null,
    entity_id: null,
    entity_type: null,
    apartment: 11,
    apartment_id: 11,
    apartment_number: "1203",
    location_id: 1,
    location: { id: 1, label: "Key box A" },
    latest_open_journey: null,
    last_status_change: "2026-03-01T15:00:00.000Z",
    away_since: null,
    is_overdue: false,
    overdue_hours: 48,
    date_created: "2026-01-01T15:00:00.000Z",
    ...over,
  };
}

export const ENTITIES: KeyEntity[] = [
  { entity_type: "occupant", entity_id: 5, name: "Robin Resident", description: "Occupant", photo_url: null },
  { entity_type: "instruction", entity_id: 700, name: "Jane Guest", description: "Registered guest", photo_url: null },
];

/** Keys filtered as the server does (apartment, status, is_active); an RFID lookup; entities; locations. */
export function defaults(keys: AccessKey[] = []): Handler {
  return (c: FakeCall) => {
    if (c.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: APARTMENTS };
    if (c.method === "GET" && c.path === "/access-keys/keys/") {
      const apt = c.query.get("apartment");
      const status = c.query.get("status");
      return {
        status: 200,
        body: page(
          keys.filter(
            (k) =>
              (!apt || k.apartment_id === Number(apt)) &&
              (!status || status.split(",").includes(k.status)) &&
              (c.query.get("is_active") !== "true" || k.is_active),
          ),
        ),
      };
    }
    const rfid = /^\/access-keys\/keys\/rfid\/([^/]+)\/$/.exec(c.path);
    if (rfid) {
      const found = keys.find((k) => k.rfid === decodeURIComponent(rfid[1]));
      return found ? { status: 200, body: found } : { status: 404, body: { detail: "Not found." } };
    }
    if (/^\/access-keys\/keys\/\d+\/entities\/$/.test(c.path)) return { status: 200, body: ENTITIES };
    if (c.method === "GET" && /^\/access-keys\/keys\/\d+\/$/.test(c.path)) {
      const id = Number(c.path.split("/")[3]);
      const found = keys.find((k) => k.id === id);
      return found ? { status: 200, body: found } : undefined;
    }
    if (c.path === "/access-keys/locations/") return { status: 200, body: page(LOCATIONS) };
    if (c.path === "/access-keys/journeys/") return { status: 200, body: page([makeJourney()]) };
    return undefined;
  };
}

/** A camera that cannot start (only logged) and object URLs for the upload's preview. */
export function noCamera() {
  vi.spyOn(console, "log").mockImplementation(() => {});
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.reject(new Error("NotAllowedError"))) },
  });
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
}

export const PHOTO = () => new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });

/** The FormData sent as an object. */
export const formFields = (body: unknown) =>
  Object.fromEntries([...(body as FormData).entries()].map(([k, v]) => [k, typeof v === "string" ? v : "<file>"]));
