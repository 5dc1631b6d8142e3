import { describe, expect, it } from "vitest";
import { MIX, MIX_KINDS, type MixBuilding, type MixPlan, MixSource, type MixKind } from "./mix.ts";

const building = (id: number, closable: number[]): MixBuilding => ({
  id,
  notes: 5_000,
  open: 100,
  closed: 9_000,
  locations: id === 1,
  units: [{ apartment: id * 100, occupancy: id * 1000, occupant: id * 10_000, number: `${id}A` }],
  closable,
});
const plan = (): MixPlan => ({
  users: [
    { token: "u1", buildings: [1] },
    { token: "u2", buildings: [1, 2] },
  ],
  buildings: [building(1, [11, 12, 13, 14, 15, 16]), building(2, [21, 22, 23])],
  noteTypes: [7],
  packageTypes: [9],
  seed: 1,
});

describe("the front-desk mix", () => {
  it("draws each kind of request in its share, each from a user on one of their buildings", () => {
    const src = new MixSource({ ...plan(), buildings: plan().buildings.map((b) => ({ ...b, closable: [] })) });
    const counts = new Map<MixKind, number>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const r = src.next();
      counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
      expect(r.token === "u1" ? [1] : [1, 2]).toContain(r.building);
      // Answered as logged: no id to close comes back, so closes turn into logs.
      src.answered(r, 500, "");
    }
    for (const k of MIX_KINDS) {
      const share = ((counts.get(k) ?? 0) / n) * 100;
      const want =
        k === "write: close a package"
          ? 0
          : k === "write: log a package"
            ? MIX[k] + MIX["write: close a package"]
            : MIX[k];
      expect(Math.abs(share - want)).toBeLessThan(1);
    }
  });

  it("asks with the web app's parameters and bodies", () => {
    const src = new MixSource(plan());
    const seen = new Map<MixKind, string>();
    for (let i = 0; i < 2_000 && seen.size < MIX_KINDS.length; i++) {
      const r = src.next();
      if (!seen.has(r.kind)) seen.set(r.kind, `${r.method} ${r.path} ${r.body ?? ""}`);
    }
    expect(seen.get("notes: first page")).toMatch(
      /^GET \/api\/v1\/shift-logs\/notes\/\?building=\d&limit=30&offset=0&ordering=-date_created&include_end_of_shift_notes=true $/,
    );
    expect(seen.get("notes: search")).toMatch(/&ordering=-date_created&search=\w+ $/);
    expect(seen.get("packages: open")).toMatch(
      /\/api\/v1\/packages\/list\/\?building=\d&limit=30&offset=\d+&ordering=-date_opened&package_status=OPEN /,
    );
    expect(seen.get("packages: closed page")).toMatch(/package_status=CLOSED /);
    expect(seen.get("write: log a note")).toMatch(/^POST \/api\/v1\/shift-logs\/notes\/ \{"body":/);
    expect(seen.get("write: log a package")).toMatch(
      /^POST \/api\/v1\/packages\/bulk\/\?building=\d \[\{"occupancy":\d+,"package_type":9/,
    );
    expect(seen.get("write: close a package")).toMatch(
      /^POST \/api\/v1\/packages\/bulk\/close\/\?building=\d .*name="packages\[\]"\r\n\r\n\d+\r\n/s,
    );
  });

  it("closes each package once over all generator processes, and closes the packages it logged", () => {
    const closed: number[] = [];
    for (let part = 0; part < 2; part++) {
      const src = new MixSource(plan(), part, 2);
      for (let i = 0; i < 5_000; i++) {
        const r = src.next();
        if (r.packageId) closed.push(r.packageId);
        if (r.kind === "write: log a package")
          src.answered(r, 201, JSON.stringify({ results: [{ id: 100_000 + part * 50_000 + i }] }));
      }
    }
    expect(new Set(closed).size).toBe(closed.length);
    for (const id of [11, 12, 13, 14, 15, 16, 21, 22, 23]) expect(closed).toContain(id);
    expect(closed.some((id) => id >= 100_000)).toBe(true);
  });
});
