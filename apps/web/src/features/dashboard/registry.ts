/**
 * Every dashboard widget, by the feature that owns it: one line per feature, its widgets
 * imported from its index.ts (each feature describes them in its own folder). Who sees a widget
 * and where it goes is the widget's own description (see model.ts).
 */
import { instructionWidgets } from "../instructions/index.ts";
import { packageWidgets } from "../packages/index.ts";
import { shiftLogWidgets } from "../shift-logs/index.ts";
import { keyWidgets } from "../access-keys/index.ts";
import { contractorWidgets } from "../contractors/index.ts";
import { dashboardWidgetWidgets } from "../dashboard-widgets/index.ts";
import { managementNoteWidgets } from "../management-notes/index.ts";
import type { DashboardWidget } from "./model.ts";

export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = [
  ...shiftLogWidgets,
  ...packageWidgets,
  ...instructionWidgets,
  ...keyWidgets,
  ...contractorWidgets,
  ...dashboardWidgetWidgets,
  ...managementNoteWidgets,
];
