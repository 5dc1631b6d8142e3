/**
 * What other areas may use from amenity reservations: the query keys the live stream refreshes,
 * the unit profile's panel and the reservations table (the amenity type page's Reservations tab).
 */
export { amenityReservationKeys } from "./api.ts";
export { ProfileAmenityPanel } from "./components/ProfileAmenityPanel.tsx";
export { AmenityReservationsTable } from "./components/ReservationsTable.tsx";
