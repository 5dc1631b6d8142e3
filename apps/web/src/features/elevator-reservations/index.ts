/**
 * What other areas may use from service elevator reservations: the query keys the live stream
 * refreshes, the Elevators drawer of the top navigation and the unit profile's Reservations panel.
 */
export { elevatorKeys } from "./api.ts";
export { reservationTypeKeys } from "./typesApi.ts";
export { ElevatorsDrawer } from "./components/ElevatorsDrawer.tsx";
export { ProfileReservationsPanel } from "./components/ProfileReservationsPanel.tsx";
