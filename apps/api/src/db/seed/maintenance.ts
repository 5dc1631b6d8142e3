import type { DbOrTx } from "../client.ts";
import { maintenanceRequestTypes } from "../schema/index.ts";

/** The portfolio's maintenance request types (document 2 demo data: 8 types). */
export const DEMO_MAINTENANCE_REQUEST_TYPES = [
  {
    name: "Plumbing",
    category: "Plumbing",
    instruction_text: "Shut the water valve under the sink if there is a leak.",
    access_permissions: "RESIDENTS_AND_STAFF",
  },
  { name: "Electrical", category: "Electrical", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
  {
    name: "Heating / Cooling",
    category: "HVAC",
    instruction_text: "Note the thermostat reading.",
    access_permissions: "RESIDENTS_AND_STAFF",
  },
  { name: "Appliance", category: "Appliances", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
  {
    name: "Pest Control",
    category: "Pest Control",
    instruction_text: "Ask whether pets are in the unit.",
    access_permissions: "RESIDENTS_AND_STAFF",
  },
  { name: "Doors & Locks", category: "Locks", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
  { name: "Common Area", category: "Building", instruction_text: "", access_permissions: "STAFF_ONLY" },
  { name: "General", category: "General", instruction_text: "", access_permissions: "RESIDENTS_AND_STAFF" },
] as const;

/** Inserts the demo request types (by name; existing ones are left as they are). */
export async function ensureMaintenanceRequestTypes(db: DbOrTx): Promise<void> {
  await db
    .insert(maintenanceRequestTypes)
    .values(DEMO_MAINTENANCE_REQUEST_TYPES.map((t, i) => ({ ...t, display_order: (i + 1) * 10 })))
    .onConflictDoNothing();
}
