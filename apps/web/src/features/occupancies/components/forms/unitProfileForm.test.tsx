import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { UNIT_PROFILE_MESSAGES as M } from "@portico/contract";
import { UnitProfileForm } from "./UnitProfileForm.tsx";
import {
  emptyExistingResident,
  emptyNewResident,
  emptyUnitProfileValues,
  type NewResidentRow,
  rowsWithErrors,
  toCreatePayload,
  toPatchPayload,
  type UnitProfileFormValues,
  unitProfileSchema,
} from "./unitProfileForm.ts";
import { fakeApi, renderWithApp } from "./testing.tsx";
import { useCreateOccupancy } from "../../api.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const jane: NewResidentRow = {
  ...emptyNewResident(),
  first_name: "Jane",
  last_name: "Doe",
  email: "jane@example.com",
  username: "jane@example.com",
  type: "TN",
};

const values = (over: Partial<UnitProfileFormValues> = {}): UnitProfileFormValues => ({
  ...emptyUnitProfileValues(44),
  ...over,
});

describe("unit profile form rules", () => {
  it("sends empty dates as null and drops an empty phone", () => {
    const parsed = unitProfileSchema("create").parse(
      values({ lease_start_date: "2026-01-01", lease_end_date: "", move_in_date: "  ", new_occupants: [jane] }),
    );
    const payload = toCreatePayload(parsed);
    expect(payload).toMatchObject({
      apartment_id: 44,
      lease_start_date: "2026-01-01",
      lease_end_date: null,
      move_in_date: null,
      move_out_date: null,
    });
    const sent = JSON.parse(JSON.stringify(payload));
    expect(sent.new_occupants[0]).not.toHaveProperty("phone_number");
    expect(sent.new_occupants[0]).toMatchObject({ first_name: "Jane", type: "TN", is_active: true });
    // A phone that is there is kept.
    const withPhone = unitProfileSchema("create").parse(
      values({ new_occupants: [{ ...jane, phone_number: " 212-555-0101 " }] }),
    );
    expect(toCreatePayload(withPhone).new_occupants?.[0].phone_number).toBe("212-555-0101");
  });

  it("edits send empty dates as null too, and no residents", () => {
    const parsed = unitProfileSchema("edit").parse(values({ move_out_date: "", is_active: false }));
    expect(toPatchPayload(parsed)).toEqual({
      apartment_id: 44,
      lease_start_date: null,
      lease_end_date: null,
      move_in_date: null,
      move_out_date: null,
      is_do_not_disturb: false,
      is_active: false,
    });
  });

  it("a 'No email' resident sends neither e-mail nor username", () => {
    const parsed = unitProfileSchema("create").parse(
      values({ new_occupants: [{ ...jane, email: "", username: "", no_email: true }] }),
    );
    const row = toCreatePayload(parsed).new_occupants?.[0];
    expect(row).not.toHaveProperty("email");
    expect(row).not.toHaveProperty("username");
    expect(row?.no_email).toBe(true);
  });

  it("rows say what is wrong, word for word", () => {
    const r = unitProfileSchema("create").safeParse(
      values({
        apartment_id: null,
        lease_start_date: "2026-05-01",
        lease_end_date: "2026-04-01",
        new_occupants: [jane, { ...emptyNewResident(), first_name: "Sam", email: "sam@example.com", username: "sam" }],
        new_occupants_by_username: [emptyExistingResident()],
      }),
    );
    expect(r.success).toBe(false);
    const issues = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(issues).toMatchObject({
      apartment_id: M.fieldRequired,
      lease_end_date: M.leaseEndBeforeStart,
      "new_occupants.1.type": "This field is required",
      "new_occupants_by_username.0.username": M.fieldRequired,
      "new_occupants_by_username.0.type": "This field is required",
    });
    expect(issues).not.toHaveProperty("new_occupants.0.type");
  });

  it("finds the rows to mark", () => {
    expect(rowsWithErrors([{}, { type: { message: "x" } }, undefined])).toEqual([1]);
    expect(rowsWithErrors(undefined)).toEqual([]);
  });
});

function CreateForm({ initial }: { initial: UnitProfileFormValues }) {
  const create = useCreateOccupancy();
  return (
    <UnitProfileForm
      mode="create"
      building={1}
      defaultValues={initial}
      knownApartmentNumber="702"
      cancelTo="/1/manage/unit-profiles"
      onSave={async (v) => {
        await create.mutateAsync(toCreatePayload(v));
      }}
    />
  );
}

const renderForm = (initial: UnitProfileFormValues) =>
  renderWithApp(<CreateForm initial={initial} />, {
    path: "/1/manage/unit-profiles/create",
    routePath: "/:buildingId/manage/unit-profiles/create",
  });

describe("unit profile form", { timeout: 30_000 }, () => {
  it("needs at least one resident: Save is disabled and says why until a resident is added", async () => {
    fakeApi();
    renderForm(values());
    const save = screen.getByRole("button", { name: "Save" });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(M.atLeastOneResident)).toBeTruthy();
    expect(save.getAttribute("aria-describedby")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add new resident" }));
    expect(await screen.findByRole("group", { name: "New resident 1" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(M.atLeastOneResident)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Remove new resident 1" }));
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true),
    );

    fireEvent.click(screen.getByRole("button", { name: "Add existing/previous resident" }));
    expect(await screen.findByRole("group", { name: "Existing resident 1" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("checks rows before sending: a missing type marks its row", async () => {
    const { calls } = fakeApi();
    renderForm(
      values({ new_occupants: [jane, { ...jane, first_name: "Sam", email: "s@x.io", username: "sam", type: "" }] }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.invalidOccupantRows)).toBeTruthy();
    const second = screen.getByRole("group", { name: "New resident 2" });
    expect(second.getAttribute("aria-invalid")).toBe("true");
    expect(within(second).getByText("This field is required")).toBeTruthy();
    expect(screen.getByRole("group", { name: "New resident 1" }).getAttribute("aria-invalid")).toBeNull();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("puts the server's row errors under the fields of the right row, keeping what was typed", async () => {
    const { calls } = fakeApi((call) =>
      call.method === "POST" && call.path === "/core/occupancies/"
        ? {
            status: 400,
            body: {
              new_occupants: [{}, { type: ["This field is required"] }],
              non_field_errors: [M.invalidOccupantRows],
            },
          }
        : undefined,
    );
    renderForm(
      values({
        lease_start_date: "2026-02-01",
        new_occupants: [jane, { ...jane, first_name: "Sam", email: "sam@example.com", username: "sam" }],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const second = await screen.findByRole("group", { name: "New resident 2" });
    await waitFor(() => expect(second.getAttribute("aria-invalid")).toBe("true"));
    expect(within(second).getByText("This field is required")).toBeTruthy();
    // The first field with an error gets focus.
    await waitFor(() => expect(document.activeElement).toBe(within(second).getByRole("combobox", { name: /Type/ })));
    expect(screen.getByRole("group", { name: "New resident 1" }).getAttribute("aria-invalid")).toBeNull();
    // The row message shows once.
    expect(screen.getAllByText(M.invalidOccupantRows)).toHaveLength(1);
    // Nothing typed is lost.
    expect((within(second).getByLabelText("First name") as HTMLInputElement).value).toBe("Sam");

    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({
      apartment_id: 44,
      lease_start_date: "2026-02-01",
      lease_end_date: null,
      move_in_date: null,
      move_out_date: null,
    });
    const rows = (post?.body as { new_occupants: Record<string, unknown>[] }).new_occupants;
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toHaveProperty("phone_number");
  });

  it("shows form-wide server errors and keeps the form", async () => {
    fakeApi((call) =>
      call.method === "POST" ? { status: 400, body: { non_field_errors: [M.atLeastOneResident] } } : undefined,
    );
    renderForm(values({ new_occupants: [jane] }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(M.atLeastOneResident)).toBeTruthy();
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Jane");
  });

  it("leaving with unsaved changes asks first", async () => {
    fakeApi();
    const { router } = renderForm(values({ new_occupants: [emptyNewResident()] }));
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Lou" } });
    fireEvent.click(screen.getByRole("link", { name: "Cancel" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/1/manage/unit-profiles/create");
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Lou");
    fireEvent.click(screen.getByRole("link", { name: "Cancel" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/manage/unit-profiles"));
  });

  it("'No email' hides e-mail and username; typing an e-mail fills the username", async () => {
    fakeApi();
    renderForm(values({ new_occupants: [emptyNewResident()] }));
    const row = screen.getByRole("group", { name: "New resident 1" });
    fireEvent.change(within(row).getByLabelText("Email"), { target: { value: "kim@example.com" } });
    expect((within(row).getByLabelText("Username") as HTMLInputElement).value).toBe("kim@example.com");
    fireEvent.click(within(row).getByLabelText("No email"));
    await waitFor(() => expect(within(row).queryByLabelText("Email")).toBeNull());
    expect(within(row).queryByLabelText("Username")).toBeNull();
  });
});
