import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";
import { Detail, FieldErrors, Id, paginated } from "@portico/contract";
import { requireUser } from "../current-user.ts";
import { pageOf, paginate } from "../pagination.ts";
import { type TypeListDefinition, type TypeListDeps, typeListService } from "./service.ts";

const IdParams = z.object({ id: Id });
const errors = { 400: FieldErrors, 401: Detail, 403: Detail, 404: Detail };

/**
 * The routes of a type list at `def.path`: GET (list), POST (create), GET and PATCH `{id}/`,
 * POST `{id}/toggle_active/` (when the table has is_active). Answers as the contract's schemas say (201 on create).
 */
export function registerTypeList<Row, Insert, Item, Write, Patch, Query>(
  fastify: FastifyInstance,
  def: TypeListDefinition<Row, Insert, Item, Write, Patch, Query>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = typeListService(def);
  const deps = (): TypeListDeps => ({ db: app.db, changes: app.changes });
  const { tags, noun, path } = def;
  // The answers' types are the definition's own; fastify sees the schemas as plain zod types.
  const { item, write, patch }: Record<"item" | "write" | "patch", ZodType> = def.schemas;
  const size = def.pageSize ?? { default: 1000, max: 1000 };

  app.get(
    path,
    {
      config: { can: def.can.view },
      schema: {
        tags,
        summary: `Every ${noun}, in display order`,
        querystring: def.schemas.query,
        response: { 200: paginated(item), ...errors },
      },
    },
    async (req) => {
      const query = req.query as Query & { limit?: number; offset?: number };
      const page = pageOf(query, size.default, size.max);
      const { count, results } = await service.list(deps(), requireUser(req), query, page);
      return paginate(req, page, count, results);
    },
  );

  app.post(
    path,
    {
      config: { can: def.can.manage },
      schema: { tags, summary: `Adds a ${noun}`, body: write, response: { 201: item, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await service.create(deps(), requireUser(req), req.body as Write)),
  );

  for (const one of def.detailWithoutSlash ? [`${path}:id/`, `${path}:id`] : [`${path}:id/`])
    app.get(
      one,
      {
        config: { can: def.can.view },
        schema: { tags, summary: `One ${noun}`, params: IdParams, response: { 200: item, ...errors }, hide: !one.endsWith("/") },
      },
      async (req) => service.get(deps(), requireUser(req), req.params.id),
    );

  app.patch(
    `${path}:id/`,
    {
      config: { can: def.can.manage },
      schema: {
        tags,
        summary: `Edits a ${noun}; an immutable one is refused`,
        params: IdParams,
        body: patch,
        response: { 200: item, ...errors },
      },
    },
    async (req) => service.update(deps(), requireUser(req), req.params.id, req.body as Patch),
  );

  if (!def.rows.has.active) return;
  app.post(
    `${path}:id/toggle_active/`,
    {
      config: { can: def.can.manage },
      schema: {
        tags,
        summary: `Makes a ${noun} active or inactive; an immutable one is refused`,
        params: IdParams,
        response: { 200: item, ...errors },
      },
    },
    async (req) => service.toggle(deps(), requireUser(req), req.params.id),
  );
}
