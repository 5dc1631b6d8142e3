/**
 * Success alerts of the unit-profile forms (document 1 section 8: 'Apartment was created/edited',
 * 'Unit profile created/updated', 'Unit Profile Deleted', 'Data has been saved').
 */
import { UNIT_PROFILE_MESSAGES } from "@portico/contract";

export const SUCCESS = {
  unitProfileCreated: "Unit profile created",
  unitProfileUpdated: "Unit profile updated",
  unitProfileDeleted: UNIT_PROFILE_MESSAGES.unitProfileDeleted,
  apartmentCreated: "Apartment was created",
  apartmentEdited: "Apartment was edited",
  dataSaved: UNIT_PROFILE_MESSAGES.dataSaved,
} as const;
