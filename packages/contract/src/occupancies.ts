/**
 * Unit profiles (document 1, sections 2.4, 3, 4, 5, 7): occupancies (leases), their residents
 * (occupants), apartments, flags, internal office notes, subscriptions (tracking), the unit
 * list and its spreadsheets, and the ID card request of the profile (document 3).
 */
export * from "./occupancies/messages.ts";
export * from "./occupancies/fields.ts";
export * from "./occupancies/occupants.ts";
export * from "./occupancies/flags-notes-tracking.ts";
export * from "./occupancies/occupancy.ts";
export * from "./occupancies/apartments.ts";
export * from "./occupancies/unit-list.ts";
export * from "./occupancies/id-cards.ts";
