import Link from "@mui/material/Link";
import { CONTRACTOR_MESSAGES } from "@portico/contract";
import { RouterLink } from "../../../components/RouterLink.tsx";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useCloseOnNavigate } from "../../../lib/useCloseOnNavigate.ts";
import { contractorPaths } from "../model.ts";
import { ContractorVisitForm } from "./ContractorVisitForm.tsx";

/** The top navigation's Contractors drawer (document 2 section 2): the visit form and a link to the list. */
export default function ContractorVisitDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const can = useCan();
  const { id: building } = useBuilding();
  useCloseOnNavigate(onClose);
  if (!can("contractor.use")) return null;
  return (
    <SideDrawer open={open} onClose={onClose} title="Log contractor visit">
      <ContractorVisitForm building={building} />
      <Link component={RouterLink} to={contractorPaths.list(building)} sx={{ justifySelf: "start" }}>
        {CONTRACTOR_MESSAGES.viewAll}
      </Link>
    </SideDrawer>
  );
}
