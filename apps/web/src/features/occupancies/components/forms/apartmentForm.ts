/** The apartment form (document 1 sections 2.4, 3, 9): the contract's own rules and choices. */
import {
  type Apartment,
  ApartmentWrite,
  type ApartmentWrite as ApartmentWriteOutput,
  BATHROOMS,
  BEDROOMS,
} from "@portico/contract";

export type Bedrooms = (typeof BEDROOMS)[number];

export interface ApartmentFormValues {
  apartment_number: string;
  bedrooms: Bedrooms;
  bathrooms: (typeof BATHROOMS)[number];
  floor: string;
  line: string;
  is_balcony_apt: boolean;
  is_management: boolean;
  is_unlinked_to_tfcio: boolean;
  building: number;
}

export const BEDROOM_LABELS: Record<Bedrooms, string> = {
  STD: "Studio",
  "1BR": "1 bedroom",
  "2BR": "2 bedrooms",
  "3BR": "3 bedrooms",
  "4BR": "4 bedrooms",
};

export { BATHROOMS, BEDROOMS };

export const emptyApartmentValues = (building: number): ApartmentFormValues => ({
  apartment_number: "",
  bedrooms: "1BR",
  bathrooms: "1.0",
  floor: "",
  line: "",
  is_balcony_apt: false,
  is_management: false,
  is_unlinked_to_tfcio: false,
  building,
});

export function apartmentToValues(a: Apartment): ApartmentFormValues {
  return {
    apartment_number: a.apartment_number,
    bedrooms: (BEDROOMS as readonly string[]).includes(a.bedrooms)
      ? (a.bedrooms as ApartmentFormValues["bedrooms"])
      : "1BR",
    bathrooms: (BATHROOMS as readonly string[]).includes(a.bathrooms)
      ? (a.bathrooms as ApartmentFormValues["bathrooms"])
      : "1.0",
    floor: a.floor ?? "",
    line: a.line ?? "",
    is_balcony_apt: a.is_balcony_apt,
    is_management: a.is_management,
    is_unlinked_to_tfcio: a.is_unlinked_to_tfcio,
    building: a.building,
  };
}

/** The same schema the server checks with (apartment number required, bathrooms by 0.5). */
export const apartmentSchema = ApartmentWrite;

/** Empty floor and line are sent as null. */
export function toApartmentPayload(v: ApartmentWriteOutput): ApartmentWriteOutput {
  return { ...v, floor: v.floor || null, line: v.line || null };
}
