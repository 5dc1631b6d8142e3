import { type Me, ROLE_DISPLAY } from "@portico/contract";
import { requireUser } from "../../lib/current-user.ts";
import * as repo from "./repository.ts";
import type { ServiceContext } from "../../lib/context.ts";

/** GET /me/ — who is signed in, their portfolio and the buildings they may open. */
export async function getMe(ctx: ServiceContext): Promise<Me> {
  const user = requireUser(ctx);
  const db = ctx.db;
  const [portfolio, buildings] = await Promise.all([
    repo.getPortfolio(db),
    repo.buildingsFor(db, user.role === "OF" ? { all: true } : { all: false, ids: user.buildings }),
  ]);
  const { config } = ctx;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    role_display: ROLE_DISPLAY[user.role] ?? user.role,
    portfolio: {
      name: portfolio?.name ?? "",
      logo_url: portfolio?.logo_url ?? null,
      employee_portal_name: portfolio?.employee_portal_name ?? "Portico",
    },
    buildings,
    tenant_site_url: [portfolio?.tenant_site_url, config.tenantSiteUrl].find(isReachableSite) ?? null,
    change_password_url: config.oidc.accountUrl,
  };
}

/**
 * A tenant site people can open. Names under the .example and .invalid top-level domains are
 * reserved never to resolve (RFC 2606), like the demo portfolio's placeholder: no site is
 * configured then, and the web app says so instead of sending tenants nowhere.
 */
export function isReachableSite(url: string | null | undefined): url is string {
  if (!url || !URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  return !/(^|\.)(example|invalid)$/.test(host);
}
