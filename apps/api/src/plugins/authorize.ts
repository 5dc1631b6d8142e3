import fp from "fastify-plugin";
import { allowsSomewhere, type RouteAction } from "../lib/access.ts";
import { PermissionDeniedError } from "../lib/errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The permission a route needs. A user whose role cannot do it in any of their buildings is
     * refused with 403 before the request is parsed or validated (never a 400 that tells them
     * about fields); the check per building stays in the service.
     */
    can?: RouteAction;
  }
  interface FastifyInstance {
    /** The permission of every API route that declares one, by `METHOD /api/v1/path/{param}/`. */
    routePermissions: Map<string, RouteAction>;
  }
}

/** `/api/v1/x/:id/` as the OpenAPI document writes it: `/api/v1/x/{id}/`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

/** Registered after the auth plugin: its hook runs once the user is known. */
export default fp(async (app) => {
  // The application decorates the map at its root (for tests and tools); a bare app gets its own.
  if (!app.hasDecorator("routePermissions")) app.decorate("routePermissions", new Map<string, RouteAction>());
  const permissions = app.routePermissions;
  app.addHook("onRoute", (route) => {
    const action = (route.config as { can?: RouteAction } | undefined)?.can;
    if (!action) return;
    for (const m of [route.method].flat()) permissions.set(`${m} ${openApiPath(route.url)}`, action);
  });
  app.addHook("onRequest", async (req) => {
    const action = req.routeOptions.config?.can;
    if (!action || !req.user) return;
    if (!(await allowsSomewhere(req, req.user, action))) throw new PermissionDeniedError();
  });
});
