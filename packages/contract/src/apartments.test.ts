import { describe, expect, it } from "vitest";
import { addressNumber, apartmentSortKey, compareApartmentNumbers } from "./apartments.ts";

describe("apartmentSortKey", () => {
  const sorted = (list: string[]) => [...list].sort(compareApartmentNumbers);

  it("orders numbered units by floor, then unit", () => {
    expect(sorted(["1203", "305", "204", "1201", "999", "1000", "201"])).toEqual([
      "201",
      "204",
      "305",
      "999",
      "1000",
      "1201",
      "1203",
    ]);
  });

  it("puts letter suffixes after the numbered units of their floor (50 plus the letter's index)", () => {
    expect(sorted(["4B", "501", "408", "4A", "401"])).toEqual(["401", "408", "4A", "4B", "501"]);
    expect(apartmentSortKey("4A")).toBe("0004.0050 4A");
    expect(apartmentSortKey("4C")).toBe("0004.0052 4C");
  });

  it("treats PH as floor 99, after every numbered floor", () => {
    expect(sorted(["PH2", "9801", "PH1", "1908"])).toEqual(["1908", "9801", "PH1", "PH2"]);
    expect(sorted(["PH2", "1908", "PH1"])).toEqual(["1908", "PH1", "PH2"]);
    expect(apartmentSortKey("PH1")).toBe("0099.0001 PH1");
    expect(apartmentSortKey("ph-2")).toBe(apartmentSortKey("PH-2"));
  });

  it("puts other names last, case-insensitively", () => {
    expect(sorted(["Mgmt", "PH1", "201"])).toEqual(["201", "PH1", "Mgmt"]);
    expect(apartmentSortKey(" 12a ")).toBe(apartmentSortKey("12A"));
  });

  it("is a plain string order (what the database sorts by)", () => {
    const list = ["PH1", "4A", "1203", "305", "Mgmt", "12B", "1201", "4B", "201"];
    const byKey = [...list].sort((a, b) => (apartmentSortKey(a) < apartmentSortKey(b) ? -1 : 1));
    expect(byKey).toEqual(["201", "305", "4A", "4B", "1201", "1203", "12B", "PH1", "Mgmt"]);
  });
});

describe("addressNumber", () => {
  it("reads the number at the start of an address", () => {
    expect(addressNumber("100 Riverside Drive")).toBe(100);
    expect(addressNumber("  37 Harbor Street")).toBe(37);
    expect(addressNumber("512-514 Elm Avenue")).toBe(512);
  });
  it("puts addresses without a number last", () => {
    expect(addressNumber("Riverside Drive")).toBe(Number.MAX_SAFE_INTEGER);
    const list = ["512 Elm Avenue", "The Annex", "37 Harbor Street", "100 Riverside Drive"];
    expect([...list].sort((a, b) => addressNumber(a) - addressNumber(b))).toEqual([
      "37 Harbor Street",
      "100 Riverside Drive",
      "512 Elm Avenue",
      "The Annex",
    ]);
  });
});
