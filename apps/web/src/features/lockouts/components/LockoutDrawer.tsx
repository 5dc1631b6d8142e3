import { useBuilding, useCan } from "../../../lib/session.tsx";
import { useCloseOnNavigate } from "../../../lib/useCloseOnNavigate.ts";
import { SideDrawer } from "../../../components/SideDrawer.tsx";
import { LockoutForm } from "./LockoutForm.tsx";

/**
 * The top navigation's Lockouts drawer (document 2 section 2; only when the building has
 * lockouts): the lockout form.
 */
export default function LockoutDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const can = useCan();
  const { id: building } = useBuilding();
  // Following the success alert's link to the list closes the drawer.
  useCloseOnNavigate(onClose);
  if (!can("lockout.use")) return null;
  return (
    <SideDrawer open={open} onClose={onClose} title="Create lockout">
      <LockoutForm building={building} />
    </SideDrawer>
  );
}
