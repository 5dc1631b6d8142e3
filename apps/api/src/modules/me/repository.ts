import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { buildings, portfolios } from "../../db/schema/index.ts";

/** The portfolio this installation serves (one row; null before the first one is created). */
export async function getPortfolio(db: DbOrTx) {
  const rows = await db
    .select({
      name: portfolios.name,
      logo_url: portfolios.logo_url,
      employee_portal_name: portfolios.employee_portal_name,
      tenant_site_url: portfolios.tenant_site_url,
    })
    .from(portfolios)
    .orderBy(asc(portfolios.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Active buildings, every one or these ids, by the number at the start of the address. */
export async function buildingsFor(db: DbOrTx, scope: { all: true } | { all: false; ids: number[] }) {
  if (!scope.all && !scope.ids.length) return [];
  return db
    .select({ id: buildings.id, address: buildings.address, name: buildings.name })
    .from(buildings)
    .where(
      scope.all ? eq(buildings.is_active, true) : and(eq(buildings.is_active, true), inArray(buildings.id, scope.ids)),
    )
    .orderBy(asc(buildings.address_number), asc(buildings.address), asc(buildings.id));
}
