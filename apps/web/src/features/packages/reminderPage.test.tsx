import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Component as ReminderPage } from "./pages/ReminderPage.tsx";
import { fakeApi, makePackage, renderWithApp } from "./testing.tsx";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
});

const pkg = (id: number) =>
  makePackage(id, { date_opened: "2026-01-02T14:00:00Z", date_created: "2026-01-02T14:00:00Z", opening_comment: "" });

const SELECT = "An error occurred: please select at least one package";
const send = () => screen.getByRole("button", { name: "Send reminders" }) as HTMLButtonElement;

describe("reminders", () => {
  it("Send waits for a package, with the spec's words beside it; then sends the chosen ones", async () => {
    const { calls } = fakeApi((c) =>
      c.path === "/packages/list/"
        ? { status: 200, body: { count: 2, next: null, previous: null, results: [pkg(7001), pkg(7002)] } }
        : c.path === "/packages/list/remind/"
          ? { status: 200, body: { count: 1 } }
          : undefined,
    );
    renderWithApp(<ReminderPage />, { path: "/1/packages/reminder" });
    expect(await screen.findByText("2 packages, 0 selected")).toBeTruthy();
    expect(send().disabled).toBe(true);
    const hint = screen.getByText(SELECT);
    expect(send().getAttribute("aria-describedby")).toBe(hint.id);
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.click(screen.getAllByRole("checkbox", { name: /^Select .* for 1203/ })[0]);
    expect(screen.queryByText(SELECT)).toBeNull();
    expect(send().disabled).toBe(false);
    fireEvent.click(send());
    await waitFor(() => expect(calls.some((c) => c.path === "/packages/list/remind/")).toBe(true));
    expect(calls.find((c) => c.path === "/packages/list/remind/")!.body).toMatchObject({ notify_package_ids: [7001] });
  });

  it("a blank subject shows 'This field is required.' under it and Send waits", async () => {
    fakeApi((c) =>
      c.path === "/packages/list/"
        ? { status: 200, body: { count: 1, next: null, previous: null, results: [pkg(7001)] } }
        : undefined,
    );
    renderWithApp(<ReminderPage />, { path: "/1/packages/reminder" });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select all packages" }));
    expect(send().disabled).toBe(false);
    const subject = screen.getByRole("textbox", { name: /^Subject/ });
    fireEvent.change(subject, { target: { value: "  " } });
    const message = screen.getByText("This field is required.");
    expect(subject.getAttribute("aria-describedby")).toBe(message.id);
    expect(send().disabled).toBe(true);
  });
});
