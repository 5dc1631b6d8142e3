import * as DEMO from "../../apps/api/src/db/seed/shift-log-text.ts";
export { HANDOVERS, ordinal, type TypeKey } from "../../apps/api/src/db/seed/shift-log-text.ts";
import type { Rng } from "./common.ts";
import * as NAMES from "../../apps/api/src/db/seed/demo.ts";
export { CLOSE_COMMENTS, OPEN_COMMENTS, PACKAGE_MIX } from "../../apps/api/src/db/seed/package-text.ts";

/** Names for staff and residents: the demo's and more (a larger mix, so name searches are selective). */
// prettier-ignore
export const FIRST_NAMES = [
  ...NAMES.FIRST_NAMES,
  ...NAMES.CHILD_NAMES.slice(0, 20),
  "Priya", "Arjun", "Chen", "Jun", "Soo-ah", "Min-jun", "Tariq", "Noor", "Ivan", "Katya",
];
// prettier-ignore
export const LAST_NAMES = [
  ...NAMES.LAST_NAMES,
  "Goldberg", "Alvarez", "Patel", "Yamamoto", "Kowalski", "Nowak", "Jensen", "Larsen", "Ivanova", "Popescu",
  "Haddad", "Nasser", "Mendoza", "Castillo", "Vargas", "Romero", "Herrera", "Medina", "Aguilar", "Reyes",
  "Brennan", "Gallagher", "Doyle", "Byrne", "Quinn", "Fitzgerald", "Hughes", "Evans", "Morgan", "Price",
  "Zhang", "Liu", "Huang", "Zhou", "Wu", "Xu", "Sun", "Ma", "Zhu", "Hu",
];
export const STREETS = [
  "Riverside Drive",
  "Park Terrace",
  "Harbor Street",
  "Elm Avenue",
  "Lexington Avenue",
  "Madison Avenue",
  "Broadway",
  "West End Avenue",
  "Central Park West",
  "Amsterdam Avenue",
  "Columbus Avenue",
  "Hudson Street",
  "Greenwich Street",
  "Bleecker Street",
  "Ocean Parkway",
  "Flatbush Avenue",
  "Atlantic Avenue",
  "Court Street",
  "Lake Shore Drive",
  "Michigan Avenue",
  "State Street",
  "Wacker Drive",
  "Market Street",
  "Mission Street",
  "Valencia Street",
  "Pine Street",
  "Sutter Street",
  "Colfax Avenue",
  "Larimer Street",
  "Spring Street",
];
export const TIME_ZONES = [
  "America/New_York",
  "America/New_York",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
];

// The demo shift log's words, with a few more companies, people and notes for variety.
const CARRIERS = DEMO.CARRIERS;
const VENDORS = [...DEMO.VENDORS, "Verizon", "Schindler", "Roto-Rooter"];
const PEOPLE = [...DEMO.PEOPLE, "Mr. Byrne", "Ms. Haddad"];

/** {unit} marks a note about a unit; {u2} a second one. */
export const NOTE_TEMPLATES: DEMO.NoteTemplate[] = [
  ...DEMO.NOTE_TEMPLATES,
  {
    type: "Maintenance",
    text: "Ceiling stain in {unit} bathroom, probably from {u2} above; both residents informed.",
    high: 0.3,
  },
  { type: "Resident", text: "{unit} asked about bike room space; added to the waiting list." },
];

/**
 * Follow-up clauses that give the bodies a wider vocabulary: some words are common, most rare,
 * so word searches range from thousands of hits to a handful.
 */
// prettier-ignore
export const DETAIL_WORDS = [
  "checked", "again", "later", "confirmed", "called", "emailed", "left", "message", "voicemail", "super",
  "porter", "handyman", "doorman", "concierge", "manager", "office", "vendor", "invoice", "quote", "estimate",
  "ceiling", "radiator", "boiler", "thermostat", "intercom", "buzzer", "mailbox", "stairwell", "basement", "laundry",
  "dryer", "washer", "sprinkler", "smoke", "detector", "battery", "breaker", "outlet", "faucet", "toilet",
  "drain", "clog", "mold", "paint", "window", "screen", "balcony", "terrace", "courtyard", "sidewalk",
  "snow", "salt", "shovel", "ice", "rain", "flood", "pump", "generator", "compactor", "recycling",
  "bulk", "pickup", "permit", "inspection", "violation", "notice", "lease", "renewal", "deposit", "keys",
  "fob", "camera", "footage", "police", "ambulance", "dog", "cat", "stroller", "bicycle", "scooter",
  "furniture", "couch", "mattress", "delivery", "courier", "grocery", "pharmacy", "flowers", "laundromat", "tailor",
];
// Rare words: synthetic, each appearing in a small share of notes.
const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ne",
  "ru",
  "sa",
  "to",
  "vi",
  "ze",
  "bo",
  "da",
  "fe",
  "gu",
  "hi",
  "jo",
  "pa",
  "qui",
  "re",
  "su",
  "ty",
];
export const RARE_WORDS: string[] = [];
for (const a of SYLLABLES)
  for (const b of SYLLABLES) for (const c of ["n", "r", "x", "l"]) RARE_WORDS.push(`${a}${b}${c}`);

/** A note body from a template; `units` are the apartment numbers it is about. */
export function noteBody(rng: Rng, text: string, units: string[], floor: string): string {
  let body = text
    .replace(/\{unit\}/g, units[0] ?? "a resident")
    .replace(/\{u2\}/g, units[1] ?? "the unit")
    .replace(/\{carrier\}/g, () => rng.pick(CARRIERS))
    .replace(/\{vendor\}/g, () => rng.pick(VENDORS))
    .replace(/\{person\}/g, () => rng.pick(PEOPLE))
    .replace(/\{n\}/g, () => String(rng.int(1, 4)))
    .replace(/\{floor\}/g, floor);
  const r = rng.float();
  if (r < 0.55) {
    const n = rng.int(2, 7);
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(rng.pick(DETAIL_WORDS));
    // A rare word in about one note in five.
    if (rng.chance(0.35)) words.push(RARE_WORDS[Math.floor(Math.pow(rng.float(), 2) * RARE_WORDS.length)]);
    body += ` Follow-up: ${words.join(" ")}.`;
  }
  return body;
}

export const carrier = (rng: Rng) => rng.pick(CARRIERS);
