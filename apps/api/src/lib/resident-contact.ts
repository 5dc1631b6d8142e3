import { type BuildingContext, can, type Subject } from "@portico/contract";

/**
 * What of a resident's contact data the viewer may read. The one rule every response carrying
 * residents' e-mail addresses or phone numbers goes through (occupants, unit lists, exports,
 * packages and their notification records, the batch queue, the global user search):
 * - e-mail addresses: roles that may view resident e-mails (`occupant.view_email`: managers and
 *   office); everyone else gets an empty string, never the address;
 * - phone numbers: staff (`occupancy.view`; front desk, maintenance and porters call residents);
 *   club admins and everyone else get an empty string.
 */
export interface ContactView {
  email: boolean;
  phone: boolean;
}

export function contactView(user: Subject, building?: BuildingContext): ContactView {
  return { email: can(user, "occupant.view_email", building), phone: can(user, "occupancy.view", building) };
}

/** A resident's e-mail address (or a list of them in one string) as this viewer may see it. */
export const residentEmail = (view: ContactView, email: string | null | undefined): string =>
  view.email ? (email ?? "") : "";

/** A resident's phone number as this viewer may see it. */
export const residentPhone = (view: ContactView, phone: string | null | undefined): string =>
  view.phone ? (phone ?? "") : "";
