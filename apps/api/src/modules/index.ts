import type { FastifyPluginAsync } from "fastify";
import auth from "./auth/routes.ts";
import me from "./me/routes.ts";
import buildings from "./buildings/routes.ts";
import employees from "./employees/routes.ts";
import shiftLogs from "./shift-logs/routes.ts";
import occupancies from "./occupancies/routes.ts";
import idCards from "./id-cards/routes.ts";
import packages from "./packages/routes.ts";
import instructions from "./instructions/routes.ts";
import accessKeys from "./access-keys/routes.ts";
import live from "./live/routes.ts";
import lockouts from "./lockouts/routes.ts";
import contractors from "./contractors/routes.ts";
import maintenanceRequests from "./maintenance-requests/routes.ts";
import recurringRequests from "./maintenance-requests/recurring-routes.ts";
import vendors from "./vendors/routes.ts";
import maintenanceSetup from "./maintenance-requests/setup-routes.ts";
import clubs from "./clubs/routes.ts";
import amenityReservations from "./amenity-reservations/routes.ts";
import elevatorReservations from "./elevator-reservations/routes.ts";
import emailTemplates from "./email-templates/routes.ts";
import memoGroups from "./memo-groups/routes.ts";
import documents from "./documents/routes.ts";
import emailHistory from "./email-history/routes.ts";
import emails from "./emails/routes.ts";

/** Every feature area's routes, registered under /api/v1. Add a new area here. */
export const modules: FastifyPluginAsync[] = [
  auth,
  me,
  buildings,
  employees,
  shiftLogs,
  occupancies,
  idCards,
  packages,
  instructions,
  accessKeys,
  live,
  lockouts,
  contractors,
  maintenanceRequests,
  recurringRequests,
  vendors,
  maintenanceSetup,
  clubs,
  amenityReservations,
  elevatorReservations,
  emailTemplates,
  memoGroups,
  documents,
  emailHistory,
  emails,
];
