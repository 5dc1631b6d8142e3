import { lazy } from "react";
import type { DashboardWidget } from "../dashboard/index.ts";

/**
 * The instructions' dashboard widgets (document 1 section 2.3): the Instructions tab of the front
 * desk card, and on the right the active name search with the 'Recently expired instructions'
 * and 'Active security / do not allow list' buttons.
 */
export const instructionWidgets: readonly DashboardWidget[] = [
  {
    key: "instructions",
    title: "Instructions",
    size: "large",
    // Instructions (10), Shift log (20), Contractors (30): the spec's order of the tabs.
    order: 10,
    group: "front-desk",
    action: "instruction.view",
    live: ["instructions"],
    Component: lazy(() =>
      import("./components/DashboardInstructionsTab.tsx").then((m) => ({ default: m.DashboardInstructionsTab })),
    ),
  },
  {
    key: "instruction-lists",
    title: "Instructions",
    size: "small",
    // First on the right side, before the action items and upcoming occupancies.
    order: 5,
    action: "instruction.view",
    live: ["instructions"],
    Component: lazy(() =>
      import("./components/InstructionListsWidget.tsx").then((m) => ({ default: m.InstructionListsWidget })),
    ),
  },
];
