/**
 * What each topic of the live stream (lib/live.ts) makes stale. One line per area: a feature
 * whose screens show a topic's data adds its query key here (a new topic also needs its trigger
 * on the server, see apps/api/src/lib/change-feed.ts and modules/live).
 *
 * Keys without a building (a package's detail, a note's history…) are invalidated whole: only
 * the queries on screen refetch, and those belong to the current building.
 */
import type { LiveTopicMap } from "../lib/live.ts";
import { coreKeys } from "../lib/queries.ts";
import { packageKeys } from "../features/packages/index.ts";
import { shiftLogKeys } from "../features/shift-logs/index.ts";
import { instructionKeys } from "../features/instructions/index.ts";
import { showsUnitProfiles } from "../features/occupancies/index.ts";
import { keyKeys } from "../features/access-keys/index.ts";
import { lockoutKeys } from "../features/lockouts/index.ts";
import { contractorKeys } from "../features/contractors/index.ts";
import { maintenanceKeys, maintenanceSetupKeys, recurringKeys } from "../features/maintenance-requests/index.ts";
import { vendorKeys } from "../features/vendors/index.ts";
import { buildingSettingsKeys } from "../features/building-settings/index.ts";
import { clubKeys } from "../features/clubs/index.ts";
import { amenityReservationKeys } from "../features/amenity-reservations/index.ts";
import { elevatorKeys, reservationTypeKeys } from "../features/elevator-reservations/index.ts";
import { emailHistoryKeys } from "../features/email-history/index.ts";

export const LIVE_TOPIC_QUERIES: LiveTopicMap = {
  // Package grid, lists, details, apartment packages, activity, batch queue.
  packages: () => [{ queryKey: packageKeys.all }],
  // The drawer, the shift log page and dashboard tab, a note and its history, a unit's notes.
  shift_logs: () => [{ queryKey: shiftLogKeys.notes() }],
  // Unit lists, profiles, residents, apartments, quick search and the apartment dropdown.
  units: () => [{ predicate: showsUnitProfiles }],
  // The building's settings and the list of buildings (names, addresses).
  // Instruction grid, lists, dashboard tab and drawers, food deliveries, detail, history, profile panels.
  instructions: () => [{ queryKey: instructionKeys.all }],
  // Key grid, key pages and journeys, the drawer's pickers, overdue keys (page and dashboard widget).
  access_keys: () => [{ queryKey: keyKeys.all }],
  // The lockout list and the unit profiles' Lockouts panels.
  lockouts: () => [{ queryKey: lockoutKeys.all }],
  // Contractor lists, dashboard cards (building and admin) and visit notes.
  contractors: () => [{ queryKey: contractorKeys.visits() }],
  // The contractor companies (a global list: the drawer's choices, the filters, the settings page).
  contractor_types: () => [{ queryKey: contractorKeys.types() }],
  // Maintenance request lists, details, events, activity feed, print views and profile panels.
  maintenance_requests: () => [{ queryKey: maintenanceKeys.all }],
  // Recurring request lists and forms (their counts of generated requests too).
  recurring_requests: () => [{ queryKey: recurringKeys.all }],
  // The vendors list.
  vendors: () => [{ queryKey: vendorKeys.all }],
  // Request types (admin page, every form's choices), comment templates, maintenance e-mail recipients.
  maintenance_setup: () => [
    { queryKey: maintenanceSetupKeys.all },
    { queryKey: maintenanceSetupKeys.statusTemplates },
    { queryKey: maintenanceKeys.types() },
    { queryKey: buildingSettingsKeys.all },
  ],
  // Clubs, their members and pool check-ins, amenity types, slots and schedules.
  clubs: () => [{ queryKey: clubKeys.all }],
  // Amenity reservation lists, the calendars, the guest lists and the profile panels.
  amenity_reservations: () => [{ queryKey: amenityReservationKeys.all }],
  // Service elevator list, calendar, Elevators drawer, edit pages and profile panels; reservation types.
  elevator_reservations: () => [{ queryKey: elevatorKeys.all }],
  reservation_types: () => [{ queryKey: reservationTypeKeys.all }],
  // Email history (memos, letters, automatic mails and their recipients' delivery states).
  email_records: () => [{ queryKey: emailHistoryKeys.all }],
  building: (building) => [{ queryKey: coreKeys.settings(building) }, { queryKey: coreKeys.buildings }],
};
