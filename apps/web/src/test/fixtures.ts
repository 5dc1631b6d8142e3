/** Residents and leases as the API answers them, for the web tests of every feature. */
import type { Occupancy, Occupant } from "@portico/contract";

export function makeOccupant(over: Partial<Occupant> = {}): Occupant {
  return {
    id: 188,
    user_id: 500,
    first_name: "Taylor",
    last_name: "Morgan",
    username: "tmorgan1203",
    email: "taylor.morgan@example.com",
    is_placeholder_email: false,
    has_email: true,
    phone_number: "(212) 555-0199",
    pronouns: "she/her",
    emergency_contact_info: "Sam Morgan (212) 555-0100",
    type: "TN",
    type_display: "Tenant",
    is_active: true,
    photo_url: null,
    welcome_email_sent_time: null,
    apartment_number: "1203",
    occupancy_id: 91,
    building_id: 1,
    has_account: true,
    notification_preferences: {
      is_text_maintenance_activity: false,
      is_email_maintenance_activity: true,
      is_text_package_activity: false,
      is_email_package_activity: true,
    },
    ...over,
  };
}

export function makeOccupancy(over: Partial<Occupancy> = {}): Occupancy {
  return {
    id: 91,
    building_id: 1,
    building_name: "The Riverside",
    apartment_id: 11,
    apartment_number: "1203",
    bedrooms: "2BR",
    bathrooms: "1.5",
    floor: "12",
    line: "03",
    is_balcony_apt: false,
    is_management: false,
    is_active: true,
    is_future: false,
    status: "CURRENT",
    is_do_not_disturb: false,
    is_lease_expired: false,
    lease_start_date: "2026-01-01",
    lease_end_date: "2026-12-31",
    move_in_date: "2026-01-02",
    move_out_date: null,
    occupant_set: [makeOccupant()],
    inactive_occupant_set: [],
    flag: null,
    tracking: null,
    tracking_employees: [],
    external_lease_id: null,
    encoded_external_lease_id: null,
    date_created: "2026-01-01T12:00:00.000Z",
    last_modified: "2026-01-01T12:00:00.000Z",
    ...over,
  };
}
