import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Detail, Me } from "@portico/contract";
import * as service from "./service.ts";
import { contextOf } from "../../lib/context.ts";

const routes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/me/",
    {
      schema: {
        tags: ["me"],
        summary: "The signed-in user, their portfolio and the buildings they may see",
        response: { 200: Me, 401: Detail },
      },
    },
    (req) => service.getMe(contextOf(req)),
  );
};

export default routes;
