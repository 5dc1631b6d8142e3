/**
 * The dashboard is a set of widgets that features register (document 1 section 2.3, document 3
 * "Dashboard items"). A feature describes its widgets in its own folder, exports them through
 * its `index.ts`, and `registry.ts` lists them; the dashboard decides who sees which (the gates)
 * and where they go (the layout). Nothing here knows any feature.
 */
import type { ComponentType, LazyExoticComponent } from "react";
import type { Action, BuildingSettings, Role } from "@portico/contract";
import type { LiveTopic } from "../../lib/live.ts";

/**
 * `large`: the main column (feeds, tabs, lists of cards); `small`: the side column (figures,
 * short lists, buttons). On mobile every widget is one column wide.
 */
export type WidgetSize = "large" | "small";

/** Cards whose widgets show as tabs of one card (the left side's Instructions / Shift log / Contractors). */
export const DASHBOARD_GROUPS = {
  "front-desk": { label: "Front desk", size: "large" },
} as const satisfies Record<string, { label: string; size: WidgetSize }>;
export type DashboardGroupKey = keyof typeof DASHBOARD_GROUPS;

export interface DashboardWidget {
  /** Unique; a tab's key is its `?tab=` value. */
  key: string;
  /** The widget's heading (or its tab's label). */
  title: string;
  size: WidgetSize;
  /** Lower first: within a column on a wide screen, and on mobile across all widgets. */
  order: number;
  /** Shown as a tab of this card instead of a card of its own. */
  group?: DashboardGroupKey;
  /** Asked through can() in the current building: covers the role and the building's settings. */
  action?: Action;
  /** Besides `action`: at least one of these (a widget of several items, each with its own gate). */
  anyOf?: readonly Action[];
  /** Only these roles (e.g. the second staff group), besides `action`. */
  roles?: readonly Role[];
  /** A building setting the widget needs (false while the settings load). */
  setting?: (settings: BuildingSettings) => boolean;
  /**
   * The live-stream topics whose changes the widget shows without reloading: its queries'
   * keys must be among what app/liveTopics.ts invalidates for them (a test holds every
   * registered widget to it).
   */
  live?: readonly LiveTopic[];
  /** The widget's body (lazy, so the dashboard's chunk carries no feature's code). */
  Component: LazyExoticComponent<ComponentType> | ComponentType;
}

export interface Viewer {
  can: (action: Action) => boolean;
  role: Role;
  settings: BuildingSettings | undefined;
}

/** The widgets this viewer may see in this building. */
export function visibleWidgets(widgets: readonly DashboardWidget[], viewer: Viewer): DashboardWidget[] {
  return widgets.filter(
    (w) =>
      (!w.action || viewer.can(w.action)) &&
      (!w.anyOf || w.anyOf.some((a) => viewer.can(a))) &&
      (!w.roles || w.roles.includes(viewer.role)) &&
      (!w.setting || (viewer.settings !== undefined && w.setting(viewer.settings))),
  );
}

/** One card on the dashboard: a widget, or a group's widgets as tabs. */
export type DashboardCard =
  | { kind: "widget"; key: string; size: WidgetSize; order: number; widget: DashboardWidget }
  | { kind: "tabs"; key: DashboardGroupKey; size: WidgetSize; order: number; label: string; tabs: DashboardWidget[] };

const byOrder = <T extends { order: number; key: string }>(a: T, b: T) =>
  a.order - b.order || a.key.localeCompare(b.key);

/** The cards of the visible widgets, in order (a group sits where its first tab is). */
export function cardsOf(widgets: readonly DashboardWidget[]): DashboardCard[] {
  const cards: DashboardCard[] = [];
  const groups = new Map<DashboardGroupKey, DashboardWidget[]>();
  for (const w of [...widgets].sort(byOrder)) {
    if (!w.group) {
      cards.push({ kind: "widget", key: w.key, size: w.size, order: w.order, widget: w });
      continue;
    }
    const tabs = groups.get(w.group);
    if (tabs) {
      tabs.push(w);
      continue;
    }
    const list = [w];
    groups.set(w.group, list);
    const g = DASHBOARD_GROUPS[w.group];
    cards.push({ kind: "tabs", key: w.group, size: g.size, order: w.order, label: g.label, tabs: list });
  }
  return cards;
}

/** MUI Grid sizes per breakpoint. */
export type GridSize = Partial<Record<"xs" | "sm" | "md" | "lg" | "xl", number>>;

export interface DashboardColumn {
  key: "main" | "side" | "all";
  size: GridSize;
  /** The size of each card inside the column (its own grid). */
  cardSize: GridSize;
  cards: DashboardCard[];
}

/**
 * Where the cards go. Mobile: one column in order. Wide screens (1,200 px and up): the main
 * column two thirds and the side column one third; a column alone takes the whole width (side
 * cards then three abreast). In between, the main column above and the side cards two abreast.
 */
export function layoutOf(cards: readonly DashboardCard[], mobile: boolean): DashboardColumn[] {
  if (mobile) return [{ key: "all", size: { xs: 12 }, cardSize: { xs: 12 }, cards: [...cards] }];
  const main = cards.filter((c) => c.size === "large");
  const side = cards.filter((c) => c.size === "small");
  const columns: DashboardColumn[] = [];
  if (main.length)
    columns.push({ key: "main", size: { xs: 12, lg: side.length ? 8 : 12 }, cardSize: { xs: 12 }, cards: main });
  if (side.length)
    columns.push({
      key: "side",
      size: { xs: 12, lg: main.length ? 4 : 12 },
      cardSize: { xs: 12, sm: 6, lg: main.length ? 12 : 4 },
      cards: side,
    });
  return columns;
}
