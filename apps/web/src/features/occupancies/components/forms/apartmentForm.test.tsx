import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { UNIT_PROFILE_MESSAGES as M } from "@portico/contract";
import { Component as ApartmentFormPage } from "../../pages/ApartmentFormPage.tsx";
import { fakeApi, makeMe, renderWithApp } from "./testing.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderCreate = (role: "MG" | "FD" = "MG") =>
  renderWithApp(<ApartmentFormPage />, {
    me: makeMe(role),
    path: "/1/manage/apartment/create",
    routePath: "/:buildingId/manage/apartment/create",
  });

describe("apartment form", { timeout: 30_000 }, () => {
  it("puts a server field error under its field, focuses it and keeps what was typed", async () => {
    const { calls } = fakeApi((call) =>
      call.method === "POST" && call.path === "/core/apartments/"
        ? { status: 400, body: { apartment_number: [M.apartmentNumberTaken] } }
        : undefined,
    );
    renderCreate();
    const number = screen.getByRole("textbox", { name: "Apartment number" });
    fireEvent.change(number, { target: { value: "702" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Floor" }), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.apartmentNumberTaken)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect((number as HTMLInputElement).value).toBe("702");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      apartment_number: "702",
      bedrooms: "1BR",
      bathrooms: "1.0",
      floor: null,
      line: null,
      is_balcony_apt: false,
      is_management: false,
      is_unlinked_to_tfcio: false,
      building: 1,
    });
  });

  it("requires the apartment number before sending", async () => {
    const { calls } = fakeApi();
    renderCreate();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.fieldRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("front desk is sent to the unit list", async () => {
    fakeApi();
    renderCreate("FD");
    expect(await screen.findByTestId("elsewhere")).toBeTruthy();
  });
});
