import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  CONTRACTOR_MESSAGES,
  type ContractorType,
  type ContractorVisit,
  defaultBuildingSettings,
  MESSAGES,
} from "@portico/contract";
import { BUILDING, type FakeCall, fakeApi, type Handler, page, renderWithApp } from "../../test/harness.tsx";
import { ContractorVisitForm } from "./components/ContractorVisitForm.tsx";
import { DashboardContractorsTab } from "./components/DashboardContractorsTab.tsx";
import { AdminContractorsPanel } from "./components/AdminContractorsPanel.tsx";
import { Component as ListPage } from "./pages/ContractorListPage.tsx";
import { byCompany, companyOf, visitListQuery } from "./model.ts";

const APARTMENTS = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
];
const TYPES: ContractorType[] = [
  { id: 1, company_name: "Acme Plumbing", is_active: true, is_immutable: false },
  { id: 2, company_name: "Bright Electric", is_active: true, is_immutable: false },
];

function visit(over: Partial<ContractorVisit> = {}): ContractorVisit {
  return {
    id: 500,
    building: 1,
    building_name: "The Riverside",
    contractor_type_id: 1,
    company_name: "Acme Plumbing",
    name: "Joe Pipes",
    note: "Kitchen sink",
    apartment_id: 11,
    apartment_number: "1203",
    occupancy_id: 91,
    photo_url: "/media/contractors/1.jpg",
    date_created: "2026-03-02T15:00:00.000Z",
    date_closed: null,
    opened_by: { id: 42, first_name: "Dana", last_name: "Desk" },
    closed_by: null,
    in_building: true,
    notes_count: 1,
    ...over,
  };
}

const defaults =
  (visits: ContractorVisit[] = [visit()], settings = defaultBuildingSettings()): Handler =>
  (c: FakeCall) => {
    if (c.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: APARTMENTS };
    if (c.path === "/core/building-settings/1/") return { status: 200, body: { id: 1, building: 1, ...settings } };
    if (c.path === "/contractors/types/" && c.method === "GET") return { status: 200, body: page(TYPES) };
    if (c.path === "/core/buildings/1/contractor-visits/") return { status: 200, body: page(visits) };
    if (c.path === "/contractors/visits/" && c.method === "GET") return { status: 200, body: page(visits) };
    if (c.path === "/core/buildings/") return { status: 200, body: page([BUILDING]) };
    if (c.path === "/contractors/visits/500/notes/")
      return {
        status: 200,
        body: page([
          {
            id: 1,
            contractor_visit_id: 500,
            text: "Parts ordered",
            date_created: "2026-03-02T16:00:00.000Z",
            entered_by: null,
          },
        ]),
      };
    return undefined;
  };

const company = () => screen.getByRole("combobox", { name: /^Contractor company/ });
const logVisit = () => fireEvent.click(screen.getByRole("button", { name: "Log visit" }));
const upload = (container: HTMLElement) =>
  fireEvent.change(container.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([new Uint8Array([1])], "joe.png", { type: "image/png" })] },
  });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe("the contractor visit form", () => {
  it("needs a company, a contractor and a photo; a company typed in is sent by name", async () => {
    const { calls } = fakeApi((c) => (c.method === "POST" ? { status: 201, body: visit() } : undefined), defaults());
    const { container } = renderWithApp(<ContractorVisitForm building={1} />);
    await screen.findByRole("combobox", { name: /^Contractor company/ });
    logVisit();
    expect(await screen.findByText(CONTRACTOR_MESSAGES.companyRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(screen.getByText(CONTRACTOR_MESSAGES.photoRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(company(), { target: { value: "New Roofing Co" } });
    fireEvent.blur(company());
    fireEvent.change(screen.getByRole("textbox", { name: /^Contractor$|^Contractor \*/ }), {
      target: { value: "Ray Roof" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Note" }), { target: { value: "Roof hatch" } });
    upload(container);
    logVisit();
    expect(await screen.findByText(CONTRACTOR_MESSAGES.logged)).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")!.body as FormData;
    expect(body.get("building")).toBe("1");
    expect(body.get("company_name")).toBe("New Roofing Co");
    expect(body.get("contractor_type_id")).toBeNull();
    expect(body.get("name")).toBe("Ray Roof");
    expect(body.get("note")).toBe("Roof hatch");
    expect(body.get("photo_url")).toBeInstanceOf(File);
  });

  it("a building that waives the photo asks for none", async () => {
    const settings = defaultBuildingSettings();
    settings.contractorsettings.is_photo_required = false;
    const { calls } = fakeApi(
      (c) => (c.method === "POST" ? { status: 201, body: visit() } : undefined),
      defaults([], settings),
    );
    renderWithApp(<ContractorVisitForm building={1} />, { settings });
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: /^Contractor company/ }));
    fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: "Bright Electric" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^Contractor$|^Contractor \*/ }), {
      target: { value: "Eve" },
    });
    await waitFor(() => expect(screen.queryByLabelText("Upload photo")).toBeNull());
    logVisit();
    expect(await screen.findByText(CONTRACTOR_MESSAGES.logged)).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")!.body as FormData;
    expect(body.get("contractor_type_id")).toBe("2");
    expect(body.get("photo_url")).toBeNull();
  });

  it("a typed name of a listed company is that company; groups cards by company", () => {
    expect(companyOf("acme plumbing ", TYPES)).toEqual({ contractor_type_id: 1 });
    expect(companyOf("Zed", TYPES)).toEqual({ company_name: "Zed" });
    expect(companyOf(TYPES[1], TYPES)).toEqual({ contractor_type_id: 2 });
    const groups = byCompany([
      visit({ id: 1, company_name: "Zed" }),
      visit({ id: 2 }),
      visit({ id: 3, date_created: "2026-03-03T10:00:00.000Z" }),
    ]);
    expect(groups.map((g) => [g.company, g.visits.map((v) => v.id)])).toEqual([
      ["Acme Plumbing", [3, 2]],
      ["Zed", [1]],
    ]);
  });
});

describe("contractor visits", () => {
  it("the list reads its filters from the URL; Check out asks first, then 'Contractor visit closed'", async () => {
    const { calls } = fakeApi(
      (c) =>
        c.method === "POST" && c.path === "/contractors/visits/500/close/"
          ? { status: 200, body: visit({ in_building: false, date_closed: "2026-03-02T17:05:00.000Z" }) }
          : undefined,
      defaults([
        visit(),
        visit({ id: 501, name: "Old Visit", in_building: false, date_closed: "2026-03-01T17:05:00.000Z" }),
      ]),
    );
    renderWithApp(<ListPage />, {
      path: "/1/contractors?contractor_type_id=1&in_building=true",
      routePath: "/:buildingId/contractors",
    });
    expect(await screen.findByText("Joe Pipes")).toBeTruthy();
    expect(screen.getByText(/^Exited /)).toBeTruthy();
    const get = calls.find((c) => c.path === "/core/buildings/1/contractor-visits/")!;
    expect(get.query.get("contractor_type_id")).toBe("1");
    expect(get.query.get("in_building")).toBe("true");
    expect(get.query.get("limit")).toBe("30");
    expect(visitListQuery(new URLSearchParams("apartment=11&from=2026-03-01"), { limit: 30, offset: 0 })).toEqual({
      limit: 30,
      offset: 0,
      apartment: "11",
      from: "2026-03-01",
    });

    fireEvent.click(screen.getByRole("button", { name: "Check out Joe Pipes (Acme Plumbing)" }));
    const dialog = await screen.findByRole("dialog", { name: "Check out" });
    expect(within(dialog).getByText(new RegExp(CONTRACTOR_MESSAGES.checkOutConfirm.replace("?", "\\?")))).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Check out" }));
    expect(await screen.findByText(CONTRACTOR_MESSAGES.closed)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual(["/contractors/visits/500/close/"]);
  });

  it("the dashboard tab shows the visits in the building by company; a note needs text", async () => {
    const { calls } = fakeApi(
      (c) =>
        c.method === "POST" && c.path === "/contractors/notes/"
          ? {
              status: 201,
              body: {
                id: 2,
                contractor_visit_id: 500,
                text: "Done",
                date_created: "2026-03-02T17:00:00.000Z",
                entered_by: null,
              },
            }
          : undefined,
      defaults(),
    );
    renderWithApp(<DashboardContractorsTab />);
    expect(await screen.findByRole("heading", { name: "Acme Plumbing" })).toBeTruthy();
    expect(calls.find((c) => c.path === "/core/buildings/1/contractor-visits/")!.query.get("in_building")).toBe("true");
    expect(screen.getByRole("link", { name: CONTRACTOR_MESSAGES.viewAll }).getAttribute("href")).toBe("/1/contractors");
    fireEvent.click(screen.getByRole("button", { name: /^Notes \(1\): Joe Pipes/ }));
    const dialog = await screen.findByRole("dialog", { name: /^Notes: Joe Pipes/ });
    expect(await within(dialog).findByText("Parts ordered")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add note" }));
    expect(await within(dialog).findByText(CONTRACTOR_MESSAGES.noteRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Note" }), { target: { value: " Done " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add note" }));
    expect(await screen.findByText(CONTRACTOR_MESSAGES.noteAdded)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ text: "Done", contractor_visit_id: 500 });
  });
});

describe("the portfolio dashboard's contractors", () => {
  it("lists the contractors in every building (admin scope), naming the building", async () => {
    const { calls } = fakeApi(
      undefined,
      defaults([visit(), visit({ id: 502, building_name: "Park Terrace", building: 2 })]),
    );
    renderWithApp(<AdminContractorsPanel />, { path: "/admin/dashboard", routePath: "/admin/dashboard" });
    expect(await screen.findByText(/^Park Terrace · Unit 1203/)).toBeTruthy();
    expect(screen.getByText(/^The Riverside · Unit 1203/)).toBeTruthy();
    expect(calls.find((c) => c.path === "/contractors/visits/")!.query.get("in_building")).toBe("true");
  });
});
