import { and, eq } from "drizzle-orm";
import type { MaintenanceRequestTypeQuery } from "@portico/contract";
import { maintenanceRequestTypes } from "../../db/schema/index.ts";
import { typeListRepository } from "../../lib/type-lists/repository.ts";

/** The request types' list (lib/type-lists): every type, or the active ones, or those residents may file. */
export const maintenanceTypeRows = typeListRepository(maintenanceRequestTypes, {
  where: (q: MaintenanceRequestTypeQuery) =>
    and(
      q.is_active === undefined ? undefined : eq(maintenanceRequestTypes.is_active, q.is_active),
      q.access_permissions === undefined
        ? undefined
        : eq(maintenanceRequestTypes.access_permissions, q.access_permissions),
    ),
});
