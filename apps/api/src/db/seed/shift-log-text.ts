/**
 * The words of the demo shift log: note templates, end-of-shift handovers and the names they
 * mention. The demo seed (shift-logs.ts) and the benchmark portfolio (bench/lib/text.ts) both
 * write their notes from them.
 */

export type TypeKey = "General" | "Security" | "Maintenance" | "Package" | "Resident" | "Visitor" | "Incident";
export interface NoteTemplate {
  type: TypeKey;
  /**
   * {unit} is replaced by the unit (notes without it are about no unit), {person} by one of
   * PEOPLE, {carrier} and {vendor} by one of CARRIERS and VENDORS, {floor} by the unit's floor,
   * {n} by a number from 1 to 4.
   */
  text: string;
  high?: number;
  location?: string;
}

export const CARRIERS = ["UPS", "FedEx", "USPS", "Amazon", "DHL", "OnTrac"];
export const VENDORS = ["Otis Elevator", "ConEd", "Spectrum", "Orkin", "ABC Plumbing", "Kone", "City Fire Inspection"];
export const PEOPLE = [
  "Ms. Chen",
  "Mr. Alvarez",
  "Mrs. Goldberg",
  "Mr. Okafor",
  "Ms. Rossi",
  "Dr. Patel",
  "Mr. Kim",
  "Ms. Novak",
];

export const NOTE_TEMPLATES: NoteTemplate[] = [
  {
    type: "Package",
    text: "{carrier} dropped {n} boxes for {unit}; logged and shelved in the package room.",
    location: "Package room",
  },
  {
    type: "Package",
    text: "Oversized delivery (furniture) for {unit} held at the desk, resident notified by phone.",
    location: "Front desk",
  },
  {
    type: "Package",
    text: "Perishable grocery delivery for {unit} put in the package fridge.",
    location: "Package room",
  },
  { type: "Package", text: "{carrier} driver could not find {unit} on the label; package returned to driver." },
  {
    type: "Package",
    text: "Package room shelves B and C reorganised; old items over 14 days flagged for pickup reminders.",
    location: "Package room",
  },
  { type: "Security", text: "Completed roof and stairwell patrol, all doors secured.", location: "Roof" },
  {
    type: "Security",
    text: "Garage gate stuck open for ten minutes; reset it manually and watched until it closed.",
    location: "Garage",
    high: 0.3,
  },
  {
    type: "Security",
    text: "Unknown person tried to tailgate at the side entrance; refused entry, left without incident.",
    location: "Side entrance",
    high: 0.5,
  },
  {
    type: "Security",
    text: "Fob for {unit} deactivated at the resident's request (lost key).",
    location: "Front desk",
  },
  {
    type: "Security",
    text: "Camera 4 in the lobby showing no picture; ticket opened with the security vendor.",
    location: "Lobby",
    high: 0.2,
  },
  {
    type: "Maintenance",
    text: "Water leak reported under the kitchen sink in {unit}; super notified, shut-off valve closed.",
    high: 0.6,
  },
  {
    type: "Maintenance",
    text: "Elevator 2 out of service; {vendor} on site, expected back by end of day.",
    location: "Elevator 2",
    high: 0.4,
  },
  { type: "Maintenance", text: "Hallway light out on the {floor} floor outside {unit}; work order entered." },
  { type: "Maintenance", text: "Heat complaint from {unit}; radiator bled by the porter, resident satisfied." },
  {
    type: "Maintenance",
    text: "Trash chute on the {floor} floor jammed; cleared by the porter.",
    location: "Trash room",
  },
  { type: "Maintenance", text: "{vendor} completed the scheduled quarterly service.", location: "Mechanical room" },
  { type: "Resident", text: "{person} from {unit} asked for a copy of the move-out checklist; emailed by management." },
  {
    type: "Resident",
    text: "Noise complaint against {unit} (music after 11 pm); called the unit, volume lowered.",
    high: 0.2,
  },
  { type: "Resident", text: "{unit} reports a smell of smoke in the hallway; checked the floor, nothing found." },
  { type: "Resident", text: "{person} from {unit} will be away for two weeks; asked us to hold all packages." },
  { type: "Resident", text: "Resident of {unit} locked out; let in after ID check." },
  { type: "Visitor", text: "Cleaner for {unit} arrived 9:00, left 12:30; on the permission-to-enter list." },
  { type: "Visitor", text: "{vendor} technician signed in for {unit}, escorted by maintenance." },
  { type: "Visitor", text: "Movers for {unit} booked the service elevator 10-12; padding installed." },
  { type: "Visitor", text: "Real estate showing for {unit}; agent picked up the key and returned it at 3 pm." },
  {
    type: "Incident",
    text: "Resident slipped on the wet lobby floor near the entrance; first aid offered, declined. Wet floor signs placed.",
    location: "Lobby",
    high: 0.9,
  },
  {
    type: "Incident",
    text: "Fire alarm activation on the {floor} floor (burnt food in {unit}); FD arrived, all clear after 20 minutes.",
    high: 1,
  },
  {
    type: "Incident",
    text: "Car in the garage scraped a pillar; photos taken, owner from {unit} informed.",
    location: "Garage",
    high: 0.7,
  },
  { type: "General", text: "Lobby flowers replaced; old arrangement removed.", location: "Lobby" },
  { type: "General", text: "Reminder: window washers on the east side tomorrow 8-4; notice posted in the elevators." },
  { type: "General", text: "Front desk printer out of toner; new cartridge ordered.", location: "Front desk" },
  { type: "General", text: "Gym closed for cleaning 2-3 pm.", location: "Gym" },
  { type: "General", text: "Spoke with {unit} about the upcoming fire drill; they asked for the date in writing." },
];

export const HANDOVERS = [
  "End of shift. Quiet shift, nothing outstanding. Package room tidy, keys all accounted for.",
  "End of shift. Elevator 2 still out; vendor returns tomorrow. Two packages waiting for signature.",
  "End of shift. All patrols done. Garage gate checked twice. Nothing pending for the next shift.",
  "End of shift. Movers booked tomorrow 10-12; padding stays in elevator 1. Desk log up to date.",
  "End of shift. Resident lockout handled; spare key returned to the box. Lobby camera ticket still open.",
];

export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}
