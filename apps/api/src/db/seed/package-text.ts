/**
 * The words of the demo packages: the day's mix of types and the desk's comments. The demo seed
 * (packages.ts) and the benchmark portfolio (bench/lib/text.ts) both log their packages with them.
 */

/** Type names and their weights in a day's deliveries. */
export const PACKAGE_MIX: [string, number][] = [
  ["Small box", 34],
  ["Large box", 18],
  ["Envelope", 18],
  ["Perishable", 5],
  ["Dry cleaning", 5],
  ["Flowers", 3],
  ["Outgoing", 8],
  ["Return label", 3],
  ["Keys", 6],
];
/** {carrier} is replaced by one of CARRIERS (shift-log-text.ts). */
export const OPEN_COMMENTS: Record<string, string[]> = {
  "Small box": ["{carrier}", "{carrier}, shelf A", "{carrier}, shelf B", "", ""],
  "Large box": ["{carrier}, behind the desk", "{carrier}, heavy", "{carrier}, package room floor", ""],
  Envelope: ["{carrier} envelope", "Certified mail", "", ""],
  Perishable: ["In the package fridge", "Groceries, fridge 2", "Meal kit, fridge"],
  "Dry cleaning": ["On the rack", "Two garments on the rack"],
  Flowers: ["On the desk", "Vase, keep upright"],
  Outgoing: ["Prepaid {carrier} label, awaiting pickup", "Return to {carrier}"],
  "Return label": ["{carrier} return, label attached"],
  Keys: ["Cleaner's key", "Spare key left by resident", "Dog walker's key", "Contractor key"],
};
export const CLOSE_COMMENTS = [
  "",
  "",
  "",
  "Picked up by resident",
  "Picked up by roommate",
  "Signed for",
  "Carrier collected",
];
