import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { RESERVATION_TYPE_MESSAGES as M } from "@portico/contract";
import { MOVE_IN } from "./testing.ts";
import { fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as TypeFormPage } from "./pages/ReservationTypeFormPage.tsx";
import { Component as TypesPage } from "./pages/ReservationTypesPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const BUILDINGS = [
  { id: 1, address: "100 Riverside Drive", name: "The Riverside", time_zone: "America/New_York" },
  { id: 2, address: "5 Park Lane", name: "Park Lane", time_zone: "America/New_York" },
];

const api = () =>
  fakeApi((c) => {
    if (c.method === "GET" && c.path === "/reservations/reservation-types/")
      return {
        status: 200,
        body: page([MOVE_IN, { ...MOVE_IN, id: 4, name: "Delivery", short_name: "DL", is_immutable: true }]),
      };
    if (c.method === "POST" && c.path === "/reservations/reservation-types/")
      return { status: 201, body: { ...MOVE_IN, id: 9, ...(c.body as object) } };
    if (c.path === "/core/buildings/") return { status: 200, body: page(BUILDINGS) };
    return undefined;
  });

const routes = (path: string) => ({
  me: makeMe("OF"),
  path,
  routePath: "/admin/settings/reservation-types/create",
  extraRoutes: [{ path: "/admin/settings/reservation-types", element: <p>The types</p> }],
});

describe("reservation types (admin)", () => {
  it("lists the types for Office only; an immutable one is locked", async () => {
    api();
    renderWithApp(<TypesPage />, {
      ...routes("/admin/settings/reservation-types"),
      routePath: "/admin/settings/reservation-types",
    });
    expect(await screen.findByText("Move-In")).toBeTruthy();
    expect(screen.getByText("Delivery")).toBeTruthy();
    expect((await screen.findAllByText("The Riverside")).length).toBe(2);
    expect(screen.getByText("Locked")).toBeTruthy();
  });

  it("creates one: name, short name, buildings and a number are required with the spec's messages", async () => {
    const { calls } = api();
    renderWithApp(<TypeFormPage />, routes("/admin/settings/reservation-types/create"));
    const form = await screen.findByRole("form", { name: "Reservation type" });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    for (const m of [M.nameRequired, M.shortNameRequired, M.buildingsRequired, M.numberRequired])
      expect(await within(form).findByText(m)).toBeTruthy();
    fireEvent.change(within(form).getByRole("textbox", { name: /^Name/ }), { target: { value: "Move-Out" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /^Short name/ }), { target: { value: "MO" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /^Display order/ }), { target: { value: "abc" } });
    expect(await within(form).findByText(M.numberRequired)).toBeTruthy();
    fireEvent.change(within(form).getByRole("textbox", { name: /^Display order/ }), { target: { value: "2.5" } });
    fireEvent.change(within(form).getByRole("combobox", { name: /^Buildings/ }), { target: { value: "Park" } });
    fireEvent.click(await screen.findByRole("option", { name: "Park Lane" }));
    fireEvent.change(within(form).getByRole("textbox", { name: /^Email recipients/ }), {
      target: { value: "desk@example.com; super@example.com" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The types")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      name: "Move-Out",
      short_name: "MO",
      display_order: 2.5,
      building_ids: [2],
      email_recipients: "desk@example.com;super@example.com",
      is_active: true,
    });
  });

  it("is not found for other roles", () => {
    api();
    renderWithApp(<TypesPage />, {
      ...routes("/admin/settings/reservation-types"),
      me: makeMe("MG"),
      routePath: "/admin/settings/reservation-types",
    });
    expect(screen.queryByText("Reservation types")).toBeNull();
  });
});
