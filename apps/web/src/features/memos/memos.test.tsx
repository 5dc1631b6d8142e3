import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MEMO_ATTACHMENTS_LIMIT_BYTES, MEMO_MESSAGES as M, type MemoRecipient } from "@portico/contract";
import { fakeApi, type Handler, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { Component as CommunicationPage } from "./pages/CommunicationPage.tsx";
import { Component as PortfolioMemoPage } from "./pages/PortfolioMemoPage.tsx";
import { letterPages, tabOf } from "./model.ts";

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const resident = (over: Partial<MemoRecipient>): MemoRecipient => ({
  occupant_id: 1,
  first_name: "Ann",
  last_name: "Lee",
  email: "ann@mail.test",
  type: "TN",
  type_display: "Tenant",
  apartment_id: 10,
  apartment_number: "2A",
  floor: "2",
  line: "A",
  is_balcony_apt: false,
  lease_start_date: "2025-01-01",
  lease_end_date: null,
  occupancy_id: 100,
  ...over,
});
const ANN = resident({});
const BOB = resident({ occupant_id: 2, first_name: "Bob", last_name: "Ray", email: null, apartment_number: "2B" });
const CAY = resident({
  occupant_id: 3,
  first_name: "Cay",
  last_name: "Doe",
  apartment_id: 12,
  apartment_number: "3A",
  floor: "3",
});

const defaults: Handler = ({ method, path, query }) => {
  if (method === "GET" && path === "/emails/memo-recipients/floors-lines/")
    return { status: 200, body: { floors: ["2", "3"], lines: ["A", "B"] } };
  if (method === "GET" && path === "/emails/memo-recipients/") {
    if (query.get("floor") === "3" || query.get("apartment_ids") === "12") return { status: 200, body: page([CAY]) };
    return { status: 200, body: page([ANN, BOB]) };
  }
  if (method === "GET" && path === "/core/buildings/1/memo-groups/")
    return {
      status: 200,
      body: page([
        {
          id: 5,
          building: 1,
          name: "Third floor",
          apartments: [{ id: 12, apartment_number: "3A", current_occupancy_id: 300 }],
          apartment_ids: [12],
          created_by: null,
          last_edited_by: null,
          date_created: "2026-01-01T00:00:00Z",
          last_modified: "2026-01-01T00:00:00Z",
        },
      ]),
    };
  if (method === "GET" && path === "/emails/records/") return { status: 200, body: page([]) };
  return undefined;
};

const sent = (n: number, preview = false) => ({
  status: 200,
  body: { is_preview_email: preview, email_count: n, record_ids: preview ? [] : [77], letter_recipient_count: 0 },
});

const manager = makeMe("MG", { email: "mia@portico.test" });

function openComposer(handler: Handler = () => undefined, path = "/1/communication?tab=memo") {
  const api = fakeApi(handler, defaults);
  const app = renderWithApp(<CommunicationPage />, { me: manager, path });
  return { ...api, ...app };
}

async function fillBasics() {
  fireEvent.change(await screen.findByRole("textbox", { name: /Subject/ }), { target: { value: "Water shut-off" } });
  fireEvent.click(screen.getByRole("radio", { name: "Memo" }));
}

const sendButton = () => screen.getByRole("button", { name: "Send" });

describe("the /communication page", () => {
  it("shows the memo history by default and to those who may not send (no composer tab)", async () => {
    const { calls } = fakeApi(() => undefined, defaults);
    renderWithApp(<CommunicationPage />, { me: makeMe("FD"), path: "/1/communication?tab=memo" });
    expect(await screen.findByRole("tab", { name: "Memos", selected: true })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Send tenant memo" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Templates" })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === "/emails/records/")).toBe(true));
    expect(calls.find((c) => c.path === "/emails/records/")?.query.get("type")).toBe("MEMO");
  });

  it("picks the tab from the URL", () => {
    expect(tabOf("memo", true)).toBe("memo");
    expect(tabOf("memo", false)).toBe("history");
    expect(tabOf("letters", false)).toBe("letters");
    expect(tabOf(null, true)).toBe("history");
    expect(tabOf("nonsense", true)).toBe("history");
  });

  it("prints one letter page per unit", () => {
    expect(
      letterPages([
        { apartment_number: "10B", name: "Z" },
        { apartment_number: "2A", name: "X" },
        { apartment_number: "2A", name: "Y" },
      ]),
    ).toEqual([
      { unit: "2A", names: ["X", "Y"] },
      { unit: "10B", names: ["Z"] },
    ]);
  });
});

describe("the memo composer", () => {
  it("requires a type and recipients, the latter under the chooser, and says to correct the errors", async () => {
    const { calls } = openComposer();
    fireEvent.change(await screen.findByRole("textbox", { name: /Subject/ }), { target: { value: "Hello" } });
    fireEvent.click(sendButton());
    expect(await screen.findByText(M.typeRequired)).toBeTruthy();
    const chooser = screen.getByRole("group", { name: "Recipients" });
    expect(within(chooser).getByText(M.recipientsRequired)).toBeTruthy();
    expect(screen.getByText(M.correctErrors)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("marks residents without e-mail and adds a checked resident as a chip", async () => {
    openComposer();
    const grid = await screen.findByRole("grid", { name: "Residents" });
    expect(await within(grid).findByText(M.noEmail)).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Choose Ann Lee, 2A" }));
    expect(screen.getByText("1 recipient chosen")).toBeTruthy();
    fireEvent.click(within(screen.getByRole("button", { name: "Ann Lee, 2A" })).getByTestId("CancelIcon"));
    expect(screen.getByText("0 recipients chosen")).toBeTruthy();
  });

  it("keeps Add by location disabled until a floor or line is chosen, then adds every match", async () => {
    const { calls } = openComposer();
    const location = await screen.findByRole("group", { name: "Add by location" });
    const add = within(location).getByRole("button", { name: "Add" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.mouseDown(within(location).getByRole("combobox", { name: "Floor" }));
    fireEvent.click(await screen.findByRole("option", { name: "3" }));
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByRole("button", { name: "Cay Doe, 3A" })).toBeTruthy();
    expect(calls.find((c) => c.query.get("floor") === "3")).toBeTruthy();
  });

  it("adds a memo group's residents", async () => {
    openComposer();
    const groups = await screen.findByRole("group", { name: "Memo groups" });
    const select = within(groups).getByRole("combobox", { name: "Memo group" });
    await waitFor(() => expect(select.getAttribute("aria-disabled")).not.toBe("true"));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole("option", { name: /Third floor/ }));
    fireEvent.click(within(groups).getByRole("button", { name: "Add group" }));
    expect(await screen.findByRole("button", { name: "Cay Doe, 3A" })).toBeTruthy();
  });

  it("sends a preview to the sender without recipients", async () => {
    const { calls } = openComposer(({ method, path }) =>
      method === "POST" && path === "/emails/records/send_memo/" ? sent(1, true) : undefined,
    );
    await fillBasics();
    fireEvent.click(screen.getByRole("button", { name: "Send preview" }));
    expect(await screen.findByText(M.previewSent("mia@portico.test"))).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ is_preview_email: true, type: "memo", subject: "Water shut-off", building_id: 1 });
    // The form keeps what was typed.
    expect((screen.getByRole("textbox", { name: /Subject/ }) as HTMLInputElement).value).toBe("Water shut-off");
  });

  it("sends, says how many e-mails went, resets the form and goes to the history tab", async () => {
    const { calls, router } = openComposer(({ method, path }) =>
      method === "POST" && path === "/emails/records/send_memo/" ? sent(3) : undefined,
    );
    await fillBasics();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose Ann Lee, 2A" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Additional email addresses" }), {
      target: { value: "a@b.test; c@d.test" },
    });
    fireEvent.click(sendButton());
    expect(await screen.findByText(`${M.sent(3)} ${M.resetAdvice}`)).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      occupant_ids: [1],
      additional_recipients: "a@b.test; c@d.test",
      is_preview_email: false,
      is_club_memo: false,
    });
    await waitFor(() => expect(router.state.location.search).toBe("?tab=history"));
    expect(sessionStorage.getItem("portico.memo-draft.building-1")).toBeNull();
  });

  it("says why a send failed and keeps what was typed", async () => {
    openComposer(({ method }) => (method === "POST" ? { status: 503, body: {} } : undefined));
    await fillBasics();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose Ann Lee, 2A" }));
    fireEvent.click(sendButton());
    expect(await screen.findByText(M.sendFailed("Service Unavailable"))).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /Subject/ }) as HTMLInputElement).value).toBe("Water shut-off");
    expect(screen.getByText("1 recipient chosen")).toBeTruthy();
  });

  it("puts the server's occupant_ids error under the chooser", async () => {
    openComposer(({ method }) =>
      method === "POST" ? { status: 400, body: { occupant_ids: [M.occupantNotInBuilding] } } : undefined,
    );
    await fillBasics();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose Ann Lee, 2A" }));
    fireEvent.click(sendButton());
    const chooser = screen.getByRole("group", { name: "Recipients" });
    expect(await within(chooser).findByText(M.occupantNotInBuilding)).toBeTruthy();
    expect(screen.getByText(M.correctErrors)).toBeTruthy();
  });

  it("refuses attachments over 10 MB in all, and shows a 413 under the attachments", async () => {
    const { calls } = openComposer(({ method }) =>
      method === "POST" ? { status: 413, body: { attachments: [M.attachmentsTooLarge] } } : undefined,
    );
    await fillBasics();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Choose Ann Lee, 2A" }));
    const big = new File(["x"], "plans.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: MEMO_ATTACHMENTS_LIMIT_BYTES + 1 });
    fireEvent.change(screen.getByLabelText("Attachments"), { target: { files: [big] } });
    expect(await screen.findByText(M.attachmentsTooLarge)).toBeTruthy();
    fireEvent.click(sendButton());
    await screen.findByText(M.correctErrors);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Remove plans.pdf" }));
    await waitFor(() => expect(screen.queryByText(M.attachmentsTooLarge)).toBeNull());
    fireEvent.change(screen.getByLabelText("Attachments"), {
      target: { files: [new File(["hello"], "note.txt", { type: "text/plain" })] },
    });
    fireEvent.click(sendButton());
    expect(await screen.findByText(M.attachmentsTooLarge)).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")?.body as { attachments_array: unknown[] };
    expect(body.attachments_array).toEqual([{ type: "text/plain", name: "note.txt", content: btoa("hello") }]);
  });

  it("writes to a club's members in club mode", async () => {
    const { calls } = openComposer(
      ({ method }) => (method === "POST" ? sent(2) : undefined),
      "/1/communication?tab=memo&club=7",
    );
    await fillBasics();
    expect(screen.queryByRole("group", { name: "Recipients" })).toBeNull();
    fireEvent.click(sendButton());
    await screen.findByText(`${M.sent(2)} ${M.resetAdvice}`);
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      is_club_memo: true,
      memo_club_id: 7,
      occupant_ids: [],
    });
  });
});

describe("the portfolio memo page", () => {
  it("needs one or more buildings, then sends to them", async () => {
    const { calls } = fakeApi(({ method, path }) =>
      method === "POST" && path === "/emails/records/send_portfolio_memo/" ? sent(40) : undefined,
    );
    renderWithApp(<PortfolioMemoPage />, {
      me: makeMe("OF", { email: "olga@portico.test" }),
      path: "/admin/messaging/portfolio_memo",
      routePath: "/admin/*",
    });
    expect(await screen.findByRole("heading", { name: "Send Memo To All Tenants In Portfolio" })).toBeTruthy();
    await fillBasics();
    fireEvent.click(sendButton());
    expect(await screen.findByText(M.selectBuildings)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Buildings/ }));
    fireEvent.click(await screen.findByRole("option", { name: "The Riverside" }));
    fireEvent.click(sendButton());
    expect(await screen.findByText(`${M.sent(40)} ${M.resetAdvice}`)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ building_ids: [1], type: "memo" });
  });

  it("is not for managers", () => {
    fakeApi();
    renderWithApp(<PortfolioMemoPage />, {
      me: manager,
      path: "/admin/messaging/portfolio_memo",
      routePath: "/admin/*",
    });
    expect(screen.queryByRole("heading", { name: "Send Memo To All Tenants In Portfolio" })).toBeNull();
  });
});
