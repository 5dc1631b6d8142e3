import { describe, expect, it } from "vitest";

describe("zod-jitless", () => {
  it("turns zod's compiled parsers (eval) off, as z.config() reports it", async () => {
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
