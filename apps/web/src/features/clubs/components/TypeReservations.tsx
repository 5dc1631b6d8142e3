import type { AmenityType } from "@portico/contract";
import { AmenityReservationsTable } from "../../amenity-reservations/index.ts";

/** The type's upcoming reservations (the amenity reservations' own table, on this type). */
export function TypeReservations({ type, building }: { type: AmenityType; building: number }) {
  return <AmenityReservationsTable buildingId={building} amenityTypeId={type.id} />;
}
