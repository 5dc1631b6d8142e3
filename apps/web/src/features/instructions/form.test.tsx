import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { INSTRUCTION_MESSAGES, MESSAGES } from "@portico/contract";
import { Component as FormPage } from "./pages/InstructionFormPage.tsx";
import { defaults, fakeApi, makeInstruction, renderWithApp, today } from "./testing.tsx";

const renderForm = (path: string) =>
  renderWithApp(<FormPage />, {
    path,
    routePath: path.split("?")[0].replace(/^\/1\//, "/:buildingId/"),
    extraRoutes: [{ path: "/:buildingId/front-desk/instructions/:id", element: <p>Detail page</p> }],
  });

async function chooseType(name: RegExp) {
  fireEvent.mouseDown(await screen.findByRole("combobox", { name: /^Type/ }));
  fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name }));
}
const nameField = () => screen.getByRole("textbox", { name: /^Name/ });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

afterEach(() => vi.unstubAllGlobals());

describe("create and edit an instruction", () => {
  it("offers the active types by display order, requires an end date for the type that says so", async () => {
    const { calls } = fakeApi(undefined, defaults());
    renderForm("/1/front-desk/instructions/create?occupancy_id=91");
    expect(await screen.findByText("1203")).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: /^Type/ }));
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "GUESTRegistered guest",
      "DNASecurity / do not allow",
      "PTEPermission to enter",
      "FOODFood delivery",
    ]);
    fireEvent.click(options[0]);
    fireEvent.change(nameField(), { target: { value: "Jane Guest" } });
    save();
    expect(await screen.findByText(INSTRUCTION_MESSAGES.expirationRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    // The start date defaults to today and can be changed on creation.
    const start = screen.getByRole("group", { name: "Start date" });
    expect(start.closest(".Mui-disabled")).toBeNull();
  });

  it("saves with 'Data has been saved' and goes to the instruction; start date sent on creation", async () => {
    const { calls } = fakeApi(
      (c) => (c.method === "POST" ? { status: 201, body: makeInstruction({ id: 801 }) } : undefined),
      defaults(),
    );
    renderForm("/1/front-desk/instructions/create?occupancy_id=91");
    await chooseType(/Permission to enter/);
    fireEvent.change(nameField(), { target: { value: "Jane Guest" } });
    save();
    expect(await screen.findByText(MESSAGES.dataSaved)).toBeTruthy();
    expect(await screen.findByText("Detail page")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.path).toBe("/instructions/instructions/");
    const body = post.body as FormData;
    expect(body.get("occupancy")).toBe("91");
    expect(body.get("instruction_type")).toBe("2");
    expect(body.get("name")).toBe("Jane Guest");
    expect(body.get("start_date")).toBe(today());
    expect(body.get("expiration_date")).toBe("");
  });

  it("puts server errors under their fields and keeps what was typed", async () => {
    fakeApi(
      (c) =>
        c.method === "POST"
          ? { status: 400, body: { name: ["Name taken for this unit."], non_field_errors: ["Try again."] } }
          : undefined,
      defaults(),
    );
    renderForm("/1/front-desk/instructions/create?occupancy_id=91");
    await chooseType(/Permission to enter/);
    fireEvent.change(nameField(), { target: { value: "Jane Guest" } });
    save();
    expect(await screen.findByText("Name taken for this unit.")).toBeTruthy();
    expect(screen.getByText("Try again.")).toBeTruthy();
    expect((nameField() as HTMLInputElement).value).toBe("Jane Guest");
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
  });

  it("a file over 48 MB is refused with 'File Too Large, please select a file under 48 MB'", async () => {
    fakeApi(undefined, defaults());
    const { container } = renderForm("/1/front-desk/instructions/create?occupancy_id=91");
    await screen.findByRole("combobox", { name: /^Type/ });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File(["x"], "big.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 49 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(MESSAGES.fileTooLarge)).toBeTruthy();
  });

  it("a 413 from the server shows the same message under the photo, the fields kept", async () => {
    fakeApi((c) => (c.method === "POST" ? { status: 413, body: { detail: "too large" } } : undefined), defaults());
    renderForm("/1/front-desk/instructions/create?occupancy_id=91");
    await chooseType(/Permission to enter/);
    fireEvent.change(nameField(), { target: { value: "Jane Guest" } });
    expect(screen.queryByText(MESSAGES.fileTooLarge)).toBeNull();
    save();
    expect(await screen.findByText(MESSAGES.fileTooLarge)).toBeTruthy();
    expect((nameField() as HTMLInputElement).value).toBe("Jane Guest");
  });

  it("edit: the start date is locked and not sent; a food delivery is not editable", async () => {
    const guest = makeInstruction({ id: 700, typeId: 2, start_date: "2026-01-01", expiration_date: null });
    const food = makeInstruction({ id: 701, typeId: 16 });
    const { calls } = fakeApi(
      (c) => (c.method === "PATCH" ? { status: 200, body: guest } : undefined),
      defaults([guest, food]),
    );
    renderForm("/1/front-desk/instructions/edit?occupancy_id=91&instruction_id=700");
    expect(await screen.findByDisplayValue("Jane Guest")).toBeTruthy();
    const start = screen.getByRole("group", { name: "Start date" });
    expect(start.closest(".Mui-disabled") ?? start.querySelector(".Mui-disabled")).not.toBeNull();
    expect(screen.getByText("The start date cannot change after the instruction is created.")).toBeTruthy();
    save();
    await screen.findByText("Detail page");
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe("/instructions/instructions/700/");
    expect((patch.body as FormData).has("start_date")).toBe(false);
  });

  it("refuses to edit a food delivery", async () => {
    fakeApi(undefined, defaults([makeInstruction({ id: 701, typeId: 16 })]));
    renderForm("/1/front-desk/instructions/edit?occupancy_id=91&instruction_id=701");
    expect(await screen.findByText("Food deliveries cannot be edited.")).toBeTruthy();
  });
});
