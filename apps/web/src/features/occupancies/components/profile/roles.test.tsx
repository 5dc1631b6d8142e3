import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, getDefaultNormalizer, screen } from "@testing-library/react";
import type { BuildingSettingsGroups, Occupancy, Role } from "@portico/contract";
import { useCan } from "../../../../lib/session.tsx";
import { HeaderActions, headerAbilities } from "./HeaderActions.tsx";
import { ResidentsSection } from "./ResidentsSection.tsx";
import { fakeApi, makeMe, makeOccupancy, renderWithApp, setMobile, settingsWith } from "./testing.tsx";

afterEach(() => vi.unstubAllGlobals());

function Header({ occupancy, settings }: { occupancy: Occupancy; settings: BuildingSettingsGroups }) {
  const can = useCan();
  return (
    <HeaderActions
      occupancy={occupancy}
      abilities={headerAbilities(can, { id: 1, building: 1, ...settings }, occupancy)}
      today="2026-03-10"
    />
  );
}

const notesOn = settingsWith((s) => (s.coresettings.enable_occupancy_notes = true));

function renderHeader(role: Role, occupancy = makeOccupancy(), settings = notesOn) {
  fakeApi((c) => (c.path.endsWith("/notes/count/") ? { status: 200, body: { count: 3 } } : undefined));
  return renderWithApp(<Header occupancy={occupancy} settings={settings} />, { me: makeMe(role), settings });
}

/**
 * A manager clicks Impersonate on the residents' section; the server answers `status` and
 * `body`, and the new tab is a stand-in.
 */
function impersonateFromResidents(status: number, body: unknown) {
  fakeApi((c) => (c.path.endsWith("/impersonate/") ? { status, body } : undefined));
  const popup = { close: vi.fn(), opener: {} as unknown, location: { href: "" } };
  const open = vi.fn(() => popup);
  vi.stubGlobal("open", open);
  renderWithApp(<ResidentsSection occupancy={makeOccupancy()} />, { me: makeMe("MG") });
  fireEvent.click(screen.getByRole("button", { name: "Impersonate Taylor Morgan" }));
  return { popup, open };
}

const names = () =>
  [...screen.getByRole("group", { name: "Unit actions" }).querySelectorAll("button, a")].map((b) =>
    b.textContent?.replace(/\d+ notes?$/, "").trim(),
  );

describe("header actions by role", () => {
  it("front desk: Move out and View history only", () => {
    renderHeader("FD");
    expect(names()).toEqual(["Move out", "View history"]);
  });

  it("managers: flag, subscriptions, notes with a count, move out, history, edit and delete", async () => {
    renderHeader("MG");
    expect(names()).toEqual([
      "Flag",
      "Subscriptions",
      "Internal office notes",
      "Move out",
      "View history",
      "Edit unit profile",
      "Delete",
    ]);
    expect(await screen.findByRole("button", { name: "Internal office notes 3 notes" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit unit profile" }).getAttribute("href")).toBe(
      "/1/manage/unit-profiles/edit/91",
    );
    expect(screen.getByRole("link", { name: "Delete" }).getAttribute("href")).toBe("/1/manage/unit-profiles/delete/91");
  });

  it("hides internal office notes when the building does not enable them", () => {
    renderHeader("MG", makeOccupancy(), settingsWith());
    expect(names()).not.toContain("Internal office notes");
  });

  it("offers Remove flag for a flagged unit and no Move out once a move-out date is set", () => {
    renderHeader(
      "MG",
      makeOccupancy({
        move_out_date: "2026-03-01",
        flag: {
          id: 4,
          occupancy_id: 91,
          comment: "x",
          is_manager_only: false,
          entered_by: null,
          date_created: "2026-03-01T00:00:00Z",
        },
      }),
    );
    expect(names()).toContain("Remove flag");
    expect(names()).not.toContain("Move out");
  });

  it("moves secondary actions into 'More' on small screens", () => {
    setMobile(true);
    renderHeader("MG");
    expect(names()).toEqual(["Flag", "Internal office notes", "Move out", "More"]);
    fireEvent.click(screen.getByRole("button", { name: "More" }));
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).toEqual([
      "Subscriptions",
      "View history",
      "Edit unit profile",
      "Delete",
    ]);
  });
});

describe("resident actions by role", () => {
  const renderResidents = (role: Role, settings = settingsWith()) => {
    fakeApi();
    return renderWithApp(<ResidentsSection occupancy={makeOccupancy()} />, { me: makeMe(role), settings });
  };
  const menuItems = async (name = "Taylor Morgan") => {
    fireEvent.click(screen.getByRole("button", { name: `More actions for ${name}` }));
    return (await screen.findAllByRole("menuitem")).map((m) => m.textContent);
  };

  it("front desk retakes photos and views history; no edit, impersonation, e-mails or ID cards", async () => {
    renderResidents(
      "FD",
      settingsWith((s) => (s.idcardsettings.has_id_cards = true)),
    );
    expect(screen.getByRole("button", { name: "Retake photo of Taylor Morgan" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit Taylor Morgan" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Impersonate Taylor Morgan" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Add resident" })).toBeNull();
    expect(await menuItems()).toEqual(["View history"]);
  });

  it("managers edit, impersonate (a button on large screens) and send welcome e-mails", async () => {
    renderResidents("MG");
    expect(screen.getByRole("link", { name: "Edit Taylor Morgan" }).getAttribute("href")).toBe(
      "/1/manage/occupant/edit/188",
    );
    expect(screen.getByRole("button", { name: "Impersonate Taylor Morgan" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add resident" }).getAttribute("href")).toBe(
      "/1/manage/occupant/create?occupancy_id=91",
    );
    // No ID cards in this building.
    expect(await menuItems()).toEqual(["Send Welcome Email", "View history"]);
  });

  it("managers replace ID cards when the building has them; no welcome e-mail when federated", async () => {
    renderResidents(
      "MG",
      settingsWith((s) => {
        s.idcardsettings.has_id_cards = true;
        s.is_tenant_federated = true;
      }),
    );
    expect(await menuItems()).toEqual(["Replace ID card", "View history"]);
  });

  it("impersonation is a menu item on small screens", async () => {
    setMobile(true);
    renderResidents("MG");
    expect(screen.queryByRole("button", { name: "Impersonate Taylor Morgan" })).toBeNull();
    expect(await menuItems()).toContain("Impersonate");
  });

  it("impersonation that finds no account says so", async () => {
    const { popup } = impersonateFromResidents(404, {
      detail: "Could not impersonate this user.  They may not have an account on residents.example.com",
    });
    expect(
      await screen.findByText(
        "Could not impersonate this user.  They may not have an account on residents.example.com",
        {
          normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
        },
      ),
    ).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
  });

  it("impersonation opens the redirect in a new tab", async () => {
    const { popup, open } = impersonateFromResidents(200, {
      redirect_url: "https://residents.example.com/impersonate#token=abc",
      access_token: "abc",
      id_token: "def",
      refresh_token: "",
      client: "tenant-site",
    });
    await vi.waitFor(() => expect(popup.location.href).toBe("https://residents.example.com/impersonate#token=abc"));
    expect(open).toHaveBeenCalledWith("about:blank", "_blank");
    expect(popup.opener).toBeNull();
  });
});
