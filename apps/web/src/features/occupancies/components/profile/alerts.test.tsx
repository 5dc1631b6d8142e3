import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { ProfileAlerts } from "./ProfileAlerts.tsx";
import { profileAlerts } from "./model.ts";
import { makeOccupancy, makeOccupant } from "./testing.tsx";

const TODAY = "2026-03-10";
const kinds = (o: Parameters<typeof profileAlerts>[0]) => profileAlerts(o, TODAY).map((a) => a.kind);

describe("profile alerts", () => {
  it("shows none for a current lease", () => {
    expect(kinds(makeOccupancy())).toEqual([]);
  });

  it("shows do not disturb only while the profile is active", () => {
    expect(kinds(makeOccupancy({ is_do_not_disturb: true }))).toEqual(["do-not-disturb"]);
    expect(kinds(makeOccupancy({ is_do_not_disturb: true, is_active: false }))).toEqual([]);
  });

  it("shows 'lease expired but active occupants' when the lease ended before today", () => {
    expect(kinds(makeOccupancy({ lease_end_date: "2026-03-09" }))).toEqual(["lease-expired"]);
    // Ends today: not expired yet.
    expect(kinds(makeOccupancy({ lease_end_date: TODAY }))).toEqual([]);
    // Nobody active, or an inactive profile: no alert.
    expect(kinds(makeOccupancy({ lease_end_date: "2026-01-31", occupant_set: [] }))).toEqual([]);
    expect(kinds(makeOccupancy({ lease_end_date: "2026-01-31", is_active: false }))).toEqual([]);
  });

  it("shows 'all tenants vacated' when a move-out date is set", () => {
    const [past] = profileAlerts(makeOccupancy({ move_out_date: "2026-03-10" }), TODAY);
    expect(past).toMatchObject({ kind: "vacated", title: "All tenants vacated" });
    expect(past.text).toBe("All tenants moved out on 03/10/2026.");
    const [future] = profileAlerts(makeOccupancy({ move_out_date: "2026-04-01" }), TODAY);
    expect(future).toMatchObject({ kind: "vacated", title: "All tenants vacating" });
    expect(future.text).toContain("04/01/2026");
  });

  it("renders every alert that applies, with the flag first", () => {
    render(
      <ProfileAlerts
        today={TODAY}
        occupancy={makeOccupancy({
          is_do_not_disturb: true,
          lease_end_date: "2026-02-28",
          move_out_date: "2026-03-01",
          occupant_set: [makeOccupant(), makeOccupant({ id: 2 })],
          flag: {
            id: 1,
            occupancy_id: 91,
            comment: "Rent dispute",
            is_manager_only: true,
            entered_by: null,
            date_created: "2026-03-01T12:00:00Z",
          },
        })}
      />,
    );
    const notes = screen.getAllByRole("note");
    expect(notes.map((n) => n.getAttribute("data-testid"))).toEqual([
      "profile-flag",
      "alert-do-not-disturb",
      "alert-lease-expired",
      "alert-vacated",
    ]);
    expect(screen.getByTestId("profile-flag").textContent).toContain("Managers only");
    expect(screen.getByTestId("alert-lease-expired").textContent).toContain(
      "The lease ended on 02/28/2026, but this unit still has 2 active residents.",
    );
  });

  it("renders nothing without a flag or an alert", () => {
    const { container } = render(<ProfileAlerts today={TODAY} occupancy={makeOccupancy()} />);
    expect(container.innerHTML).toBe("");
  });
});
