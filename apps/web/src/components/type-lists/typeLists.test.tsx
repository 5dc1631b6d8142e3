import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import { z } from "zod";
import { AppProviders } from "../../app/providers.tsx";
import { ApiError } from "../../lib/api.ts";
import type { TypeListDefinition } from "./definition.ts";
import { TypeFormPage } from "./TypeForm.tsx";
import { TypeListPage } from "./TypeListPage.tsx";

/** A list the product does not have yet, described the way a feature describes one. */
interface EventType {
  id: number;
  name: string;
  color: string;
  display_order: number;
  is_active: boolean;
  is_immutable: boolean;
}
const EventTypeWrite = z.object({
  name: z.string().trim().min(1, "This field may not be blank.").max(20, "Ensure this field has no more than 20 characters."),
  color: z.string().min(1, "This field is required."),
  display_order: z.coerce.number({ error: "A valid integer is required." }).int("A valid integer is required.").min(0),
  is_active: z.boolean(),
});
type EventTypeWrite = z.infer<typeof EventTypeWrite>;

const START: EventType[] = [
  { id: 1, name: "Party", color: "Red", display_order: 1, is_active: true, is_immutable: false },
  { id: 2, name: "System", color: "Blue", display_order: 2, is_active: true, is_immutable: true },
];

function makeDefinition(server: {
  create: (body: EventTypeWrite) => Promise<EventType>;
  update: (id: number, body: EventTypeWrite) => Promise<EventType>;
  toggle: (id: number) => Promise<EventType>;
  kind?: "dialog" | "page";
}): TypeListDefinition<EventType, EventTypeWrite> {
  let list = [...START];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const useList = () => {
    const [, render] = useState(0);
    useState(() => listeners.add(() => render((n) => n + 1)));
    return { data: list, isPending: false, isError: false, error: null };
  };
  const mutation = <V,>(run: (v: V) => Promise<EventType>) => ({
    mutateAsync: async (v: V) => {
      const saved = await run(v);
      list = [...list.filter((t) => t.id !== saved.id), saved].sort((a, b) => a.display_order - b.display_order);
      changed();
      return saved;
    },
  });
  return {
    title: "Event types",
    noun: "event type",
    note: "Changes to event types apply to all buildings.",
    nameOf: (t) => t.name,
    columns: [
      { label: "Colour", render: (t) => t.color },
      { label: "Display order", align: "right", render: (t) => t.display_order },
    ],
    fields: [
      { name: "name", label: "Name", kind: "text", required: true, max: 20, upperCase: false },
      {
        name: "color",
        label: "Colour",
        kind: "color",
        required: true,
        useOptions: () => [
          { value: "Red", label: "Red", color: "#D32F2F" },
          { value: "Blue", label: "Blue", color: "#1976D2" },
        ],
      },
      { name: "display_order", label: "Display order", kind: "number" },
      { name: "is_active", label: "Active", kind: "checkbox" },
    ],
    schema: EventTypeWrite,
    toValues: (t) => ({
      name: t?.name ?? "",
      color: t?.color ?? "",
      display_order: String(t?.display_order ?? 0),
      is_active: t?.is_active ?? true,
    }),
    lockedMessage: "This event type cannot be edited.",
    savedMessage: "Data has been saved",
    api: {
      useList,
      useOne: (id) => ({ data: list.find((t) => t.id === id), isPending: false, isError: false, error: null }),
      useCreate: () => mutation(server.create),
      useUpdate: () => mutation((v: { id: number; body: EventTypeWrite }) => server.update(v.id, v.body)),
      useToggle: () => {
        const m = mutation(server.toggle);
        return {
          isPending: false,
          mutate: (id, options) => void m.mutateAsync(id).then(options?.onSuccess, options?.onError),
        };
      },
    },
    form:
      server.kind === "page"
        ? { kind: "page", list: "/types", create: "/types/create", edit: (id) => `/types/edit/${id}`, param: "typeId" }
        : { kind: "dialog" },
  };
}

function renderPage(def: TypeListDefinition<EventType, EventTypeWrite>, path = "/types") {
  const router = createMemoryRouter(
    [
      { path: "/types", element: <TypeListPage def={def} /> },
      { path: "/types/create", element: <TypeFormPage def={def} /> },
      { path: "/types/edit/:typeId", element: <TypeFormPage def={def} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders client={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const disabled = (el: HTMLElement) => (el as HTMLButtonElement | HTMLInputElement).disabled;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
/** Opens a select and picks an option. */
async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole("option", { name: option }));
  // The menu gives the focus back to its select once it has closed.
  await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
}

const never = () => Promise.reject(new Error("not expected"));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("TypeListPage", () => {
  it("shows the name, the definition's columns, Active? and Edit; an immutable type is locked", async () => {
    renderPage(makeDefinition({ create: never, update: never, toggle: never }));
    expect(screen.getByRole("heading", { name: "Event types", level: 1 })).toBeTruthy();
    expect(screen.getByText("Changes to event types apply to all buildings.")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Event types" });
    expect(within(table).getAllByRole("columnheader").map((c) => c.textContent)).toEqual([
      "Name",
      "Colour",
      "Display order",
      "Active?",
      "Edit",
    ]);
    const system = within(table).getByRole("row", { name: /System/ });
    expect(within(system).getByText("Locked")).toBeTruthy();
    expect(disabled(within(system).getByRole("button", { name: "Edit System" }))).toBe(true);
    expect(disabled(screen.getByRole("switch", { name: "Active: System" }))).toBe(true);
    expect(disabled(screen.getByRole("button", { name: "Edit Party" }))).toBe(false);
  });

  it("the switch toggles through the feature's hook and says so", async () => {
    const toggle = vi.fn(async (id: number) => ({ ...START[0], id, is_active: false }));
    renderPage(makeDefinition({ create: never, update: never, toggle }));
    fireEvent.click(screen.getByRole("switch", { name: "Active: Party" }));
    expect(toggle).toHaveBeenCalledWith(1);
    expect(await screen.findByText("Party deactivated")).toBeTruthy();
    expect((screen.getByRole("switch", { name: "Active: Party" }) as HTMLInputElement).checked).toBe(false);
  });

  it("adds in a dialog: the contract's schema validates and gives the body", async () => {
    const create = vi.fn(async (body: EventTypeWrite) => ({ ...body, id: 3, is_immutable: false }));
    renderPage(makeDefinition({ create, update: never, toggle: never }));
    fireEvent.click(screen.getByRole("button", { name: "Add event type" }));
    const dialog = await screen.findByRole("dialog", { name: "Add event type" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await waitFor(() => expect(document.activeElement).toBe(name));
    type(name, "x".repeat(20));
    type(within(dialog).getByRole("textbox", { name: "Display order" }), "");
    type(within(dialog).getByRole("textbox", { name: "Display order" }), "abc");
    expect(await within(dialog).findByText("A valid integer is required.")).toBeTruthy();
    expect(disabled(within(dialog).getByRole("button", { name: "Save" }))).toBe(true);
    type(within(dialog).getByRole("textbox", { name: "Display order" }), "");
    type(within(dialog).getByRole("textbox", { name: "Display order" }), "5");
    await choose(within(dialog).getByRole("combobox", { name: "Colour" }), "Blue");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ name: "x".repeat(20), color: "Blue", display_order: 5, is_active: true }));
    expect(await screen.findByText("Data has been saved")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("row", { name: /x{20}/ })).toBeTruthy();
  });

  it("a server error lands under its field, which gets focus; what was typed stays", async () => {
    const create = vi.fn(() =>
      Promise.reject(new ApiError(400, "Bad Request", { color: ['"Mauve" is not a valid choice.'], name: ["event type with this name already exists."] })),
    );
    renderPage(makeDefinition({ create, update: never, toggle: never }));
    fireEvent.click(screen.getByRole("button", { name: "Add event type" }));
    const dialog = await screen.findByRole("dialog", { name: "Add event type" });
    type(within(dialog).getByRole("textbox", { name: "Name" }), "party");
    await choose(within(dialog).getByRole("combobox", { name: "Colour" }), "Red");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("event type with this name already exists.")).toBeTruthy();
    expect(within(dialog).getByText('"Mauve" is not a valid choice.')).toBeTruthy();
    // The first field of the answer (in the form's order) has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("textbox", { name: "Name" })));
    expect((within(dialog).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("party");
  });
});

describe("TypeFormPage", () => {
  it("edits on its own page and goes back to the list", async () => {
    const update = vi.fn(async (id: number, body: EventTypeWrite) => ({ ...body, id, is_immutable: false }));
    const router = renderPage(makeDefinition({ create: never, update, toggle: never, kind: "page" }));
    fireEvent.click(screen.getByRole("link", { name: "Edit Party" }));
    expect(await screen.findByRole("heading", { name: "Edit Party", level: 1 })).toBeTruthy();
    const name = screen.getByRole("textbox", { name: "Name" });
    type(name, "");
    type(name, "Gala");
    fireEvent.click(screen.getByRole("checkbox", { name: "Active" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/types"));
    expect(update).toHaveBeenCalledWith(1, { name: "Gala", color: "Red", display_order: 1, is_active: false });
    expect(await screen.findByRole("row", { name: /Gala/ })).toBeTruthy();
  });

  it("an immutable type's page says so and cannot be saved; an unknown id is not found", async () => {
    const def = makeDefinition({ create: never, update: never, toggle: never, kind: "page" });
    renderPage(def, "/types/edit/2");
    expect(await screen.findByText("This event type cannot be edited.")).toBeTruthy();
    expect(disabled(screen.getByRole("textbox", { name: "Name" }))).toBe(true);
    expect(disabled(screen.getByRole("button", { name: "Save" }))).toBe(true);
    cleanup();
    renderPage(def, "/types/edit/abc");
    expect(await screen.findByText("This event type was not found.")).toBeTruthy();
    await act(async () => {});
  });
});
