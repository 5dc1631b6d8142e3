import { describe, expect, it } from "vitest";
import { canAdvance, checkBatch, emptyBatchRow, groupKeys, journeyEntityType, keyPickerState } from "./model.ts";
import { makeJourney, makeKey } from "./testing.tsx";

describe("the OUT wizard's rules", () => {
  it("Next waits for a key, then a recipient, then a photo", () => {
    const none = { keyId: null, recipient: null, photo: null };
    expect(canAdvance(0, none)).toBe(false);
    expect(canAdvance(0, { ...none, keyId: 1 })).toBe(true);
    expect(canAdvance(1, { ...none, keyId: 1 })).toBe(false);
    const recipient = { entity_type: "occupant" as const, entity_id: 5, name: "R", description: "Occupant" };
    expect(canAdvance(1, { ...none, keyId: 1, recipient })).toBe(true);
    expect(canAdvance(2, { keyId: 1, recipient, photo: null })).toBe(false);
    expect(canAdvance(2, { keyId: 1, recipient, photo: new Blob() })).toBe(true);
  });

  it("the key picker is disabled with 0 or 1 key; one key is chosen at once", () => {
    expect(keyPickerState([])).toEqual({ disabled: true, empty: true, only: null });
    expect(keyPickerState([{ id: 4 }])).toEqual({ disabled: true, empty: false, only: 4 });
    expect(keyPickerState([{ id: 4 }, { id: 5 }])).toEqual({ disabled: false, empty: false, only: null });
  });
});

describe("batch-out rows", () => {
  const who = { entity_type: "occupant" as const, entity_id: 5, name: "R", description: "Occupant" };
  it("drops empty rows, refuses half-filled ones and duplicates, needs a photo", () => {
    const a = { ...emptyBatchRow(), apartment: 1, key: 10, recipient: who };
    const b = { ...emptyBatchRow(), apartment: 2, key: 20, comment: "  Painter " };
    const empty = emptyBatchRow();
    expect(checkBatch([a, b, empty], true)).toMatchObject({ valid: true, rows: [a, b] });
    expect(checkBatch([a, b, empty], false).valid).toBe(false);
    const half = { ...emptyBatchRow(), apartment: 3 };
    const checked = checkBatch([a, half], true);
    expect(checked.valid).toBe(false);
    expect([...checked.partial]).toEqual([half.uid]);
    const blankComment = { ...emptyBatchRow(), apartment: 2, key: 20, comment: "   " };
    expect(checkBatch([a, blankComment], true).partial.has(blankComment.uid)).toBe(true);
    const dup = { ...a, uid: emptyBatchRow().uid };
    const d = checkBatch([a, dup], true);
    expect([...d.duplicates]).toEqual([dup.uid]);
    expect(d.valid).toBe(false);
    expect(checkBatch([empty], true).valid).toBe(false);
  });
});

describe("the grid and journeys", () => {
  it("sorts by name, or groups by location", () => {
    const keys = [
      makeKey({ id: 1, name: "10-1", location: { id: 2, label: "Box B" } }),
      makeKey({ id: 2, name: "2-1", location: { id: 1, label: "Box A" } }),
      makeKey({ id: 3, name: "3-1", location: null }),
    ];
    expect(groupKeys(keys, "name")[0].keys.map((k) => k.name)).toEqual(["2-1", "3-1", "10-1"]);
    expect(groupKeys(keys, "location").map((g) => [g.label, g.keys.map((k) => k.id)])).toEqual([
      ["Box A", [2]],
      ["Box B", [1]],
      ["No location", [3]],
    ]);
  });

  it("names an instruction recipient by its type", () => {
    expect(journeyEntityType(makeJourney())).toBe("Occupant");
    expect(
      journeyEntityType(
        makeJourney({
          key_out_to_entity_type: "instruction",
          readable_key_out_to_entity_type: "Instruction",
          readable_key_out_to_entity_subtype: "Registered guest",
        }),
      ),
    ).toBe("Registered guest");
  });
});
