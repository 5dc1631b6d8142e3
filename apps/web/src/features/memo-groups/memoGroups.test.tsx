import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MEMO_GROUP_MESSAGES as M, type MemoGroup, MESSAGES } from "@portico/contract";
import { fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as MemoGroupsPage } from "./pages/MemoGroupsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const GROUP: MemoGroup = {
  id: 7,
  building: 1,
  name: "Penthouses",
  apartments: [
    { id: 101, apartment_number: "PH1", current_occupancy_id: 900 },
    { id: 102, apartment_number: "PH2", current_occupancy_id: null },
  ],
  apartment_ids: [101, 102],
  created_by: { id: 2, first_name: "Marcus", last_name: "Reed" },
  last_edited_by: null,
  date_created: "2026-01-01T10:00:00Z",
  last_modified: "2026-01-01T10:00:00Z",
};
const UNITS = [
  { id: 101, apartment_number: "PH1", floor: "PH", line: "1", current_occupancy_id: 900, is_vacant: false },
  { id: 102, apartment_number: "PH2", floor: "PH", line: "2", current_occupancy_id: null, is_vacant: true },
  { id: 201, apartment_number: "201", floor: "2", line: "01", current_occupancy_id: 901, is_vacant: false },
];
const LIST = "/core/buildings/1/memo-groups/";

const renderPage = (role: "MG" | "FD" = "MG") =>
  renderWithApp(<MemoGroupsPage />, {
    me: makeMe(role),
    path: "/1/communication/memo-groups",
    routePath: "/:buildingId/communication/memo-groups",
  });

describe("memo groups", () => {
  it("lists the groups; adds one of two units ('Memo group created'); deletes one after confirming", async () => {
    const { calls } = fakeApi((c) => {
      if (c.method === "GET" && c.path === LIST) return { status: 200, body: page([GROUP]) };
      if (c.method === "GET" && c.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: UNITS };
      if (c.method === "POST" && c.path === LIST)
        return { status: 201, body: { ...GROUP, id: 8, name: "Floor 2", apartment_ids: [201, 101] } };
      if (c.method === "DELETE" && c.path === `${LIST}7/`) return { status: 200, body: { id: 7, detail: M.deleted("Penthouses") } };
      return undefined;
    });
    renderPage();
    const table = await screen.findByRole("table", { name: "Memo groups" });
    expect(within(table).getByText("Penthouses")).toBeTruthy();
    expect(within(table).getByText("PH1, PH2")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add memo group" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Name/ }), { target: { value: "Floor 2" } });
    const units = within(dialog).getByRole("combobox", { name: /Units/ });
    fireEvent.mouseDown(units);
    for (const unit of ["201", "PH1"]) fireEvent.click(await screen.findByRole("option", { name: unit }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ name: "Floor 2", apartment_ids: [201, 101] });

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Delete Penthouses" }));
    const confirm = await screen.findByRole("dialog", { name: M.confirmDelete("Penthouses") });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText('Memo group "Penthouses" deleted')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
  });

  it("puts a server refusal under its field", async () => {
    fakeApi((c) => {
      if (c.method === "GET" && c.path === LIST) return { status: 200, body: page([GROUP]) };
      if (c.method === "GET" && c.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: UNITS };
      if (c.method === "PATCH") return { status: 400, body: { name: [M.nameTaken] } };
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Penthouses" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Name/ }), { target: { value: "Lobby" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(M.nameTaken)).toBeTruthy();
  });

  it("is for managers only", async () => {
    fakeApi();
    renderPage("FD");
    expect(await screen.findByText(MESSAGES.permissionDenied)).toBeTruthy();
  });
});
