import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  addDays,
  defaultBuildingSettings,
  FOOD_DELIVERY_TYPE_ID,
  INSTRUCTION_MESSAGES,
  MESSAGES,
} from "@portico/contract";
import { Component as GridPage } from "./pages/InstructionsGridPage.tsx";
import { Component as ListPage } from "./pages/InstructionListPage.tsx";
import { Component as DetailPage } from "./pages/InstructionDetailPage.tsx";
import FoodDeliveryDrawer from "./components/FoodDeliveryDrawer.tsx";
import { DashboardInstructionsTab } from "./components/DashboardInstructionsTab.tsx";
import { InstructionListsWidget } from "./components/InstructionListsWidget.tsx";
import { ProfileFoodDeliveriesPanel, ProfileInstructionsPanel } from "./index.ts";
import { defaults, fakeApi, makeInstruction, makeMe, renderWithApp, today } from "./testing.tsx";

afterEach(() => vi.unstubAllGlobals());

const managerOnly = () => {
  const s = defaultBuildingSettings();
  s.instructionsettings.is_write_manager_only = true;
  return s;
};
const withFood = () => {
  const s = defaultBuildingSettings();
  s.fooddeliverysettings.has_food_delivery = true;
  return s;
};

describe("the grid of active instructions", () => {
  it("shows each card's type, unit, name, dates and tags; filters by type and search in the URL", async () => {
    const t = today();
    const list = [
      makeInstruction({ id: 1, name: "Tonight Guest", expiration_date: t }),
      makeInstruction({ id: 2, name: "Long Stay", expiration_date: addDays(t, 60), occupancy_is_do_not_disturb: true }),
      makeInstruction({
        id: 3,
        typeId: FOOD_DELIVERY_TYPE_ID,
        name: "Pizza Place",
        expiration_date: t,
        last_modified: new Date().toISOString(),
      }),
    ];
    const { calls } = fakeApi(undefined, defaults(list));
    const { router } = renderWithApp(<GridPage />, {
      path: "/1/front-desk/instructions",
      routePath: "/:buildingId/front-desk/instructions",
    });
    const cards = await screen.findAllByTestId("instruction-card");
    expect(cards).toHaveLength(3);
    const [tonight, long, food] = cards;
    expect(within(tonight).getByText(INSTRUCTION_MESSAGES.expiresTonight)).toBeTruthy();
    expect(within(tonight).getByRole("img", { name: "Registered guest" }).textContent).toBe("GUEST");
    expect(within(tonight).getByRole("link", { name: "Unit 1203" }).getAttribute("href")).toBe(
      "/1/manage/unit-profiles/91",
    );
    expect(within(tonight).getByRole("link", { name: "Tonight Guest" }).getAttribute("href")).toBe(
      "/1/front-desk/instructions/1",
    );
    expect(within(long).getByText(INSTRUCTION_MESSAGES.longTerm)).toBeTruthy();
    expect(within(long).getByText("Do not disturb")).toBeTruthy();
    expect(within(long).queryByText(INSTRUCTION_MESSAGES.expiresTonight)).toBeNull();
    expect(within(food).getByText("New")).toBeTruthy();
    expect(within(food).getByRole("button", { name: /^Arrived/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create" })).toBeTruthy();
    const first = calls.find((c) => c.path === "/instructions/instructions/")!;
    expect(Object.fromEntries(first.query)).toMatchObject({ building: "1", status: "active", limit: "5000" });

    fireEvent.mouseDown(screen.getByRole("combobox", { name: /^Type/ }));
    fireEvent.click(
      await within(await screen.findByRole("listbox")).findByRole("option", { name: "Permission to enter" }),
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Search apartment or resident" }), {
      target: { value: "1203" },
    });
    await waitFor(() => expect(router.state.location.search).toContain("search=1203"));
    expect(router.state.location.search).toContain("instruction_type=2");
    await waitFor(() =>
      expect(calls.some((c) => c.query.get("instruction_type") === "2" && c.query.get("search") === "1203")).toBe(true),
    );
  });

  it("hides Create and Expire from front desk in a manager-only building", async () => {
    fakeApi(undefined, defaults([makeInstruction()]));
    renderWithApp(<GridPage />, {
      path: "/1/front-desk/instructions",
      routePath: "/:buildingId/front-desk/instructions",
      settings: managerOnly(),
    });
    await screen.findAllByTestId("instruction-card");
    expect(screen.queryByRole("link", { name: "Create" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Expire" })).toBeNull();
  });
});

describe("the advanced search", () => {
  it("reads every filter from the URL (the profile's link) and writes the search back to it", async () => {
    const { calls } = fakeApi(undefined, defaults([makeInstruction()]));
    const { router } = renderWithApp(<ListPage />, {
      path: "/1/front-desk/instructions/list?occupancy=91&limit=5000&status=all",
      routePath: "/:buildingId/front-desk/instructions/list",
    });
    expect(await screen.findByText("1 instruction")).toBeTruthy();
    const first = calls.find((c) => c.path === "/instructions/instructions/")!;
    expect(Object.fromEntries(first.query)).toMatchObject({
      building: "1",
      occupancy: "91",
      limit: "5000",
      offset: "0",
      status: "all",
      ordering: "-expiration_date",
    });
    fireEvent.change(screen.getByRole("textbox", { name: /^Search/ }), { target: { value: "jane" } });
    fireEvent.click(screen.getByLabelText("Exclude food deliveries"));
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toContain("search=jane"));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("exclude_food_delivery")).toBe("true");
    expect(params.get("occupancy")).toBe("91");
    expect(params.get("status")).toBe("all");
    await waitFor(() =>
      expect(
        calls.some((c) => c.query.get("search") === "jane" && c.query.get("exclude_food_delivery") === "true"),
      ).toBe(true),
    );
  });

  it("says 'No matching results for this search criteria' when nothing matches", async () => {
    fakeApi(undefined, defaults([]));
    renderWithApp(<ListPage />, {
      path: "/1/front-desk/instructions/list?search=nobody",
      routePath: "/:buildingId/front-desk/instructions/list",
    });
    expect(await screen.findByText(MESSAGES.noMatchingResults)).toBeTruthy();
  });
});

describe("Arrived and Expire", () => {
  it("Arrived on a food delivery in the drawer expires it", async () => {
    const food = makeInstruction({
      id: 9,
      typeId: FOOD_DELIVERY_TYPE_ID,
      name: "Pizza Place",
      expiration_date: today(),
    });
    const { calls } = fakeApi(
      (c) => (c.method === "POST" && c.path.endsWith("/expire/") ? { status: 200, body: food } : undefined),
      defaults([food]),
    );
    renderWithApp(<FoodDeliveryDrawer open onClose={() => {}} />, { settings: withFood() });
    const card = await screen.findByTestId("instruction-card");
    const first = calls.find((c) => c.path === "/instructions/instructions/")!;
    expect(Object.fromEntries(first.query)).toMatchObject({ food_delivery: "true", status: "active", limit: "50" });
    fireEvent.click(within(card).getByRole("button", { name: /^Arrived/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.path === "/instructions/instructions/9/expire/")).toBe(true),
    );
    expect(await screen.findByText("Marked arrived: Pizza Place")).toBeTruthy();
  });

  it("the quick add creates a food delivery that expires tonight", async () => {
    const { calls } = fakeApi(
      (c) =>
        c.method === "POST" ? { status: 201, body: makeInstruction({ typeId: FOOD_DELIVERY_TYPE_ID }) } : undefined,
      defaults([]),
    );
    renderWithApp(<FoodDeliveryDrawer open onClose={() => {}} />, { settings: withFood() });
    fireEvent.click(await screen.findByRole("button", { name: "Add food delivery" }));
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findAllByText(MESSAGES.fieldRequired)).toHaveLength(2);
    const unit = screen.getByRole("combobox", { name: /^Unit/ });
    fireEvent.focus(unit);
    fireEvent.keyDown(unit, { key: "ArrowDown" });
    fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: "1203" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^Restaurant/ }), { target: { value: "Noodle Bar" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText(MESSAGES.dataSaved)).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")!.body as FormData;
    expect(body.get("instruction_type")).toBe(String(FOOD_DELIVERY_TYPE_ID));
    expect(body.get("occupancy")).toBe("91");
    expect(body.get("name")).toBe("Noodle Bar");
    expect(body.get("expiration_date")).toBe(today());
  });

  it("the detail page: Expire after a confirmation, Edit, history; no Edit for a food delivery", async () => {
    const guest = makeInstruction({ id: 700 });
    const { calls } = fakeApi(
      (c) => (c.method === "POST" ? { status: 200, body: { ...guest, is_manually_expired: true } } : undefined),
      defaults([guest, makeInstruction({ id: 701, typeId: FOOD_DELIVERY_TYPE_ID })]),
    );
    renderWithApp(<DetailPage />, {
      path: "/1/front-desk/instructions/700",
      routePath: "/:buildingId/front-desk/instructions/:instructionId",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Jane Guest" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      "/1/front-desk/instructions/edit?occupancy_id=91&instruction_id=700",
    );
    expect(await screen.findByText("No events")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Expire" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Expire" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/instructions/instructions/700/expire/")).toBe(true));
  });

  it("the detail page of a food delivery offers Arrived, not Edit", async () => {
    fakeApi(undefined, defaults([makeInstruction({ id: 701, typeId: FOOD_DELIVERY_TYPE_ID, name: "Pizza" })]));
    renderWithApp(<DetailPage />, {
      path: "/1/front-desk/instructions/701",
      routePath: "/:buildingId/front-desk/instructions/:instructionId",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Pizza" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Arrived/ })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
  });
});

describe("the dashboard tab and the unit profile", () => {
  it("shows 9 cards, then 9 more up to 27, then the link to search all", async () => {
    const list = Array.from({ length: 27 }, (_, n) =>
      makeInstruction({ id: n + 1, name: `Guest ${n + 1}`, typeId: n === 1 ? FOOD_DELIVERY_TYPE_ID : 1 }),
    );
    const { calls } = fakeApi(undefined, defaults(list));
    renderWithApp(<DashboardInstructionsTab />);
    expect(await screen.findAllByTestId("instruction-card")).toHaveLength(9);
    // Food-delivery cards have 'Arrived'; the others no button.
    expect(screen.getAllByRole("button", { name: /^Arrived/ })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Expire" })).toBeNull();
    expect(calls.find((c) => c.path === "/instructions/instructions/")!.query.get("limit")).toBe("27");
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(screen.getAllByTestId("instruction-card")).toHaveLength(18);
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(screen.getAllByTestId("instruction-card")).toHaveLength(27);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(screen.getByRole("link", { name: INSTRUCTION_MESSAGES.searchAll }).getAttribute("href")).toBe(
      "/1/front-desk/instructions/list",
    );
    // A card opens in a drawer that links to its page.
    fireEvent.click(screen.getByRole("button", { name: "Guest 1" }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByRole("link", { name: "Open instruction page" }).getAttribute("href")).toBe(
      "/1/front-desk/instructions/1",
    );
  });

  it("the profile: active then recently expired, with create and the unit's list; food deliveries only when current", async () => {
    const t = today();
    const list = [
      makeInstruction({ id: 1, name: "Active Guest" }),
      makeInstruction({ id: 2, name: "Gone Guest", start_date: addDays(t, -5), expiration_date: addDays(t, -2) }),
      makeInstruction({ id: 3, name: "Ancient", start_date: addDays(t, -90), expiration_date: addDays(t, -60) }),
    ];
    fakeApi(undefined, defaults(list));
    renderWithApp(
      <>
        <ProfileFoodDeliveriesPanel buildingId={1} occupancyId={91} />
        <ProfileInstructionsPanel buildingId={1} occupancyId={91} />
      </>,
      { me: makeMe("FD") },
    );
    const panel = await screen.findByRole("region", { name: "Instructions" });
    expect(await within(panel).findByText("Active (1)")).toBeTruthy();
    expect(within(panel).getByText("Recently expired (1)")).toBeTruthy();
    expect(within(panel).queryByText("Ancient")).toBeNull();
    expect(within(panel).getByRole("link", { name: "Create" }).getAttribute("href")).toBe(
      "/1/front-desk/instructions/create?occupancy_id=91",
    );
    expect(within(panel).getByRole("link", { name: "All instructions" }).getAttribute("href")).toBe(
      "/1/front-desk/instructions/list?occupancy=91&limit=5000&status=all",
    );
    expect(screen.queryByRole("region", { name: "Food deliveries" })).toBeNull();
  });
});

describe("the dashboard's right side", () => {
  it("the name search goes to the unit profile; the two buttons open their drawers", async () => {
    const guard = makeInstruction({ id: 5, typeId: 3, name: "Ex-partner" });
    const { calls } = fakeApi(undefined, defaults([guard]));
    const { router } = renderWithApp(<InstructionListsWidget />, {
      extraRoutes: [{ path: "/:buildingId/manage/unit-profiles/:id", element: <p>Unit profile</p> }],
      routePath: "/:buildingId/dashboard",
    });
    fireEvent.click(screen.getByRole("button", { name: INSTRUCTION_MESSAGES.securityList }));
    const security = await screen.findByRole("dialog", { name: INSTRUCTION_MESSAGES.securityList });
    expect(await within(security).findByText("Ex-partner")).toBeTruthy();
    expect(within(security).getByRole("button", { name: "Print" })).toBeTruthy();
    expect(calls.some((c) => c.path === "/instructions/instructions/security/")).toBe(true);
    fireEvent.click(within(security).getByRole("button", { name: "Close" }));

    fireEvent.click(screen.getByRole("button", { name: INSTRUCTION_MESSAGES.recentlyExpired }));
    await screen.findByRole("dialog", { name: INSTRUCTION_MESSAGES.recentlyExpired });
    expect(calls.some((c) => c.path === "/instructions/instructions/expired/")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));

    const search = screen.getByRole("combobox", { name: "Active name search (instructions, pets)" });
    fireEvent.change(search, { target: { value: "Ex" } });
    fireEvent.click(await screen.findByRole("option", { name: /Ex-partner/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/manage/unit-profiles/91"));
    const asked = calls.find((c) => c.path === "/instructions/instructions/" && c.query.get("search") === "Ex")!;
    expect(asked.query.get("status")).toBe("active");
  });
});
