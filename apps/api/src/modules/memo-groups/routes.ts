import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Detail,
  FieldErrors,
  Id,
  MemoGroup,
  MemoGroupDeleted,
  MemoGroupPatch,
  MemoGroupQuery,
  MemoGroupWrite,
  paginated,
} from "@portico/contract";
import { contextOf } from "../../lib/context.ts";
import * as service from "./service.ts";

const BuildingParams = z.object({ building: Id });
const GroupParams = z.object({ building: Id, id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };
const tags = ["memo-groups"];
const config = { can: "memo.send" } as const;
const PATH = "/core/buildings/:building/memo-groups/";

/** Memo groups (document 3 section 7): a building's named sets of units a memo goes to. */
const routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: "The building's memo groups by name, with their units",
        params: BuildingParams,
        querystring: MemoGroupQuery,
        response: { 200: paginated(MemoGroup), ...errors },
      },
    },
    async (req) => service.listGroups(contextOf(req), req.params.building, req.query),
  );

  app.post(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: "Adds a memo group {name, apartment_ids} ('Memo group created')",
        params: BuildingParams,
        body: MemoGroupWrite,
        response: { 201: MemoGroup, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createGroup(contextOf(req), req.params.building, req.body)),
  );

  app.get(
    `${PATH}:id/`,
    {
      config,
      schema: { tags, summary: "One memo group", params: GroupParams, response: { 200: MemoGroup, ...errors } },
    },
    async (req) => service.getGroup(contextOf(req), req.params.building, req.params.id),
  );

  app.patch(
    `${PATH}:id/`,
    {
      config,
      schema: {
        tags,
        summary: "Changes a memo group's name or units ('Memo group updated')",
        params: GroupParams,
        body: MemoGroupPatch,
        response: { 200: MemoGroup, ...errors },
      },
    },
    async (req) => service.updateGroup(contextOf(req), req.params.building, req.params.id, req.body),
  );

  app.delete(
    `${PATH}:id/`,
    {
      config,
      schema: {
        tags,
        summary: "Deletes a memo group ('Memo group \"{name}\" deleted')",
        params: GroupParams,
        response: { 200: MemoGroupDeleted, ...errors },
      },
    },
    async (req) => service.deleteGroup(contextOf(req), req.params.building, req.params.id),
  );
};

export default routes;
