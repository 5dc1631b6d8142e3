import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Detail, FieldErrors, paginated, ShiftLogNote } from "@portico/contract";
import { leanSerializerCompiler, serializationSchema } from "./serializer.ts";

const note = {
  id: 7,
  body: 'Water "leak" in 4B\n\u2028 — fixed',
  owner: { id: 3, first_name: "Ana", last_name: "Ruiz", username: "ana", password_hash: "x" },
  date_created: "2026-01-02T03:04:05.000Z",
  last_modified: "2026-01-02T03:04:05.000Z",
  apartments: [{ id: 11, apartment_number: "4B", current_occupancy_id: null, building_id: 1 }],
  occupancy_ids: [5],
  shift_log_type_id: null,
  shift_log_type_name: "General",
  shift_log_type_short_name: null,
  is_end_of_shift: false,
  is_high_priority: true,
  building: { id: 1, name: "100 Riverside", settings: { secret: true } },
  location: null,
  is_edited: false,
  // Columns of the row the contract does not show.
  external_lease_id: "L-99",
  owner_id: 3,
};
const Page = paginated(ShiftLogNote);

async function appWith(check: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(leanSerializerCompiler({ check }));
  const errors = { 400: FieldErrors, 404: Detail };
  app.get("/page", { schema: { response: { 200: Page, ...errors } } }, async () => ({
    count: 1,
    next: null,
    previous: "/page?limit=30",
    results: [note],
    leaked: "nope",
  }));
  app.get("/bad", { schema: { response: { 200: Page, ...errors } } }, async (_req, reply) =>
    // An error body sent by a handler: written as before (zod), not by the compiled schema.
    reply.status(400).send({ body: ["This field is required."] }),
  );
  // A handler whose value does not fit its schema (the type checker would refuse it).
  const wrong = { n: "seven" } as unknown as { n: number };
  app.get("/wrong", { schema: { response: { 200: z.object({ n: z.number().int() }) } } }, async () => wrong);
  app.get(
    "/union",
    {
      schema: {
        response: { 200: z.object({ v: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) }) },
      },
    },
    async () => ({ v: { a: "x", hidden: 1 } }),
  );
  await app.ready();
  return app;
}

describe("lean response serialization", () => {
  it("writes only the schema's properties, nested and in arrays, with the schema's types", async () => {
    const app = await appWith(false);
    const res = await app.inject({ url: "/page" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["count", "next", "previous", "results"]);
    const row = body.results[0];
    expect(Object.keys(row)).toEqual(Object.keys(ShiftLogNote.shape));
    expect(row.owner).toEqual({ id: 3, first_name: "Ana", last_name: "Ruiz", username: "ana" });
    expect(row.apartments).toEqual([{ id: 11, apartment_number: "4B", current_occupancy_id: null }]);
    expect(row.building).toEqual({ id: 1, name: "100 Riverside" });
    expect(res.body).not.toMatch(/external_lease_id|password_hash|secret|leaked|owner_id/);
    expect(row.body).toBe(note.body);
    expect(row.shift_log_type_id).toBeNull();
    expect(row.is_high_priority).toBe(true);
    expect(body.next).toBeNull();
    // Byte for byte what zod's serializer wrote.
    expect(res.body).toBe(
      JSON.stringify(Page.parse({ count: 1, next: null, previous: "/page?limit=30", results: [note] })),
    );
    await app.close();
  });

  it("keeps error replies as zod wrote them", async () => {
    const app = await appWith(false);
    const res = await app.inject({ url: "/bad" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ body: ["This field is required."] });
    await app.close();
  });

  it("refuses a value of the wrong type (500), as zod did", async () => {
    const app = await appWith(false);
    const res = await app.inject({ url: "/wrong" });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it("leaves unions to zod, which still drops what the schema does not show", async () => {
    const app = await appWith(false);
    const res = await app.inject({ url: "/union" });
    expect(res.json()).toEqual({ v: { a: "x" } });
    await app.close();
  });

  it("in check mode, fails a body the two serializers would write differently", async () => {
    const app = await appWith(true);
    expect((await app.inject({ url: "/page" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/wrong" })).statusCode).toBe(500);
    await app.close();
  });

  it("compiles plain schemas, and not those that need validation to be written", () => {
    expect(serializationSchema(Page)).not.toBeNull();
    expect(serializationSchema(z.object({ a: z.string().nullable(), b: z.union([z.string(), z.null()]) }))).toEqual({
      type: "object",
      properties: { a: { type: "string", nullable: true }, b: { type: "string", nullable: true } },
      required: ["a", "b"],
      additionalProperties: false,
    });
    expect(serializationSchema(z.object({ v: z.union([z.string(), z.number()]) }))).toBeNull();
    expect(serializationSchema(z.object({ v: z.literal("x") }))).not.toBeNull();
    expect(serializationSchema(z.object({ d: z.date() }))).toBeNull();
    expect(serializationSchema({ type: "object" })).toBeNull();
  });
});
