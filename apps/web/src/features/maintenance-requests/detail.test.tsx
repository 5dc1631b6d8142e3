import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  defaultBuildingSettings,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  type MaintenanceRequest,
  type MaintenanceRequestType,
  MESSAGES,
} from "@portico/contract";
import { dayInZone } from "../../lib/zonedDates.ts";
import { BUILDING, type FakeCall, fakeApi, type Handler, page, renderWithApp } from "../../test/harness.tsx";
import { Component as CreatePage } from "./pages/MaintenanceCreatePage.tsx";
import { Component as DetailPage } from "./pages/MaintenanceDetailPage.tsx";
import { SignaturePad } from "./components/SignaturePad.tsx";
import { makeMaintenanceRequest } from "./testing.ts";

const REQUESTS = "/maintenance-requests/maintenance-requests/";

const TYPES: MaintenanceRequestType[] = [
  {
    id: 1,
    name: "Plumbing",
    category: "Plumbing",
    display_order: 1,
    instruction_text: "Turn off the water under the sink first.",
    access_permissions: "RESIDENTS_AND_STAFF",
    access_permissions_display: "Residents and staff",
    is_active: true,
    is_immutable: false,
  },
  {
    id: 2,
    name: "Electrical",
    category: "Electrical",
    display_order: 2,
    instruction_text: "",
    access_permissions: "STAFF_ONLY",
    access_permissions_display: "Staff only",
    is_active: true,
    is_immutable: false,
  },
  {
    id: 3,
    name: "Retired type",
    category: "",
    display_order: 3,
    instruction_text: "",
    access_permissions: "STAFF_ONLY",
    access_permissions_display: "Staff only",
    is_active: false,
    is_immutable: false,
  },
];

const APARTMENTS = [
  { id: 11, apartment_number: "1203", current_occupancy_id: 91, is_vacant: false, floor: "12", line: "03" },
  { id: 12, apartment_number: "702", current_occupancy_id: 92, is_vacant: false, floor: "7", line: "02" },
];

const MT = [
  {
    id: 7,
    user_id: 70,
    first_name: "Max",
    last_name: "Wrench",
    username: "max",
    email: "",
    role: "MT",
    is_active: true,
    title: "",
  },
];

/** The request of these tests: high priority, extra contacts, a public and a private comment. */
const makeRequest = (over: Partial<MaintenanceRequest> = {}) =>
  makeMaintenanceRequest({
    is_high_priority: true,
    additional_emails: "owner@example.com",
    additional_phone_numbers: "555-0100",
    comments: [
      {
        id: 1,
        maintenance_request_id: 500,
        comment: "Called the resident",
        is_private: false,
        change_status_to: null,
        change_status_to_display: null,
        entered_by: null,
        date_created: "2026-03-02T16:00:00.000Z",
      },
      {
        id: 2,
        maintenance_request_id: 500,
        comment: "Staff note: the pipe is old",
        is_private: true,
        change_status_to: null,
        change_status_to_display: null,
        entered_by: null,
        date_created: "2026-03-02T17:00:00.000Z",
      },
    ],
    ...over,
  });

const defaults =
  (request: MaintenanceRequest = makeRequest()): Handler =>
  (c: FakeCall) => {
    if (c.path === "/core/buildings/1/apartments/dropdown/") return { status: 200, body: APARTMENTS };
    if (c.path === "/maintenance-requests/maintenance-request-types/") return { status: 200, body: page(TYPES) };
    if (c.path === "/core/employees/simple-list/") return { status: 200, body: page(MT) };
    if (c.path === "/maintenance-requests/statuses/")
      return {
        status: 200,
        body: [
          { value: "OPEN", label: "Open" },
          { value: "ON_HOLD", label: "On Hold" },
          { value: "CLOSED", label: "Closed" },
        ],
      };
    if (c.path === "/core/buildings/1/comment-templates/")
      return {
        status: 200,
        body: page([
          {
            id: 1,
            building_id: 1,
            title: "Waiting for parts",
            template: "We are waiting for parts.",
            display_order: 0,
          },
        ]),
      };
    if (c.method === "GET" && c.path === `${REQUESTS}${request.id}/`) return { status: 200, body: request };
    if (c.method === "GET" && c.path === `${REQUESTS}${request.id}/events/`) return { status: 200, body: page([]) };
    return undefined;
  };

const withSignatures = () => {
  const settings = defaultBuildingSettings();
  settings.maintenancerequestsettings.has_signatures = true;
  return settings;
};

const ROUTE = "/:buildingId/maintenance/requests/:maintenanceRequestId/*";
const renderDetail = (path = `/1/maintenance/requests/500`, settings = defaultBuildingSettings()) =>
  renderWithApp(<DetailPage />, { path, routePath: ROUTE, settings });

async function choose(combobox: RegExp, option: string) {
  fireEvent.mouseDown(await screen.findByRole("combobox", { name: combobox }));
  fireEvent.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: option }));
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the create form", () => {
  const renderCreate = (query = "?apartment_id=11&occupancy_id=91") =>
    renderWithApp(<CreatePage />, {
      path: `/1/maintenance/requests/create${query}`,
      routePath: "/:buildingId/maintenance/requests/create",
      extraRoutes: [{ path: "/1/maintenance/requests/:id", element: <p>Request page</p> }],
    });

  it("starts from the unit in the query, offers active types only and shows the chosen type's instructions", async () => {
    fakeApi(undefined, defaults());
    renderCreate();
    const unit = (await screen.findByRole("combobox", { name: /^Unit/ })) as HTMLInputElement;
    await waitFor(() => expect(unit.value).toBe("1203"));
    fireEvent.mouseDown(screen.getByRole("combobox", { name: /^Request type/ }));
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Plumbing", "Electrical"]);
    fireEvent.click(options[0]);
    expect(await screen.findByText("Turn off the water under the sink first.")).toBeTruthy();
  });

  it("finds the unit of an occupancy given alone", async () => {
    fakeApi(undefined, defaults());
    renderCreate("?occupancy_id=92");
    const unit = (await screen.findByRole("combobox", { name: /^Unit/ })) as HTMLInputElement;
    await waitFor(() => expect(unit.value).toBe("702"));
  });

  it("requires a unit, a type and a description; counts the description up to 2000", async () => {
    const { calls } = fakeApi(undefined, defaults());
    renderCreate("");
    const description = await screen.findByRole("textbox", { name: /^Description/ });
    fireEvent.change(description, { target: { value: "abc" } });
    expect(screen.getByText(`3/${MAINTENANCE_LIMITS.description}`)).toBeTruthy();
    fireEvent.change(description, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Create request" }));
    expect(await screen.findAllByText(MESSAGES.fieldRequired)).toHaveLength(3);
    fireEvent.change(description, { target: { value: "x".repeat(2001) } });
    expect(await screen.findByText(MESSAGES.maxLength(2000))).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("refuses a photo over 10 MB with the spec's message", async () => {
    fakeApi(undefined, defaults());
    const { container } = renderCreate();
    await screen.findByRole("combobox", { name: /^Unit/ });
    const big = new File([new Uint8Array(1)], "big.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [big] } });
    expect(await screen.findByText(MAINTENANCE_MESSAGES.photoTooLarge)).toBeTruthy();
  });

  it("posts the request with its photo as base64, then opens the request's page", async () => {
    const { calls } = fakeApi(
      (c) => (c.method === "POST" && c.path === REQUESTS ? { status: 201, body: makeRequest({ id: 501 }) } : undefined),
      defaults(),
    );
    const { container, router } = renderCreate();
    await screen.findByRole("combobox", { name: /^Unit/ });
    await choose(/^Request type/, "Electrical");
    fireEvent.change(screen.getByRole("textbox", { name: /^Description/ }), {
      target: { value: "No power in the bedroom" },
    });
    fireEvent.click(screen.getByRole("radio", { name: "High" }));
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^Entry instructions/ }), { target: { value: "Dog inside" } });
    await choose(/^Assigned to/, "Max Wrench");
    const photo = new File([new Uint8Array([1, 2, 3])], "outlet.png", { type: "image/png" });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [photo] } });
    expect(await screen.findByText("outlet.png")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create request" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/maintenance/requests/501"));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.query.get("building")).toBe("1");
    expect(post.body).toEqual({
      apartment_id: 11,
      occupancy_id: 91,
      maintenance_request_type_id: 2,
      description: "No power in the bedroom",
      is_high_priority: true,
      is_permission_to_enter: true,
      permission_to_enter_comments: "Dog inside",
      employee_id: 7,
      additional_emails: "",
      additional_phone_numbers: "",
      photos: [{ type: "image/png", name: "outlet.png", content: "AQID" }],
    });
  });

  it("shows the server's errors under their fields and keeps what was typed; a 413 reads the 10 MB message", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { employee_id: [MAINTENANCE_MESSAGES.notMaintenanceEmployee] },
    };
    fakeApi((c) => (c.method === "POST" ? answer : undefined), defaults());
    renderCreate();
    await screen.findByRole("combobox", { name: /^Unit/ });
    await choose(/^Request type/, "Plumbing");
    fireEvent.change(screen.getByRole("textbox", { name: /^Description/ }), { target: { value: "Dripping tap" } });
    fireEvent.click(screen.getByRole("button", { name: "Create request" }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.notMaintenanceEmployee)).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /^Description/ }) as HTMLInputElement).value).toBe("Dripping tap");
    answer = { status: 413, body: { detail: "too large" } };
    fireEvent.click(screen.getByRole("button", { name: "Create request" }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.photoTooLarge)).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /^Description/ }) as HTMLInputElement).value).toBe("Dripping tap");
  });
});

describe("the detail page", () => {
  it("shows the request's blocks, private comments marked", async () => {
    fakeApi(undefined, defaults());
    renderDetail();
    expect(await screen.findByRole("heading", { level: 1, name: "Maintenance request #500" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "1203" }).getAttribute("href")).toBe("/1/manage/unit-profiles/91");
    expect(screen.getByText("Robin Resident")).toBeTruthy();
    expect(screen.getByText("Max Wrench")).toBeTruthy();
    expect(screen.getByText("High")).toBeTruthy();
    expect(screen.getByText("Key at the desk")).toBeTruthy();
    const comments = screen.getAllByTestId("request-comment");
    expect(within(comments[0]).queryByText("Private")).toBeNull();
    expect(within(comments[1]).getByText("Private")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit request details" }).getAttribute("href")).toBe(
      "/1/maintenance/requests/500/edit",
    );
    // No signature block without has_signatures.
    expect(screen.queryByRole("heading", { name: "Signature" })).toBeNull();
  });

  it("shows the closed date of a closed request and links to its recurring request", async () => {
    fakeApi(
      undefined,
      defaults(
        makeRequest({
          status: "CLOSED",
          status_display: "Closed",
          date_closed: "2026-03-03T15:00:00.000Z",
          recurring_maintenance_request_id: 9,
        }),
      ),
    );
    renderDetail();
    expect((await screen.findByTestId("closed-on")).textContent).toContain("Closed on 03/03/2026");
    expect(screen.getByRole("link", { name: /recurring request #9/ }).getAttribute("href")).toBe(
      "/1/maintenance/recurring-requests/9/edit",
    );
  });

  it("answers an unknown request (or another building's) with the not-found page", async () => {
    fakeApi(undefined, (c) =>
      c.path === `${REQUESTS}404/` ? { status: 404, body: { detail: "Not found." } } : undefined,
    );
    renderDetail("/1/maintenance/requests/404");
    expect(await screen.findByRole("heading", { name: MESSAGES.notFoundTitle })).toBeTruthy();
  });

  it("in print mode hides 'Edit request details' and shows a signing line", async () => {
    fakeApi(undefined, defaults());
    renderDetail("/1/maintenance/requests/500?print=1", withSignatures());
    expect(await screen.findByTestId("signing-line")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit request details" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Get signature" })).toBeNull();
  });

  it("the browser's print hides the buttons and shows a signing line too", async () => {
    fakeApi(undefined, defaults());
    renderDetail("/1/maintenance/requests/500", withSignatures());
    expect(await screen.findByRole("button", { name: "Get signature" })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    expect(screen.getByTestId("signing-line")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit request details" })).toBeNull();
    act(() => {
      window.dispatchEvent(new Event("afterprint"));
    });
    expect(await screen.findByRole("link", { name: "Edit request details" })).toBeTruthy();
  });

  it("opens the edit form on …/edit and saves with PATCH", async () => {
    const { calls } = fakeApi(
      (c) => (c.method === "PATCH" ? { status: 200, body: makeRequest({ description: "Sink replaced" }) } : undefined),
      defaults(),
    );
    const { router } = renderDetail("/1/maintenance/requests/500/edit");
    const dialog = await screen.findByRole("dialog", { name: "Edit request details" });
    const description = await within(dialog).findByRole("textbox", { name: /^Description/ });
    expect((description as HTMLInputElement).value).toBe("Kitchen sink leaks");
    fireEvent.change(description, { target: { value: "Sink replaced" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/maintenance/requests/500"));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.path).toBe(`${REQUESTS}500/`);
    expect(patch.body).toMatchObject({ description: "Sink replaced", apartment_id: 11, employee_id: 7 });
    expect(patch.body).not.toHaveProperty("occupancy_id");
  });
});

describe("the status update", () => {
  it("on hold asks until when (today by default); a template fills the comment; posts update_status", async () => {
    const { calls } = fakeApi(
      (c) =>
        c.method === "POST" && c.path.endsWith("/update_status/")
          ? { status: 200, body: makeRequest({ status: "ON_HOLD", date_on_hold_until: dayInZone(BUILDING.time_zone) }) }
          : undefined,
      defaults(),
    );
    renderDetail();
    fireEvent.click(await screen.findByRole("button", { name: "Update status" }));
    const dialog = await screen.findByRole("dialog", { name: "Update status" });
    expect(((await within(dialog).findByRole("radio", { name: "Open" })) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByRole("group", { name: /On hold until/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole("radio", { name: "On Hold" }));
    const until = await within(dialog).findByRole("group", { name: /On hold until/ });
    const [y, m, d] = dayInZone(BUILDING.time_zone).split("-");
    expect((until.parentElement!.querySelector("input") as HTMLInputElement).value).toBe(`${m}/${d}/${y}`);
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole("combobox", { name: /Comment template/ })
          .getAttribute("aria-disabled"),
      ).toBeNull(),
    );
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /Comment template/ }));
    fireEvent.click(
      await within(await screen.findByRole("listbox")).findByRole("option", { name: "Waiting for parts" }),
    );
    expect((within(dialog).getByRole("textbox", { name: "Comment" }) as HTMLInputElement).value).toBe(
      "We are waiting for parts.",
    );
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /Private/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Update status" }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("/update_status/"))).toBe(true));
    const post = calls.find((c) => c.path.endsWith("/update_status/"))!;
    expect(post.body).toEqual({
      status: "ON_HOLD",
      date_on_hold_until: dayInZone(BUILDING.time_zone),
      comment: { comment: "We are waiting for parts.", is_private: true },
    });
  });
});

describe("the signature", () => {
  const draw = () => {
    const pad = screen.getByRole("img", { name: "Signature pad" });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
  };

  it("asks for a signature before submitting", async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithApp(<SignaturePad onSubmit={onSubmit} onCancel={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.signatureRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says so when the canvas cannot be read", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockImplementation(() => {
      throw new Error("tainted");
    });
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithApp(<SignaturePad onSubmit={onSubmit} onCancel={() => {}} />);
    draw();
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.signatureProcessFailed)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("'Get signature' saves the image with PATCH; a failed save says so and keeps the pad open", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue("data:image/png;base64,AAAA");
    let status = 500;
    let signed = false;
    const { calls } = fakeApi((c) => {
      if (c.method === "PATCH") {
        signed = status === 200;
        return { status, body: signed ? makeRequest({ signature_url: "/media/sig.png" }) : {} };
      }
      if (signed && c.method === "GET" && c.path === `${REQUESTS}500/`)
        return { status: 200, body: makeRequest({ signature_url: "/media/sig.png" }) };
      return undefined;
    }, defaults());
    renderDetail("/1/maintenance/requests/500", withSignatures());
    fireEvent.click(await screen.findByRole("button", { name: "Get signature" }));
    const dialog = await screen.findByRole("dialog", { name: "Get signature" });
    draw();
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findByText(MAINTENANCE_MESSAGES.signatureSaveFailed)).toBeTruthy();
    status = 200;
    fireEvent.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect((await screen.findByRole("img", { name: "Signature" })).getAttribute("src")).toBe("/media/sig.png");
    const patch = calls.filter((c) => c.method === "PATCH").pop()!;
    expect(patch.body).toEqual({ signature_url: "data:image/png;base64,AAAA" });
  });
});

describe("comments and photos", () => {
  it("adds a private comment", async () => {
    const { calls } = fakeApi(
      (c) =>
        c.method === "POST" && c.path === "/maintenance-requests/comments/" ? { status: 201, body: {} } : undefined,
      defaults(),
    );
    renderDetail();
    const form = await screen.findByRole("form", { name: "Add a comment" });
    fireEvent.click(within(form).getByRole("button", { name: "Add comment" }));
    expect(await within(form).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    fireEvent.change(within(form).getByRole("textbox", { name: "New comment" }), {
      target: { value: "Parts ordered" },
    });
    fireEvent.click(within(form).getByRole("checkbox", { name: /Private/ }));
    fireEvent.click(within(form).getByRole("button", { name: "Add comment" }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.commentAdded)).toBeTruthy();
    const post = calls.find((c) => c.path === "/maintenance-requests/comments/")!;
    expect(post.body).toEqual({ maintenance_request_id: 500, comment: "Parts ordered", is_private: true });
    expect(post.query.get("building")).toBe("1");
  });

  it("adds a captioned photo (multipart); over 10 MB is refused before sending and a 413 reads the same", async () => {
    let status = 413;
    const { calls } = fakeApi(
      (c) => (c.method === "POST" && c.path === "/maintenance-requests/photos/" ? { status, body: {} } : undefined),
      defaults(),
    );
    renderDetail();
    const form = await screen.findByRole("form", { name: "Add a photo" });
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File([new Uint8Array(1)], "big.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(form).findByText(MAINTENANCE_MESSAGES.photoTooLarge)).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([1])], "sink.png", { type: "image/png" })] },
    });
    fireEvent.change(within(form).getByRole("textbox", { name: "Caption" }), { target: { value: "Under the sink" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: /Private/ }));
    fireEvent.click(within(form).getByRole("button", { name: "Add photo" }));
    expect(await within(form).findByText(MAINTENANCE_MESSAGES.photoTooLarge)).toBeTruthy();
    status = 201;
    fireEvent.click(within(form).getByRole("button", { name: "Add photo" }));
    expect(await screen.findByText(MAINTENANCE_MESSAGES.photoAdded)).toBeTruthy();
    const posts = calls.filter((c) => c.path === "/maintenance-requests/photos/");
    expect(posts).toHaveLength(2);
    const body = posts[1].body as FormData;
    expect(body.get("maintenance_request_id")).toBe("500");
    expect(body.get("caption")).toBe("Under the sink");
    expect(body.get("is_private")).toBe("true");
    expect((body.get("photo_url") as File).name).toBe("sink.png");
  });
});
