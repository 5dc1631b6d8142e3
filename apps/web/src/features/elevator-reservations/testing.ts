/** Test fixtures of service elevator reservations (web tests only): the Move-In type of building 1. */
import type { ReservationType } from "@portico/contract";

export const MOVE_IN: ReservationType = {
  id: 3,
  name: "Move-In",
  short_name: "MI",
  is_active: true,
  is_immutable: false,
  display_order: 1,
  building_ids: [1],
  instructions_text: "Pad the elevator walls first.",
  new_reservation_email_text: "",
  email_recipients: "",
};
