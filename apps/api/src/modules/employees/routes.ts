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
import { sendView, type ViewBody } from "../../lib/view-cache.ts";
import * as service from "./service.ts";
import { contextOf } from "../../lib/context.ts";

const errors = { 401: Detail, 403: Detail, 404: Detail };

/** Employees of the user's buildings and the global user search. */
const routes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Employee pages (up to 1,000 rows, some 700 KB across a portfolio) per user and URL.
  const pages = app.changes.cache<ViewBody>("employee-pages");

  app.get(
    "/core/employees/",
    {
      config: { can: "employee.list" },
      schema: {
        tags: ["employees"],
        summary: "Employees of a building (or of the user's buildings; every employee for office users)",
        querystring: EmployeeQuery,
        response: { 200: paginated(Employee), ...errors },
      },
    },
    async (req, reply) => sendView(req, reply, pages, await service.employeesView(contextOf(req), req.query)),
  );

  app.get(
    "/core/employees/simple-list/",
    {
      config: { can: "employee.list" },
      schema: {
        tags: ["employees"],
        summary: "Employees in short form (pickers, e-mail recipient suggestions)",
        querystring: EmployeeSimpleQuery,
        response: { 200: paginated(EmployeeSimple), ...errors },
      },
    },
    async (req, reply) => sendView(req, reply, pages, await service.employeesSimpleView(contextOf(req), req.query)),
  );

  app.get(
    "/core/global-users/",
    {
      config: { can: "global_users.search" },
      schema: {
        tags: ["users"],
        summary: "Search users (staff, club admins; tenants with role=TN only)",
        querystring: GlobalUserQuery,
        response: { 200: paginated(GlobalUser), ...errors },
      },
    },
    (req) => service.searchGlobalUsers(contextOf(req), req.query),
  );
};

export default routes;
