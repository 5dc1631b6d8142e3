import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { Detail } from "@portico/contract";
import type { RouteAction } from "../../lib/access.ts";
import { contextOf, type ServiceContext } from "../../lib/context.ts";
import { XlsxSheet } from "../../lib/xlsx.ts";

/** 400 bodies: `{field: [msg]}`, nested per row for lists, `non_field_errors`, or `{detail}`. */
const Errors400 = z.record(z.string(), z.unknown());
const errors = { 400: Errors400, 401: Detail, 403: Detail, 404: Detail };

type Input<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * One route of the unit profiles: `"METHOD /path/"`, the permission it declares, its OpenAPI
 * summary and schemas, and what it runs. Bodies wait for the building gate (`attachValidation`):
 * the service judges them with the contract schema, so `run` sees the body as sent.
 */
export interface Endpoint<P extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  route: `${"GET" | "POST" | "PATCH" | "DELETE"} /${string}`;
  can: RouteAction;
  summary: string;
  description?: string;
  params?: P;
  querystring?: Q;
  body?: z.ZodType;
  consumes?: string[];
  /** The answer: 200 by default, 201 for what a POST creates, 204 (no body) for deletions. */
  status?: 200 | 201 | 204;
  /** The success body (a 204 has none). */
  response?: z.ZodType;
  /** Answers beyond the usual 400/401/403/404. */
  otherErrors?: Record<number, z.ZodType>;
  run: (
    ctx: ServiceContext,
    input: { params: Input<P>; query: Input<Q>; body: unknown },
    req: FastifyRequest,
  ) => unknown;
}

/** Registers one endpoint; a service answering an `XlsxSheet` streams the spreadsheet. */
export function endpoint<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  tags: string[],
  e: Endpoint<P, Q>,
) {
  const [method, url] = e.route.split(" ");
  const status = e.status ?? 200;
  app.route({
    method,
    url,
    config: { can: e.can },
    ...(e.body && { attachValidation: true }),
    schema: {
      tags,
      summary: e.summary,
      ...(e.description && { description: e.description }),
      ...(e.params && { params: e.params }),
      ...(e.querystring && { querystring: e.querystring }),
      ...(e.body && { body: e.body }),
      ...(e.consumes && { consumes: e.consumes }),
      response: { [status]: e.response ?? z.null(), ...errors, ...e.otherErrors },
    },
    handler: async (req, reply) => {
      const input = { params: req.params, query: req.query, body: req.body } as Parameters<typeof e.run>[1];
      const out = await e.run(contextOf(req), input, req);
      if (out instanceof XlsxSheet) return out.send(reply);
      if (status === 204) return reply.status(204).send(null);
      return status === 201 ? reply.status(201).send(out) : out;
    },
  });
}
