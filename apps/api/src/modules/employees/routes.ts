import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  Detail,
  Employee,
  EmployeeQuery,
  EmployeeSimple,
  EmployeeSimpleQuery,
  GlobalUser,
  GlobalUserQuery,
  paginated,
} from "@portico/contract";
import * as service from "./service.ts";

const errors = { 401: Detail, 403: Detail, 404: Detail };

/** Employees of the user's buildings and the global user search. */
const routes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/core/employees/",
    {
      schema: {
        tags: ["employees"],
        summary: "Employees of a building (or of the user's buildings; every employee for office users)",
        querystring: EmployeeQuery,
        response: { 200: paginated(Employee), ...errors },
      },
    },
    (req) => service.listEmployees(req, req.query),
  );

  app.get(
    "/core/employees/simple-list/",
    {
      schema: {
        tags: ["employees"],
        summary: "Employees in short form (pickers, e-mail recipient suggestions)",
        querystring: EmployeeSimpleQuery,
        response: { 200: paginated(EmployeeSimple), ...errors },
      },
    },
    (req) => service.listEmployeesSimple(req, req.query),
  );

  app.get(
    "/core/global-users/",
    {
      schema: {
        tags: ["users"],
        summary: "Search users (staff, club admins; tenants with role=TN only)",
        querystring: GlobalUserQuery,
        response: { 200: paginated(GlobalUser), ...errors },
      },
    },
    (req) => service.searchGlobalUsers(req, req.query),
  );
};

export default routes;
