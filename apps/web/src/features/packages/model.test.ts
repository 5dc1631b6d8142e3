import { describe, expect, it } from "vitest";
import { MESSAGES, PACKAGE_MESSAGES as M } from "@portico/contract";
import { ApiError } from "../../lib/api.ts";
import { blankRow, isLogFormDirty, type LogRow, logErrorsOf, withIds } from "./model.ts";

const row = (over: Partial<LogRow>): LogRow => ({ ...blankRow(), ...over });

describe("log form: unsaved rows", () => {
  it("is dirty when a row differs from the one it was reset to, or an added row counts", () => {
    const baseline = [row({}), row({ package_type: "2" })];
    expect(isLogFormDirty([row({}), row({ package_type: "2" })], baseline, "single")).toBe(false);
    expect(isLogFormDirty([row({ opening_comment: "Heavy" }), row({ package_type: "2" })], baseline, "single")).toBe(
      true,
    );
    // A row added after the reset counts only once it is used.
    expect(isLogFormDirty([...baseline, row({})], baseline, "single")).toBe(false);
    expect(isLogFormDirty([...baseline, row({ package_type: "1" })], baseline, "single")).toBe(true);
  });
});

describe("log form: a refused submit", () => {
  it("puts row-indexed messages under their fields, the rest in the box", () => {
    const err = new ApiError(400, "Bad Request", [{}, { package_type: ["Unknown type"] }]);
    expect(logErrorsOf(err, [3, 5], "multi")).toEqual({ rows: [[5, "package_type", "Unknown type"]], banner: null });
    const other = new ApiError(400, "Bad Request", { non_field_errors: ["Closed building"] });
    expect(logErrorsOf(other, [0], "multi")).toEqual({
      rows: [],
      banner: { title: MESSAGES.formError, lines: ["Closed building"] },
    });
  });

  it("single unit: a refused unit shows the status and 'You cannot log packages for this occupancy'", () => {
    const err = new ApiError(400, "Bad Request", [{ occupancy: ["Inactive"] }]);
    expect(logErrorsOf(err, [0], "single").banner).toEqual({
      title: "400 Bad Request",
      lines: [M.cannotLogForOccupancy],
    });
    expect(logErrorsOf(new ApiError(403, "Forbidden", null), [0], "single").banner).toEqual({
      title: "403 Forbidden",
      lines: [M.cannotLogForOccupancy],
    });
  });

  it("a server failure shows its status text; anything else its message", () => {
    expect(logErrorsOf(new ApiError(502, "Bad Gateway", null), [0], "multi").banner).toEqual({
      title: MESSAGES.formError,
      lines: ["Bad Gateway"],
    });
    expect(logErrorsOf(new Error("offline"), [0], "single").banner).toEqual({
      title: MESSAGES.formError,
      lines: ["offline"],
    });
  });
});

describe("selection", () => {
  it("adds or takes out ids, leaving the others", () => {
    expect([...withIds(new Set([1, 2]), [3, 4], true)]).toEqual([1, 2, 3, 4]);
    expect([...withIds(new Set([1, 2, 3]), [2, 9], false)]).toEqual([1, 3]);
  });
});
