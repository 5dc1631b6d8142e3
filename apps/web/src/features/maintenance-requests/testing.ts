/**
 * Test fixtures of maintenance requests (web tests only): a request of unit 1203 (occupancy 91,
 * apartment 11) in building 1, open, with one resident, entered by the front desk.
 */
import type { MaintenanceRequest } from "@portico/contract";

export function makeMaintenanceRequest(over: Partial<MaintenanceRequest> = {}): MaintenanceRequest {
  return {
    id: 500,
    building_id: 1,
    apartment_id: 11,
    apartment_number: "1203",
    occupancy_id: 91,
    employee_id: 7,
    employee_name: "Max Wrench",
    maintenance_request_type_id: 1,
    maintenance_request_type_name: "Plumbing",
    maintenance_request_type_category: "Plumbing",
    description: "Kitchen sink leaks",
    is_high_priority: false,
    additional_emails: "",
    additional_phone_numbers: "",
    is_permission_to_enter: true,
    permission_to_enter_comments: "Key at the desk",
    status: "OPEN",
    status_display: "Open",
    date_opened: "2026-03-02T15:00:00.000Z",
    date_created: "2026-03-02T15:00:00.000Z",
    date_closed: null,
    date_on_hold_until: null,
    last_modified: "2026-03-02T15:00:00.000Z",
    signature_url: null,
    recurring_maintenance_request_id: null,
    occupant_set: [
      {
        id: 5,
        first_name: "Robin",
        last_name: "Resident",
        email: "robin@example.com",
        phone_number: "555-0101",
        is_active: true,
      },
    ],
    entered_by: {
      id: 42,
      first_name: "Dana",
      last_name: "Desk",
      username: "desk",
      role_display: "Front Desk",
      phone_number: "",
    },
    comments: [],
    maintenancerequestphoto_set: [],
    ...over,
  };
}
