import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { EMAIL_HISTORY_MESSAGES as M, type EmailRecipient, type EmailRecordDetail } from "@portico/contract";
import { type FakeCall, fakeApi, makeMe, page, renderWithApp } from "../../test/harness.tsx";
import { EmailHistoryList } from "./index.ts";
import { Component as RecordPage } from "./pages/EmailRecordPage.tsx";
import { bodyDocument } from "./components/EmailBody.tsx";

afterEach(() => vi.unstubAllGlobals());

const record = (over: Partial<EmailRecordDetail> = {}): EmailRecordDetail => ({
  id: 5,
  building_id: 1,
  type: "MEMO",
  kind: null,
  subject: "Water shut-off",
  sender_name: "Maria Manager",
  sender_email: "manager@portico.example",
  recipient_count: 3,
  additional_recipients: "",
  is_portfolio: false,
  date_created: "2026-11-20T15:00:00Z",
  attachment_set: [
    { name: "notice.pdf", attachment_url: "/files/notice.pdf", content_type: "application/pdf", size: 10 },
  ],
  state_counts: { delivered: 2, bounced: 1 },
  opened_count: 1,
  body: "<p>Dear residents</p>",
  body_text: "Dear residents",
  ...over,
});

const recipient = (over: Partial<EmailRecipient> = {}): EmailRecipient => ({
  id: 1,
  record_id: 5,
  occupant_id: 7,
  occupancy_id: 30,
  apartment_number: "4B",
  name: "Jane Doe",
  email: "jane@mail.example",
  current_email: "jane.new@mail.example",
  has_email: true,
  mandrill_state: "delivered",
  mandrill_state_display: "Delivered",
  mandrill_reject_reason: "",
  opens: 2,
  state_changed_at: null,
  ...over,
});

const RECIPIENTS = [
  recipient(),
  recipient({
    id: 2,
    name: "Sam Roe",
    apartment_number: "7C",
    email: "sam@mail.example",
    current_email: "sam@mail.example",
    mandrill_state: "bounced",
    mandrill_state_display: "Bounced",
    mandrill_reject_reason: "550 no such user",
    opens: 0,
  }),
  recipient({
    id: 3,
    name: "Ann Lee",
    occupant_id: 9,
    email: null,
    current_email: null,
    has_email: false,
    mandrill_state: null,
  }),
];
const blind = (r: EmailRecipient): EmailRecipient => ({ ...r, email: null, current_email: null });

const answers =
  (recipients: EmailRecipient[] = RECIPIENTS) =>
  (c: FakeCall) => {
    if (c.path === "/emails/records/")
      return { status: 200, body: page([record({ state_counts: { delivered: 2, bounced: 1, none: 1 } })]) };
    if (c.path === "/emails/records/5/") return { status: 200, body: record() };
    if (c.path === "/emails/recipients/") return { status: 200, body: page(recipients) };
    return undefined;
  };

describe("email history list", () => {
  it("lists the records of its type with their states and attachments, filtered from the URL", async () => {
    const { calls } = fakeApi(answers());
    const { router } = renderWithApp(<EmailHistoryList type="MEMO" occupantId={7} />, {
      me: makeMe("MG"),
      path: "/1/communication?tab=history&occupant_id=7&search=water",
      routePath: "/:buildingId/communication",
    });
    expect(await screen.findByRole("link", { name: "Water shut-off" })).toBeTruthy();
    expect(screen.getByText("2 Delivered")).toBeTruthy();
    expect(screen.getByText("1 Bounced")).toBeTruthy();
    expect(screen.getByText(M.opened(1))).toBeTruthy();
    expect(screen.getByText(`1 ${M.notMailed}`)).toBeTruthy();
    expect(screen.getByLabelText("1 attachment(s)")).toBeTruthy();
    expect(screen.getByText(M.residentFilter)).toBeTruthy();
    const first = calls.find((c) => c.path === "/emails/records/")!;
    expect(Object.fromEntries(first.query)).toEqual({
      building_id: "1",
      type: "MEMO",
      search: "water",
      occupant_id: "7",
    });
    expect((screen.getByLabelText(M.searchLabel) as HTMLInputElement).value).toBe("water");

    // Sender or recipient goes into the URL on Search, and the page back to the first.
    fireEvent.change(screen.getByLabelText(M.senderOrRecipientLabel), { target: { value: "sam" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toContain("sender_or_recipient=sam"));
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/emails/records/" && c.query.get("sender_or_recipient") === "sam")).toBe(
        true,
      ),
    );

    // Reset keeps the tab and the resident, drops the filters.
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=history&occupant_id=7"));
  });

  it("says so when there is nothing, and shows a failure in the spec's words", async () => {
    fakeApi((c) => (c.path === "/emails/records/" ? { status: 500, body: { detail: "Server down" } } : undefined));
    renderWithApp(<EmailHistoryList type="LETTER" />, {
      path: "/1/communication",
      routePath: "/:buildingId/communication",
    });
    expect(await screen.findByText(/^An error occurred: /)).toBeTruthy();
  });
});

describe("email record page", () => {
  const renderRecord = (role: "MG" | "FD") =>
    renderWithApp(<RecordPage />, {
      me: makeMe(role),
      path: "/1/communication/records/5",
      routePath: "/:buildingId/communication/records/:recordId",
    });

  it("shows the record, its body in an empty sandbox and its recipients with addresses for a manager", async () => {
    const { calls } = fakeApi(answers());
    renderRecord("MG");
    expect(await screen.findByRole("heading", { name: "Water shut-off" })).toBeTruthy();
    expect(screen.getByText(/Maria Manager/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /notice\.pdf/ }).getAttribute("href")).toBe("/files/notice.pdf");
    const frame = screen.getByTitle(M.bodyTitle);
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("<p>Dear residents</p>");
    expect(frame.getAttribute("srcdoc")).toContain("default-src 'none'");
    expect(await screen.findByText("jane@mail.example")).toBeTruthy();
    expect(screen.getByText("jane.new@mail.example")).toBeTruthy();
    expect(screen.getByText("550 no such user")).toBeTruthy();
    expect(screen.getByText(M.noEmail)).toBeTruthy();
    expect(screen.getByText(M.notMailed)).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Email" })).toBeTruthy();
    expect(calls.find((c) => c.path === "/emails/recipients/")!.query.get("record_id")).toBe("5");
    expect(calls.find((c) => c.path === "/emails/records/5/")!.query.get("building_id")).toBe("1");
  });

  it("hides the address columns from the front desk, who gets no addresses", async () => {
    fakeApi(answers(RECIPIENTS.map(blind)));
    renderRecord("FD");
    expect(await screen.findByText("Jane Doe")).toBeTruthy();
    expect(screen.getByText("Bounced")).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: "Email" })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Current email" })).toBeNull();
    expect(within(screen.getByRole("grid")).queryByText(/@/)).toBeNull();
  });

  it("is not found for a record the server does not show", async () => {
    fakeApi(() => undefined);
    renderRecord("MG");
    expect(await screen.findByText("404 - Page not found.")).toBeTruthy();
  });
});

describe("the body frame's document", () => {
  it("puts the body under a policy that loads nothing from outside", () => {
    const doc = bodyDocument('<img src="https://tracker.example/p.gif" alt="x">');
    expect(doc).toMatch(/Content-Security-Policy" content="default-src 'none'; img-src data:/);
    expect(doc).toContain('<img src="https://tracker.example/p.gif" alt="x">');
  });
});
