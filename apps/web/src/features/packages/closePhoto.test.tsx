import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { PACKAGE_MESSAGES as M } from "@portico/contract";
import { Component as ClosePackagesPage } from "./pages/ClosePackagesPage.tsx";
import { closingPhotoRequired } from "./model.ts";
import { fakeApi, renderWithApp, settingsWith } from "./testing.tsx";

// MUI forms in jsdom are slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const closeOk = () =>
  fakeApi((c) =>
    c.method === "POST" && c.path === "/packages/bulk/close/"
      ? { status: 200, body: { message: "1 package closed", count: 1, ids: [7002] } }
      : undefined,
  );

function renderClose(requirePictures: boolean) {
  return renderWithApp(<ClosePackagesPage />, {
    path: "/1/packages/close?occupancy_id=91",
    routePath: "/:buildingId/packages/close",
    settings: settingsWith({ is_require_pictures_for_building: requirePictures }),
  });
}

const select = (name: RegExp) => fireEvent.click(screen.getByRole("checkbox", { name }));
const closeButton = () => screen.getByRole("button", { name: "Close packages" });
const photoGroup = () => screen.getByRole("group", { name: /^Closing photo/ });

describe("closing photo rule", () => {
  it("is required only when the building requires pictures and a chosen type asks for one", () => {
    const building = settingsWith({ is_require_pictures_for_building: true });
    const off = settingsWith({ is_require_pictures_for_building: false });
    expect(closingPhotoRequired(building, [{ is_pic_required: false }, { is_pic_required: true }])).toBe(true);
    expect(closingPhotoRequired(building, [{ is_pic_required: false }])).toBe(false);
    expect(closingPhotoRequired(off, [{ is_pic_required: true }])).toBe(false);
    expect(closingPhotoRequired(undefined, [{ is_pic_required: true }])).toBe(false);
  });

  it("asks for a photo for a perishable in a building that requires pictures, then sends it", async () => {
    const { calls } = closeOk();
    const { router } = renderClose(true);
    await screen.findByRole("table", { name: "Open packages" });
    expect(photoGroup().textContent).toContain("(optional)");
    select(/^Select Perishable for 1203/);
    expect(photoGroup().textContent).toContain("(required)");
    fireEvent.click(closeButton());
    expect(await screen.findByText(M.photoRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    const file = new File([new Uint8Array([137, 80, 78, 71])], "photo.png", { type: "image/png" });
    const input = screen.getByLabelText("Upload photo") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(screen.queryByText(M.photoRequired)).toBeNull());
    fireEvent.change(screen.getByRole("textbox", { name: "Closing comment" }), { target: { value: "Picked up" } });
    fireEvent.click(closeButton());
    expect(await screen.findByText("1 package closed")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.query.get("building")).toBe("1");
    const body = post.body as FormData;
    expect(body.getAll("packages[]")).toEqual(["7002"]);
    expect(body.get("closing_comment")).toBe("Picked up");
    expect((body.get("closing_photo_url") as File).name).toBe("photo.png");
    await waitFor(() => expect(router.state.location.pathname).toBe("/1/packages"));
  });

  it("closes without a photo when no chosen type asks for one", async () => {
    const { calls } = closeOk();
    renderClose(true);
    await screen.findByRole("table", { name: "Open packages" });
    select(/^Select Small box for 1203/);
    expect(photoGroup().textContent).toContain("(optional)");
    fireEvent.click(closeButton());
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const body = calls.find((c) => c.method === "POST")!.body as FormData;
    expect(body.getAll("packages[]")).toEqual(["7001"]);
    expect(body.get("closing_photo_url")).toBeNull();
  });

  it("the photo stays optional when the building does not require pictures", async () => {
    const { calls } = closeOk();
    renderClose(false);
    await screen.findByRole("table", { name: "Open packages" });
    select(/^Select Perishable for 1203/);
    expect(photoGroup().textContent).toContain("(optional)");
    fireEvent.click(closeButton());
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  });

  it("'Please select at least one package to close' with nothing selected; leaving with a selection asks first", async () => {
    const { calls } = closeOk();
    const { router } = renderClose(true);
    await screen.findByRole("table", { name: "Open packages" });
    fireEvent.click(closeButton());
    expect(await screen.findByText("Please select at least one package to close")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    select(/^Select Small box for 1203/);
    void router.navigate("/1/packages");
    const dialog = await screen.findByRole("dialog", { name: "Leave this page?" });
    expect(dialog.textContent).toContain(
      "One or more packages are selected and have not been closed yet. Are you sure you want to leave?",
    );
  });
});
