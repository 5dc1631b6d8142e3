/**
 * The admin dashboard's link cards (spec document 3 section 2), as data. A card shows once
 * its page exists: the area that builds the page flips `exists` and adds its route.
 */
export interface AdminCard {
  label: string;
  path: string;
  description?: string;
  exists: boolean;
  devOnly?: boolean;
}

export interface AdminSection {
  title: string;
  cards: AdminCard[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    title: "Staff",
    cards: [
      { label: "Permissions", path: "/admin/staff/permissions", exists: false },
      { label: "Global employee search", path: "/admin/employees", exists: false },
    ],
  },
  {
    title: "Occupants",
    cards: [
      { label: "Global occupant search", path: "/admin/occupant/advanced-search", exists: false },
      { label: "Roommate listings", path: "/admin/occupant/roommate-listings", exists: false, devOnly: true },
    ],
  },
  {
    title: "Communications",
    cards: [{ label: "Send portfolio memo", path: "/admin/messaging/portfolio_memo", exists: true }],
  },
  {
    title: "Event type configuration",
    cards: [
      {
        label: "Shift log types",
        path: "/admin/settings/shift-log-types",
        description: "Names, short names and order of shift log note types",
        exists: true,
      },
      {
        label: "Instruction types",
        path: "/admin/settings/instruction-types",
        description: "Names, colours, order, resident permissions and end-date and security flags of instruction types",
        exists: true,
      },
      {
        label: "Reservation types",
        path: "/admin/settings/reservation-types",
        description:
          "Names, short names, order, buildings, instructions and e-mails of service elevator reservation types",
        exists: true,
      },
      {
        label: "Maintenance request types",
        path: "/admin/settings/maintenance-request-types",
        description: "Names, categories, order, instructions and who may file each maintenance request type",
        exists: true,
      },
      {
        label: "Package types",
        path: "/admin/settings/package-types",
        description: "Names, groups, colours, abbreviations and order of package types",
        exists: true,
      },
    ],
  },
  {
    title: "Packages",
    cards: [{ label: "Scan and go usage report", path: "/admin/packages/report", exists: false }],
  },
];

export function visibleAdminSections(sections: readonly AdminSection[], dev: boolean): AdminSection[] {
  return sections
    .map((s) => ({ ...s, cards: s.cards.filter((c) => c.exists && (!c.devOnly || dev)) }))
    .filter((s) => s.cards.length > 0);
}
