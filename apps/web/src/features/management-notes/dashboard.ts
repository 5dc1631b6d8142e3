import { lazy } from "react";
import { MANAGEMENT_NOTE_MESSAGES } from "@portico/contract";
import type { DashboardWidget } from "../dashboard/index.ts";

/** 'Notes from management' (document 3 "Dashboard items"): a card of its own after the front desk tabs. */
export const managementNoteWidgets: readonly DashboardWidget[] = [
  {
    key: "management-notes",
    title: MANAGEMENT_NOTE_MESSAGES.sectionTitle,
    size: "large",
    order: 40,
    action: "management_note.view",
    live: ["management_notes"],
    Component: lazy(() =>
      import("./components/ManagementNotesWidget.tsx").then((m) => ({ default: m.ManagementNotesWidget })),
    ),
  },
];
