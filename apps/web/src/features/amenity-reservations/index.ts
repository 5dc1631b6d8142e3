/**
 * What other areas may use from amenity reservations: the query keys the live stream refreshes,
 * the unit profile's panel, the reservations table (the amenity type page's Reservations tab)
 * and the day calendar (the club's amenity view).
 */
export { amenityReservationKeys } from "./api.ts";
export { ProfileAmenityPanel } from "./components/ProfileAmenityPanel.tsx";
export { AmenityReservationsTable } from "./components/ReservationsTable.tsx";
export { AmenityCalendar } from "./components/AmenityCalendar.tsx";
