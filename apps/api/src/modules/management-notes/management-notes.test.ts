import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MANAGEMENT_NOTE_MESSAGES as M,
  MANAGEMENT_NOTES_LIMIT,
  MESSAGES,
  type ManagementNote,
  type ManagementNoteAcknowledgement,
} from "@portico/contract";
import { createTestApp, type TestApp } from "../../test/app.ts";

const LIST = (b: number) => `/api/v1/core/buildings/${b}/management-notes/`;
const ONE = (b: number, id: number) => `${LIST(b)}${id}/`;
const UNACK = (b: number) => `${LIST(b)}get_unacknowledged/`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const notesOf = async (user: string, b: number, q = ""): Promise<ManagementNote[]> => {
  const res = await t.as(user).get(`${LIST(b)}${q}`);
  expect(res.statusCode).toBe(200);
  return res.json().results;
};
const unacknowledged = async (user: string, b: number): Promise<number[]> =>
  (await t.as(user).get(UNACK(b))).json().unacknowledged_ids;
const add = async (user: string, b: number, body: Record<string, unknown>): Promise<ManagementNote> => {
  const res = await t.as(user).post(LIST(b), body);
  expect(res.statusCode).toBe(201);
  return res.json();
};
const acks = async (b: number, id: number): Promise<ManagementNoteAcknowledgement[]> =>
  (await t.as("manager").get(`${ONE(b, id)}acknowledgements/`)).json();

describe("management notes", () => {
  it("the demo notes: three active newest first, one requiring acknowledgement nobody acknowledged, one expired", async () => {
    const notes = await notesOf("frontdesk", 1);
    expect(notes).toHaveLength(3);
    const times = notes.map((n) => n.date_created);
    expect([...times].sort().reverse()).toEqual(times);
    const required = notes.filter((n) => n.is_require_acknowledgement);
    expect(required).toHaveLength(1);
    expect(required[0]).toMatchObject({ is_active: true, is_acknowledged: false });
    expect(required[0].entered_by).toMatchObject({ first_name: expect.any(String), last_name: expect.any(String) });
    expect(await unacknowledged("frontdesk", 1)).toEqual([required[0].id]);
    expect(await acks(1, required[0].id)).toEqual([]);
    const expired = await notesOf("manager", 1, "?is_active=false");
    expect(expired).toHaveLength(1);
    expect(expired[0].is_active).toBe(false);
  });

  it("the staff read the notes; other roles, residents and other buildings' staff do not", async () => {
    for (const user of ["frontdesk", "maintenance", "porter", "manager", "office"])
      expect((await t.as(user).get(LIST(1))).statusCode, user).toBe(200);
    for (const user of ["clubadmin", "owner", "amenity"])
      expect((await t.as(user).get(LIST(1))).statusCode, user).toBe(403);
    expect((await t.as("tenant").get(LIST(1))).statusCode).toBe(403);
    expect((await t.as("joconnor").get(LIST(1))).statusCode).toBe(403);
    expect((await t.as("joconnor").get(UNACK(1))).statusCode).toBe(403);
    expect((await t.as(null).get(LIST(1))).statusCode).toBe(401);
    expect((await t.as("office").get(LIST(424242))).statusCode).toBe(404);
  });

  it("the list takes at most 5000 a page; only managers see the expired notes", async () => {
    expect((await t.as("frontdesk").get(`${LIST(1)}?limit=${MANAGEMENT_NOTES_LIMIT}`)).statusCode).toBe(200);
    const over = await t.as("frontdesk").get(`${LIST(1)}?limit=${MANAGEMENT_NOTES_LIMIT + 1}`);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ limit: [MESSAGES.maxValue(MANAGEMENT_NOTES_LIMIT)] });
    const page = (await t.as("frontdesk").get(`${LIST(1)}?limit=1`)).json();
    expect(page).toMatchObject({ count: 3, previous: null });
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain("offset=1");
    expect((await t.as("frontdesk").get(`${LIST(1)}?is_active=false`)).statusCode).toBe(403);
  });

  it("the front desk cannot add, edit, expire or see acknowledgements (403 before 400)", async () => {
    const [note] = await notesOf("frontdesk", 1);
    expect((await t.as("frontdesk").post(LIST(1), { body: "x" })).statusCode).toBe(403);
    expect((await t.as("frontdesk").post(LIST(1), { body: 5 })).statusCode).toBe(403);
    expect((await t.as("frontdesk").patch(ONE(1, note.id), { body: "x" })).statusCode).toBe(403);
    expect((await t.as("frontdesk").patch(ONE(1, note.id), { is_active: false })).statusCode).toBe(403);
    expect((await t.as("frontdesk").get(`${ONE(1, note.id)}acknowledgements/`)).statusCode).toBe(403);
    expect((await t.as("maintenance").post(LIST(1), { body: "x" })).statusCode).toBe(403);
  });

  it("a manager adds a note (plain text, line breaks kept); the form's messages", async () => {
    const note = await add("manager", 2, { body: "  Line one\nLine two  ", is_require_acknowledgement: true });
    expect(note).toMatchObject({
      body: "Line one\nLine two",
      is_require_acknowledgement: true,
      is_active: true,
      is_acknowledged: false,
      entered_by: { first_name: expect.any(String) },
    });
    const plain = await add("office", 2, { body: "No acknowledgement needed" });
    expect(plain.is_require_acknowledgement).toBe(false);
    expect((await notesOf("frontdesk", 2))[0].id).toBe(plain.id);
    expect(await unacknowledged("frontdesk", 2)).toContain(note.id);
    expect(await unacknowledged("frontdesk", 2)).not.toContain(plain.id);

    expect((await t.as("manager").post(LIST(2), { body: "   " })).json()).toEqual({ body: [M.bodyRequired] });
    expect((await t.as("manager").post(LIST(2), {})).json()).toEqual({ body: [M.bodyRequired] });
    expect((await t.as("manager").post(LIST(2), { body: "x".repeat(10001) })).json()).toEqual({
      body: [MESSAGES.maxLength(10000)],
    });
    expect((await t.as("manager").post(LIST(2), { body: "x", is_require_acknowledgement: "maybe" })).json()).toEqual({
      is_require_acknowledgement: [MESSAGES.notABoolean],
    });
    expect((await t.as("manager").post(LIST(2), [1, 2])).statusCode).toBe(400);
    expect((await t.as("salvarez").post(LIST(2), { body: "x" })).statusCode).toBe(403);
  });

  it("acknowledging: idempotent, then gone from the unacknowledged; the manager sees who and when", async () => {
    const note = await add("manager", 1, { body: "Acknowledge me", is_require_acknowledgement: true });
    expect((await unacknowledged("frontdesk", 1))[0]).toBe(note.id);
    const first = await t.as("frontdesk").post(`${ONE(1, note.id)}acknowledge/`);
    expect(first.statusCode).toBe(200);
    const ack = first.json().acknowledgement as ManagementNoteAcknowledgement;
    expect(ack).toMatchObject({
      id: expect.any(Number),
      first_name: expect.any(String),
      date_created: expect.any(String),
    });
    const again = await t.as("frontdesk").post(`${ONE(1, note.id)}acknowledge/`);
    expect(again.json().acknowledgement.id).toBe(ack.id);
    expect(await unacknowledged("frontdesk", 1)).not.toContain(note.id);
    expect(await unacknowledged("maintenance", 1)).toContain(note.id);
    expect((await notesOf("frontdesk", 1)).find((n) => n.id === note.id)?.is_acknowledged).toBe(true);
    expect((await notesOf("maintenance", 1)).find((n) => n.id === note.id)?.is_acknowledged).toBe(false);
    expect(await acks(1, note.id)).toEqual([ack]);
  });

  it("an edit may ask everyone to acknowledge again; otherwise acknowledgements stand", async () => {
    const note = await add("manager", 1, { body: "Version one", is_require_acknowledgement: true });
    await t.as("frontdesk").post(`${ONE(1, note.id)}acknowledge/`);
    const kept = await t.as("manager").patch(ONE(1, note.id), { body: "Version one, typo fixed" });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ body: "Version one, typo fixed", is_active: true });
    expect(await unacknowledged("frontdesk", 1)).not.toContain(note.id);
    expect(await acks(1, note.id)).toHaveLength(1);

    const forced = await t
      .as("manager")
      .patch(ONE(1, note.id), { body: "Version two", require_acknowledge_edits: true });
    expect(forced.json()).toMatchObject({ body: "Version two", is_acknowledged: false });
    expect(await unacknowledged("frontdesk", 1)).toContain(note.id);
    expect(await acks(1, note.id)).toEqual([]);
    const re = await t.as("frontdesk").post(`${ONE(1, note.id)}acknowledge/`);
    expect(re.statusCode).toBe(200);
    expect(await unacknowledged("frontdesk", 1)).not.toContain(note.id);
    expect(await acks(1, note.id)).toHaveLength(1);

    const plain = await add("manager", 1, { body: "No acknowledgement" });
    const edited = await t.as("manager").patch(ONE(1, plain.id), { body: "Edited", require_acknowledge_edits: true });
    expect(edited.json()).toMatchObject({ body: "Edited", is_require_acknowledgement: false });
    expect(await unacknowledged("frontdesk", 1)).not.toContain(plain.id);
  });

  it("the edit's messages", async () => {
    const note = await add("manager", 1, { body: "Editable" });
    const patch = (body: unknown) => t.as("manager").patch(ONE(1, note.id), body);
    expect((await patch({})).json()).toEqual({ body: [M.nothingToChange] });
    expect((await patch({ body: " " })).json()).toEqual({ body: [M.bodyRequired] });
    expect((await patch({ is_active: true })).json()).toMatchObject({ is_active: [M.onlyExpire] });
    expect((await patch({ body: "x", require_acknowledge_edits: "x" })).json()).toEqual({
      require_acknowledge_edits: [MESSAGES.notABoolean],
    });
  });

  it("expiring: gone from the list and the unacknowledged, no longer acknowledged or edited (404)", async () => {
    const note = await add("manager", 1, { body: "Soon expired", is_require_acknowledgement: true });
    expect(await unacknowledged("frontdesk", 1)).toContain(note.id);
    const expired = await t.as("manager").patch(ONE(1, note.id), { is_active: false });
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({ is_active: false });
    expect(await unacknowledged("frontdesk", 1)).not.toContain(note.id);
    expect((await notesOf("frontdesk", 1)).map((n) => n.id)).not.toContain(note.id);
    expect((await notesOf("manager", 1, "?is_active=false")).map((n) => n.id)).toContain(note.id);
    expect((await t.as("frontdesk").post(`${ONE(1, note.id)}acknowledge/`)).statusCode).toBe(404);
    expect((await t.as("manager").patch(ONE(1, note.id), { body: "back" })).statusCode).toBe(404);
    expect((await t.as("manager").patch(ONE(1, note.id), { is_active: false })).statusCode).toBe(404);
    expect((await t.as("manager").get(`${ONE(1, note.id)}acknowledgements/`)).statusCode).toBe(200);
  });

  it("another building's note is 404 under this building", async () => {
    const note = await add("manager", 2, { body: "Building two only", is_require_acknowledgement: true });
    expect((await t.as("frontdesk").post(`${ONE(1, note.id)}acknowledge/`)).statusCode).toBe(404);
    expect((await t.as("manager").patch(ONE(1, note.id), { body: "x" })).statusCode).toBe(404);
    expect((await t.as("manager").patch(ONE(1, note.id), { is_active: false })).statusCode).toBe(404);
    expect((await t.as("manager").get(`${ONE(1, note.id)}acknowledgements/`)).statusCode).toBe(404);
    expect((await t.as("manager").patch(ONE(1, 2147483647), { body: "x" })).statusCode).toBe(404);
    expect(await unacknowledged("frontdesk", 1)).not.toContain(note.id);
    expect((await t.as("lromero").post(`${ONE(2, note.id)}acknowledge/`)).statusCode).toBe(403);
  });
});
