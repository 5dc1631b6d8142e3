/**
 * What other areas may use from instructions (import lazily where a page would otherwise carry
 * it): the unit profile's Food deliveries and Instructions panels, the dashboard widgets and the
 * query keys the live stream refreshes.
 */
export { ProfileFoodDeliveriesPanel, ProfileInstructionsPanel } from "./components/ProfileInstructionsPanel.tsx";
export { instructionWidgets } from "./dashboard.ts";
export { instructionKeys } from "./api.ts";
