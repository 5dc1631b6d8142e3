import { describe, expect, it } from "vitest";
import { fittingCount } from "./TopNav.tsx";

describe("the top navigation's fit", () => {
  const widths = [120, 60, 90, 90];
  it("shows every button when they all fit (no room kept for 'More')", () => {
    // 120 + 60 + 90 + 90 and three gaps of 4.
    expect(fittingCount(widths, 372, 80)).toBe(4);
    expect(fittingCount(widths, 1000, 80)).toBe(4);
  });
  it("keeps room for 'More' once one does not fit, and never breaks the order", () => {
    // 'More' 80, then 4 + 120, 4 + 60, 4 + 90: 362; the fourth (4 + 90) would pass 371.
    expect(fittingCount(widths, 371, 80)).toBe(3);
    expect(fittingCount(widths, 361, 80)).toBe(2);
  });
  it("shows none, only 'More', when even the first does not fit", () => {
    expect(fittingCount(widths, 150, 80)).toBe(0);
    expect(fittingCount([], 0, 80)).toBe(0);
  });
});
