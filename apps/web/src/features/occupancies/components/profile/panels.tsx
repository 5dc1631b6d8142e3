/**
 * The unit profile's right column as data (document 1 section 2.4): each area plugs its panel in
 * here, in the spec's order, with the rule that shows it. Panels are lazy, so the profile page
 * does not carry them; each one is wrapped in its own error boundary and loading state.
 *
 * Spec order: Food deliveries (only if any current), Packages, Maintenance requests,
 * Instructions, Recent shift log notes, Reservations (building has reservations), Lockouts
 * (lockouts enabled), Activity.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Action, BuildingSettings, Occupancy } from "@portico/contract";

export interface ProfilePanelProps {
  occupancy: Occupancy;
  buildingId: number;
}

export interface ProfilePanelContext extends ProfilePanelProps {
  settings: BuildingSettings | undefined;
  can: (action: Action) => boolean;
}

export interface ProfilePanelSlot {
  key: string;
  /** Shown when this answers true (default: always). */
  show?: (ctx: ProfilePanelContext) => boolean;
  Component: LazyExoticComponent<ComponentType<ProfilePanelProps>>;
}

const ShiftLogPanel = lazy(async () => {
  const { RecentShiftLogNotes } = await import("../../../shift-logs/index.ts");
  function ProfileShiftLogNotes({ occupancy, buildingId }: ProfilePanelProps) {
    return (
      <RecentShiftLogNotes
        occupancyId={occupancy.id}
        buildingId={buildingId}
        apartmentNumber={occupancy.apartment_number}
      />
    );
  }
  return { default: ProfileShiftLogNotes };
});

const PackagesPanel = lazy(async () => {
  const { ProfilePackagesPanel } = await import("../../../packages/index.ts");
  function ProfilePackages({ occupancy, buildingId }: ProfilePanelProps) {
    return <ProfilePackagesPanel buildingId={buildingId} occupancyId={occupancy.id} />;
  }
  return { default: ProfilePackages };
});

const FoodDeliveriesPanel = lazy(async () => {
  const { ProfileFoodDeliveriesPanel } = await import("../../../instructions/index.ts");
  function ProfileFoodDeliveries({ occupancy, buildingId }: ProfilePanelProps) {
    return <ProfileFoodDeliveriesPanel buildingId={buildingId} occupancyId={occupancy.id} />;
  }
  return { default: ProfileFoodDeliveries };
});

const InstructionsPanel = lazy(async () => {
  const { ProfileInstructionsPanel } = await import("../../../instructions/index.ts");
  function ProfileInstructions({ occupancy, buildingId }: ProfilePanelProps) {
    return <ProfileInstructionsPanel buildingId={buildingId} occupancyId={occupancy.id} />;
  }
  return { default: ProfileInstructions };
});

const MaintenancePanel = lazy(async () => {
  const { ProfileMaintenancePanel } = await import("../../../maintenance-requests/index.ts");
  function ProfileMaintenance({ occupancy, buildingId }: ProfilePanelProps) {
    return (
      <ProfileMaintenancePanel
        buildingId={buildingId}
        occupancyId={occupancy.id}
        apartmentId={occupancy.apartment_id}
      />
    );
  }
  return { default: ProfileMaintenance };
});

const AmenityPanel = lazy(async () => {
  const { ProfileAmenityPanel } = await import("../../../amenity-reservations/index.ts");
  function ProfileAmenities({ occupancy, buildingId }: ProfilePanelProps) {
    return <ProfileAmenityPanel buildingId={buildingId} occupancyId={occupancy.id} residents={occupancy.occupant_set} />;
  }
  return { default: ProfileAmenities };
});

const LockoutsPanel = lazy(async () => {
  const { ProfileLockoutsPanel } = await import("../../../lockouts/index.ts");
  function ProfileLockouts({ occupancy, buildingId }: ProfilePanelProps) {
    return <ProfileLockoutsPanel buildingId={buildingId} occupancyId={occupancy.id} />;
  }
  return { default: ProfileLockouts };
});

const ReservationsPanel = lazy(async () => {
  const { ProfileReservationsPanel } = await import("../../../elevator-reservations/index.ts");
  function ProfileReservations({ occupancy, buildingId }: ProfilePanelProps) {
    return <ProfileReservationsPanel buildingId={buildingId} occupancyId={occupancy.id} />;
  }
  return { default: ProfileReservations };
});

const ActivityPanel = lazy(async () => {
  const { ActivityPanel: Panel } = await import("./ActivityPanel.tsx");
  function ProfileActivity({ occupancy }: ProfilePanelProps) {
    return <Panel occupancyId={occupancy.id} />;
  }
  return { default: ProfileActivity };
});

export const PROFILE_RIGHT_PANELS: ProfilePanelSlot[] = [
  // Food deliveries (document 2, instructions area): the panel shows itself only when the unit has current ones.
  { key: "food-deliveries", show: (c) => c.can("instruction.view"), Component: FoodDeliveriesPanel },
  { key: "packages", show: (c) => c.can("nav.packages"), Component: PackagesPanel },
  { key: "maintenance", show: (c) => c.can("maintenance.use"), Component: MaintenancePanel },
  { key: "instructions", show: (c) => c.can("instruction.view"), Component: InstructionsPanel },
  { key: "shift-log", show: (c) => c.can("shiftlog.view"), Component: ShiftLogPanel },
  // Reservations (document 3): show: (c) => !!c.settings?.reservationsettings.has_reservations.
  { key: "amenity-reservations", show: (c) => c.can("amenity.view"), Component: AmenityPanel },
  { key: "reservations", show: (c) => c.can("elevator.use"), Component: ReservationsPanel },
  { key: "lockouts", show: (c) => c.can("lockout.use"), Component: LockoutsPanel },
  { key: "activity", show: (c) => c.can("occupancy.history"), Component: ActivityPanel },
];
