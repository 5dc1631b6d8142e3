import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { ResidentsSection } from "./ResidentsSection.tsx";
import { INACTIVE_RESIDENTS_TITLE, residentsTitle } from "./model.ts";
import { fakeApi, makeMe, makeOccupancy, makeOccupant, renderWithApp, settingsWith } from "./testing.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("residents section", () => {
  it("is titled 'Residents', or warns about keys when the profile is inactive", () => {
    expect(residentsTitle({ is_active: true })).toBe("Residents");
    expect(residentsTitle({ is_active: false })).toBe("Residents - DO NOT HAND OUT KEYS YET");

    fakeApi();
    renderWithApp(<ResidentsSection occupancy={makeOccupancy({ is_active: false, status: "INACTIVE" })} />);
    expect(screen.getByRole("heading", { level: 2, name: INACTIVE_RESIDENTS_TITLE })).toBeTruthy();
    expect(screen.queryByText("Future")).toBeNull();
  });

  it("tags a future lease", () => {
    fakeApi();
    renderWithApp(<ResidentsSection occupancy={makeOccupancy({ is_future: true, status: "FUTURE" })} />);
    expect(screen.getByRole("heading", { level: 2, name: "Residents" })).toBeTruthy();
    expect(screen.getByText("Future")).toBeTruthy();
  });

  it("shows each resident's details, the e-mail only when the API gives one", () => {
    fakeApi();
    renderWithApp(
      <ResidentsSection
        occupancy={makeOccupancy({
          occupant_set: [
            makeOccupant(),
            makeOccupant({ id: 2, first_name: "Brenda", last_name: "Green", email: "", type_display: "Occupant" }),
          ],
        })}
      />,
    );
    const taylor = screen.getByRole("article", { name: "Taylor Morgan" });
    for (const text of [
      "Tenant",
      "she/her",
      "(212) 555-0199",
      "taylor.morgan@example.com",
      "Sam Morgan (212) 555-0100",
    ])
      expect(within(taylor).getByText(text)).toBeTruthy();
    const brenda = screen.getByRole("article", { name: "Brenda Green" });
    expect(within(brenda).queryByText("Email")).toBeNull();
    expect(within(brenda).getByText("Occupant")).toBeTruthy();
  });

  it("links each resident to their e-mails in the email history, for staff", () => {
    fakeApi();
    renderWithApp(<ResidentsSection occupancy={makeOccupancy({ occupant_set: [makeOccupant({ id: 7 })] })} />);
    const link = screen.getByRole("link", { name: "Email history of Taylor Morgan" });
    expect(link.getAttribute("href")).toBe("/1/communication?tab=history&occupant_id=7");
  });

  it("keeps inactive residents in a collapsed group", () => {
    fakeApi();
    renderWithApp(
      <ResidentsSection
        occupancy={makeOccupancy({
          inactive_occupant_set: [makeOccupant({ id: 9, first_name: "Old", last_name: "Tenant", is_active: false })],
        })}
      />,
    );
    const toggle = screen.getByRole("button", { name: "Inactive residents (1)" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("article", { name: "Old Tenant" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("article", { name: "Old Tenant" })).toBeTruthy();
  });

  it("replaces an ID card only for a resident with a name", async () => {
    const { calls } = fakeApi((c) => (c.path === "/id-cards/id-cards/" ? { status: 201, body: { id: 5 } } : undefined));
    renderWithApp(
      <ResidentsSection
        occupancy={makeOccupancy({
          occupant_set: [
            makeOccupant(),
            makeOccupant({ id: 3, first_name: "", last_name: "", username: "nobody1203" }),
          ],
        })}
      />,
      { me: makeMe("MG"), settings: settingsWith((s) => (s.idcardsettings.has_id_cards = true)) },
    );
    fireEvent.click(screen.getByRole("button", { name: "More actions for nobody1203" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Replace ID card" }));
    fireEvent.click(await screen.findByRole("button", { name: "Replace ID card" }));
    expect(await screen.findByText("There was a problem replacing the ID Card.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/id-cards/id-cards/")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));

    fireEvent.click(await screen.findByRole("button", { name: "More actions for Taylor Morgan" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Replace ID card" }));
    fireEvent.click(await screen.findByRole("button", { name: "Replace ID card" }));
    expect(await screen.findByText("ID Card successfully replaced")).toBeTruthy();
    expect(calls.find((c) => c.path === "/id-cards/id-cards/")?.body).toEqual({
      occupant_id: 188,
      unit: "1203",
      name: "Taylor Morgan",
      building_id: 1,
    });
  });

  it("says so when the welcome e-mail cannot be sent", async () => {
    fakeApi((c) =>
      c.path.endsWith("/send_tenant_welcome_email/") ? { status: 400, body: { detail: "Mail is down" } } : undefined,
    );
    renderWithApp(<ResidentsSection occupancy={makeOccupancy()} />, { me: makeMe("MG") });
    fireEvent.click(screen.getByRole("button", { name: "More actions for Taylor Morgan" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Send Welcome Email" }));
    fireEvent.click(await screen.findByRole("button", { name: "Send email" }));
    expect(await screen.findByText("Could not send welcome email.")).toBeTruthy();
  });
});
