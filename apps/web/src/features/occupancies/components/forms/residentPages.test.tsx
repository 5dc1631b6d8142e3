import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { type Occupancy, UNIT_PROFILE_MESSAGES as M } from "@portico/contract";
import { Component as OccupantEditPage } from "../../pages/OccupantEditPage.tsx";
import { Component as OccupantCreatePage } from "../../pages/OccupantCreatePage.tsx";
import { makeOccupant } from "../profile/testing.tsx";
import { fakeApi, makeMe, page, renderWithApp } from "./testing.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A resident without an e-mail (a placeholder address) nor a phone. */
const OCCUPANT = makeOccupant({
  id: 5,
  user_id: 50,
  first_name: "Kim",
  last_name: "Lee",
  username: "klee1203",
  email: "klee1203@no-email.portico.invalid",
  is_placeholder_email: true,
  has_email: false,
  phone_number: "",
  pronouns: "",
  emergency_contact_info: "",
  type: "OC",
  type_display: "Occupant",
  has_account: false,
});

const OCCUPANCY = {
  id: 91,
  building_id: 1,
  apartment_id: 11,
  apartment_number: "1203",
  occupant_set: [],
  inactive_occupant_set: [],
} as unknown as Occupancy;

const chooseType = async (scope: HTMLElement, label: string) => {
  fireEvent.mouseDown(within(scope).getByRole("combobox", { name: /Type/ }));
  fireEvent.click(await screen.findByRole("option", { name: label }));
};

describe("resident pages", { timeout: 30_000 }, () => {
  it("edit: the username is read-only and never sent; 'No email' keeps the placeholder", async () => {
    const { calls } = fakeApi((call) => {
      if (call.path === "/core/occupants/5/" && call.method === "GET") return { status: 200, body: OCCUPANT };
      if (call.path === "/core/occupants/5/" && call.method === "PATCH")
        return { status: 200, body: { ...OCCUPANT, phone_number: "212 555 0199" } };
      return undefined;
    });
    const { router } = renderWithApp(<OccupantEditPage />, {
      path: "/1/manage/occupant/edit/5",
      routePath: "/:buildingId/manage/occupant/edit/:occupantId",
    });
    const username = (await screen.findByRole("textbox", { name: "Username" })) as HTMLInputElement;
    expect(username.disabled).toBe(true);
    expect(username.value).toBe("klee1203");
    expect(screen.getByText(M.usernameReadOnly)).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "No email" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("textbox", { name: "Email" })).toBeNull();

    fireEvent.change(screen.getByRole("textbox", { name: "Phone" }), { target: { value: "212 555 0199" } });
    fireEvent.click(screen.getByRole("switch", { name: "Text messages about packages" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/manage/unit-profiles/91"));
    const patch = calls.find((c) => c.method === "PATCH")?.body as Record<string, unknown>;
    expect(patch).not.toHaveProperty("username");
    expect(patch).not.toHaveProperty("email");
    expect(patch).toMatchObject({
      phone_number: "212 555 0199",
      no_email: true,
      type: "OC",
      notification_preferences: { is_text_package_activity: true, is_email_package_activity: true },
    });
  });

  it("front desk may not edit residents: sent to the unit list", async () => {
    fakeApi();
    renderWithApp(<OccupantEditPage />, {
      me: makeMe("FD"),
      path: "/1/manage/occupant/edit/5",
      routePath: "/:buildingId/manage/occupant/edit/:occupantId",
    });
    expect(await screen.findByTestId("elsewhere")).toBeTruthy();
  });

  it("new resident: an empty phone is dropped; the profile is the next stop", async () => {
    const { calls } = fakeApi((call) => {
      if (call.path === "/core/occupancies/91/") return { status: 200, body: OCCUPANCY };
      if (call.path === "/core/occupants/" && call.method === "POST") return { status: 201, body: OCCUPANT };
      return undefined;
    });
    const { router } = renderWithApp(<OccupantCreatePage />, {
      path: "/1/manage/occupant/create/new?occupancy_id=91",
      routePath: "/:buildingId/manage/occupant/create/:mode?",
    });
    const form = await screen.findByRole("form", { name: "New resident" });
    fireEvent.change(within(form).getByRole("textbox", { name: "First name" }), { target: { value: "Ana" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Email" }), { target: { value: "ana@example.com" } });
    await chooseType(form, "Child");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/manage/unit-profiles/91"));
    const post = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(post).toMatchObject({
      occupancy_id: 91,
      first_name: "Ana",
      email: "ana@example.com",
      username: "ana@example.com",
      type: "CH",
      is_active: true,
    });
    expect(post).not.toHaveProperty("phone_number");
  });

  it("existing resident: searches residents, and a refusal shows once", async () => {
    const { calls } = fakeApi((call) => {
      if (call.path === "/core/occupancies/91/") return { status: 200, body: OCCUPANCY };
      if (call.path === "/core/global-users/")
        return {
          status: 200,
          body: page([
            {
              id: 3,
              username: "ssilva201b1",
              first_name: "Susan",
              last_name: "Silva",
              email: "",
              phone_number: "",
              role: "TN",
              is_active: true,
            },
          ]),
        };
      if (call.path === "/core/occupancies/91/add-existing-occupant/")
        return {
          status: 400,
          body: { username: [M.alreadyOnProfile], non_field_errors: [M.alreadyOnProfile] },
        };
      return undefined;
    });
    renderWithApp(<OccupantCreatePage />, {
      path: "/1/manage/occupant/create/existing?occupancy_id=91",
      routePath: "/:buildingId/manage/occupant/create/:mode?",
    });
    const form = await screen.findByRole("form", { name: "Existing/previous resident" });
    const search = within(form).getByRole("combobox", { name: /Resident/ });
    fireEvent.change(search, { target: { value: "silva" } });
    fireEvent.click(await screen.findByRole("option", { name: /Susan Silva \(ssilva201b1\)/ }));
    await chooseType(form, "Occupant");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.alreadyOnProfile)).toBeTruthy();
    expect(screen.getAllByText(M.alreadyOnProfile)).toHaveLength(1);
    const lookups = calls.filter((c) => c.path === "/core/global-users/");
    expect(Object.fromEntries(lookups[lookups.length - 1].query)).toEqual({ role: "TN", limit: "10", search: "silva" });
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      username: "ssilva201b1",
      type: "OC",
      is_active: true,
    });
  });
});
