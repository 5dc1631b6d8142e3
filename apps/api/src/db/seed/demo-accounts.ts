/**
 * The demo portfolio's fixed facts, for tests, browser tests and the README.
 * The seed (demo.ts) creates exactly these; ids are those of a fresh database.
 */
import type { Role } from "@portico/contract";

export const DEMO_PASSWORD = "Portico!demo1";

export const DEMO_PORTFOLIO = {
  name: "Portico Residential",
  employee_portal_name: "Portico",
  tenant_site_url: "https://residents.portico.example",
} as const;

/** Building ids in a fresh database (inserted in this order). */
export const DEMO_BUILDINGS = {
  riverside: { id: 1, address: "100 Riverside Drive", name: "The Riverside", time_zone: "America/New_York" },
  parkTerrace: { id: 2, address: "245 Park Terrace", name: "Park Terrace", time_zone: "America/Chicago" },
  harbor: { id: 3, address: "37 Harbor Street", name: "Harbor House", time_zone: "America/Los_Angeles" },
  elm: { id: 4, address: "512 Elm Avenue", name: "Elm Court", time_zone: "America/Denver" },
} as const;

export interface DemoAccount {
  username: string;
  first_name: string;
  last_name: string;
  role: Role;
  title: string;
  department: string;
  /** Building ids granted (user_buildings). */
  buildings: number[];
  is_active: boolean;
  /** Hours before the start of the seed day (UTC) of the last sign-in; null = never. */
  last_login_hours_ago: number | null;
  employment_start_date: string | null;
  phone_number: string;
}

/** Role accounts, then further staff. Every account's password is DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: "office",
    first_name: "Olivia",
    last_name: "Bennett",
    role: "OF",
    title: "Portfolio Administrator",
    department: "Operations",
    buildings: [1, 2, 3, 4],
    is_active: true,
    last_login_hours_ago: 2,
    employment_start_date: "2016-03-01",
    phone_number: "(212) 555-0110",
  },
  {
    username: "manager",
    first_name: "Marcus",
    last_name: "Reed",
    role: "MG",
    title: "Property Manager",
    department: "Management",
    buildings: [1, 2, 3],
    is_active: true,
    last_login_hours_ago: 5,
    employment_start_date: "2018-06-18",
    phone_number: "(212) 555-0111",
  },
  {
    username: "frontdesk",
    first_name: "Frank",
    last_name: "Delgado",
    role: "FD",
    title: "Front Desk Concierge",
    department: "Front Desk",
    buildings: [1, 2],
    is_active: true,
    last_login_hours_ago: 1,
    employment_start_date: "2021-09-07",
    phone_number: "(212) 555-0112",
  },
  {
    username: "maintenance",
    first_name: "Miguel",
    last_name: "Santos",
    role: "MT",
    title: "Superintendent",
    department: "Maintenance",
    buildings: [1, 2],
    is_active: true,
    last_login_hours_ago: 20,
    employment_start_date: "2015-01-12",
    phone_number: "(212) 555-0113",
  },
  {
    username: "porter",
    first_name: "Peter",
    last_name: "Novak",
    role: "PT",
    title: "Porter",
    department: "Building Services",
    buildings: [1, 2],
    is_active: true,
    last_login_hours_ago: 30,
    employment_start_date: "2022-04-25",
    phone_number: "(212) 555-0114",
  },
  {
    username: "clubadmin",
    first_name: "Claire",
    last_name: "Adams",
    role: "CA",
    title: "Club Administrator",
    department: "Amenities",
    buildings: [1, 2],
    is_active: true,
    last_login_hours_ago: 50,
    employment_start_date: "2020-02-03",
    phone_number: "(212) 555-0115",
  },
  {
    username: "owner",
    first_name: "Oscar",
    last_name: "Whitman",
    role: "PO",
    title: "Owner Representative",
    department: "Ownership",
    buildings: [1, 2],
    is_active: true,
    last_login_hours_ago: 200,
    employment_start_date: null,
    phone_number: "(212) 555-0116",
  },
  {
    username: "amenity",
    first_name: "Amy",
    last_name: "Lin",
    role: "AO",
    title: "Amenity Attendant",
    department: "Amenities",
    buildings: [1, 2],
    is_active: true,
    last_login_hours_ago: 8,
    employment_start_date: "2023-05-15",
    phone_number: "(212) 555-0117",
  },
  // Further staff spread over the buildings.
  {
    username: "salvarez",
    first_name: "Sofia",
    last_name: "Alvarez",
    role: "MG",
    title: "Property Manager",
    department: "Management",
    buildings: [3, 4],
    is_active: true,
    last_login_hours_ago: 3,
    employment_start_date: "2017-10-02",
    phone_number: "(415) 555-0120",
  },
  {
    username: "joconnor",
    first_name: "James",
    last_name: "O'Connor",
    role: "FD",
    title: "Concierge",
    department: "Front Desk",
    buildings: [3],
    is_active: true,
    last_login_hours_ago: null,
    employment_start_date: "2025-01-06",
    phone_number: "(415) 555-0121",
  },
  {
    username: "ppatel",
    first_name: "Priya",
    last_name: "Patel",
    role: "OF",
    title: "Regional Director",
    department: "Operations",
    buildings: [1, 2, 3, 4],
    is_active: true,
    last_login_hours_ago: 26,
    employment_start_date: "2014-08-11",
    phone_number: "(212) 555-0122",
  },
  {
    username: "dkim",
    first_name: "Daniel",
    last_name: "Kim",
    role: "MT",
    title: "Superintendent",
    department: "Maintenance",
    buildings: [3, 4],
    is_active: true,
    last_login_hours_ago: 12,
    employment_start_date: "2019-03-18",
    phone_number: "(303) 555-0123",
  },
  {
    username: "ajohnson",
    first_name: "Aisha",
    last_name: "Johnson",
    role: "PT",
    title: "Porter",
    department: "Building Services",
    buildings: [1],
    is_active: true,
    last_login_hours_ago: 70,
    employment_start_date: "2023-11-20",
    phone_number: "(212) 555-0124",
  },
  {
    username: "lromero",
    first_name: "Luis",
    last_name: "Romero",
    role: "FD",
    title: "Doorman",
    department: "Front Desk",
    buildings: [1, 4],
    is_active: true,
    last_login_hours_ago: 4,
    employment_start_date: "2020-07-13",
    phone_number: "(303) 555-0125",
  },
  {
    username: "hwright",
    first_name: "Hannah",
    last_name: "Wright",
    role: "MG",
    title: "Assistant Manager",
    department: "Management",
    buildings: [2],
    is_active: false,
    last_login_hours_ago: 2200,
    employment_start_date: "2019-05-06",
    phone_number: "(312) 555-0126",
  },
  {
    username: "tbecker",
    first_name: "Tom",
    last_name: "Becker",
    role: "MT",
    title: "Handyman",
    department: "Maintenance",
    buildings: [2, 4],
    is_active: true,
    last_login_hours_ago: 40,
    employment_start_date: "2021-02-22",
    phone_number: "(312) 555-0127",
  },
];

/** The tenant account: an active resident (type TN) of unit 1203's current lease in building 1. */
export const DEMO_TENANT = {
  username: "tenant",
  first_name: "Taylor",
  last_name: "Morgan",
  email: "taylor.morgan@example.com",
  phone_number: "(212) 555-0199",
  building_id: 1,
  apartment_number: "1203",
} as const;

/**
 * Units of building 1 whose state is fixed (the rest are drawn by the seeded generator).
 * "today" is the seed day in the building's time zone.
 */
export const DEMO_UNITS = {
  /** Current lease, with the tenant account among its residents. */
  occupied: "1203",
  /** No active lease (one past, inactive lease). */
  vacant: "702",
  /** Only a future lease (starts after today); vacant until then. */
  futureOnly: "1105",
  /** Current lease whose end date has passed (lease expired but active). */
  leaseExpired: "305",
  /** Current lease with a move-out date set and the next (future) lease booked. */
  movingOut: "1504",
  /** Current lease marked do not disturb. */
  doNotDisturb: "808",
  /** The management unit (is_management, never leased). */
  management: "Mgmt",
} as const;
