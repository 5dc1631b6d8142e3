import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { z } from "zod";
import { PageQuery, queryBool, type Role } from "@portico/contract";
import errors from "../../plugins/errors.ts";
import type { Database } from "../../db/client.ts";
import { freshDatabase } from "../../test/app.ts";
import type { CurrentUser } from "../current-user.ts";
import { typeListRepository } from "./repository.ts";
import { registerTypeList } from "./routes.ts";
import { defineTypeList, typeListService } from "./service.ts";

/**
 * A type list the product does not have yet, made the way a new area makes one: a table, the
 * contract's schemas, one definition, one call to register its routes.
 */
const eventTypes = pgTable("event_types_sample", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  color: text("color").notNull(),
  display_order: integer("display_order").notNull().default(0),
  is_active: boolean("is_active").notNull().default(true),
  is_immutable: boolean("is_immutable").notNull().default(false),
  last_modified: timestamp("last_modified", { withTimezone: true }).notNull().defaultNow(),
});
/** One without order, activity or lock, named by another column (as contractor types are). */
const companies = pgTable("company_types_sample", {
  id: serial("id").primaryKey(),
  company_name: text("company_name").notNull(),
});

const EventType = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  display_order: z.number(),
  is_active: z.boolean(),
  is_immutable: z.boolean(),
});
const EventTypeWrite = z.object({
  name: z.string({ error: "This field is required." }).trim().min(1, "This field may not be blank."),
  color: z.enum(["Red", "Blue"]).optional(),
  display_order: z.number().int().min(0).optional(),
  is_active: z.boolean().optional(),
});
const EventTypePatch = EventTypeWrite.partial();
const EventTypeQuery = PageQuery.extend({ is_active: queryBool.optional() });

const eventRows = typeListRepository(eventTypes, {
  where: (q: z.infer<typeof EventTypeQuery>) =>
    q.is_active === undefined ? undefined : sql`${eventTypes.is_active} = ${q.is_active}`,
});
const eventTypeList = defineTypeList({
  path: "/events/event-types/",
  noun: "event type",
  tags: ["events"],
  rows: eventRows,
  topic: "event_types:all",
  can: { view: "shiftlog.view", manage: "shiftlog.types.manage" },
  schemas: { item: EventType, write: EventTypeWrite, patch: EventTypePatch, query: EventTypeQuery },
  messages: { nameTaken: "event type with this name already exists.", immutable: "This event type cannot be edited." },
  toItem: (r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    display_order: r.display_order,
    is_active: r.is_active,
    is_immutable: r.is_immutable,
  }),
  values: (b: z.infer<typeof EventTypePatch>) => ({ ...b }),
  defaults: { color: "Blue", display_order: 0, is_active: true },
});

const companyList = defineTypeList({
  path: "/contractors/types/",
  noun: "contractor type",
  tags: ["contractors"],
  rows: typeListRepository(companies, { nameColumn: "company_name" }),
  topic: "contractor_types:all",
  can: { view: "shiftlog.view", manage: "shiftlog.types.manage" },
  schemas: {
    item: z.object({ id: z.number(), company_name: z.string() }),
    write: z.object({ company_name: z.string().trim().min(1) }),
    patch: z.object({ company_name: z.string().trim().min(1).optional() }),
    query: PageQuery,
  },
  messages: { nameTaken: "contractor type with this name already exists.", immutable: "" },
  nameField: "company_name",
  toItem: (r) => ({ id: r.id, company_name: r.company_name }),
  values: (b: { company_name?: string }) => ({ company_name: b.company_name }),
  defaults: {},
});

const person = (role: Role): CurrentUser => ({
  id: 1,
  username: role,
  email: "",
  first_name: "",
  last_name: "",
  role,
  is_active: true,
  buildings: [1],
});
const office = person("OF");
const desk = person("FD");

let database: Database;
let app: FastifyInstance;
const touched: string[] = [];
const deps = () => ({ db: database.db, changes: { touch: (...t: string[]) => void touched.push(...t) } });
const events = typeListService(eventTypeList);

beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table event_types_sample (id serial primary key, name text not null,
    color text not null, display_order integer not null default 0, is_active boolean not null default true,
    is_immutable boolean not null default false, last_modified timestamptz not null default now())`);
  await database.db.execute(sql`create unique index event_types_sample_name on event_types_sample (lower(name))`);
  await database.db.execute(sql`create table company_types_sample (id serial primary key, company_name text not null)`);
  await database.db.execute(sql`create unique index company_types_sample_name on company_types_sample (lower(company_name))`);

  // The routes on a bare server; the user comes from a header.
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", database.db);
  app.decorate("changes", deps().changes as unknown as FastifyInstance["changes"]);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (req) => {
    const role = req.headers["x-role"];
    req.user = role ? person(role as Role) : null;
  });
  await app.register(errors);
  await app.register(async (api) => {
    registerTypeList(api, eventTypeList);
    registerTypeList(api, companyList);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  touched.length = 0;
});

const call = (role: Role | null, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  app.inject({ method, url, headers: role ? { "x-role": role } : {}, ...(payload ? { payload } : {}) });

describe("a type list's service", () => {
  it("creates with the defaults, lists in display order then name, and touches the topic", async () => {
    const b = await events.create(deps(), office, { name: "Beta", display_order: 2 });
    const a = await events.create(deps(), office, { name: "alpha", display_order: 2, color: "Red" });
    const first = await events.create(deps(), office, { name: "Zulu", display_order: 1 });
    expect(b).toMatchObject({ name: "Beta", color: "Blue", display_order: 2, is_active: true, is_immutable: false });
    expect(a.color).toBe("Red");
    expect(touched).toEqual(["event_types:all", "event_types:all", "event_types:all"]);
    const list = await events.list(deps(), desk, {}, { limit: 10, offset: 0 });
    expect(list.count).toBe(3);
    expect(list.results.map((t) => t.name)).toEqual(["Zulu", "alpha", "Beta"]);
    const page = await events.list(deps(), desk, {}, { limit: 1, offset: 1 });
    expect(page).toEqual({ count: 3, results: [a] });
    expect(first.id).toBeGreaterThan(0);
  });

  it("a name is unique whatever its case, on create and on edit (not against itself)", async () => {
    await expect(events.create(deps(), office, { name: "ALPHA" })).rejects.toMatchObject({
      statusCode: 400,
      body: { name: ["event type with this name already exists."] },
    });
    const [beta] = (await events.list(deps(), desk, {}, { limit: 10, offset: 0 })).results.filter(
      (t) => t.name === "Beta",
    );
    await expect(events.update(deps(), office, beta.id, { name: "Alpha" })).rejects.toMatchObject({ statusCode: 400 });
    expect(await events.update(deps(), office, beta.id, { name: "BETA" })).toMatchObject({ name: "BETA" });
    expect(touched).toEqual(["event_types:all"]);
  });

  it("an edit changes only what it is given; an empty edit writes nothing", async () => {
    const t = await events.create(deps(), office, { name: "Gamma", color: "Red", display_order: 7 });
    touched.length = 0;
    expect(await events.update(deps(), office, t.id, { display_order: 3 })).toMatchObject({
      color: "Red",
      display_order: 3,
    });
    expect(await events.update(deps(), office, t.id, {})).toMatchObject({ display_order: 3 });
    expect(touched).toEqual(["event_types:all"]);
  });

  it("toggles active; the list's filter sees it", async () => {
    const t = await events.create(deps(), office, { name: "Delta" });
    expect((await events.toggle(deps(), office, t.id)).is_active).toBe(false);
    const inactive = await events.list(deps(), desk, { is_active: false }, { limit: 10, offset: 0 });
    expect(inactive.results.map((x) => x.name)).toEqual(["Delta"]);
    expect((await events.toggle(deps(), office, t.id)).is_active).toBe(true);
  });

  it("an immutable type cannot be edited or toggled (403 with the list's message); an unknown one is 404", async () => {
    const t = await events.create(deps(), office, { name: "Fixed" });
    await database.db.execute(sql`update event_types_sample set is_immutable = true where id = ${t.id}`);
    touched.length = 0;
    const locked = { statusCode: 403, body: { detail: "This event type cannot be edited." } };
    await expect(events.update(deps(), office, t.id, { name: "Moved" })).rejects.toMatchObject(locked);
    await expect(events.toggle(deps(), office, t.id)).rejects.toMatchObject(locked);
    expect((await events.get(deps(), desk, t.id)).is_immutable).toBe(true);
    await expect(events.get(deps(), desk, 999999)).rejects.toMatchObject({ statusCode: 404 });
    await expect(events.update(deps(), office, 999999, { name: "x" })).rejects.toMatchObject({ statusCode: 404 });
    expect(touched).toEqual([]);
  });

  it("reading and writing follow the list's permissions", async () => {
    await expect(events.create(deps(), desk, { name: "Nope" })).rejects.toMatchObject({ statusCode: 403 });
    await expect(events.list(deps(), person("TN"), {}, { limit: 1, offset: 0 })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});

describe("a type list's routes", () => {
  it("list, create (201), one, edit and toggle at the definition's path", async () => {
    const created = await call("OF", "POST", "/events/event-types/", { name: "Routed", color: "Red" });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const list = await call("FD", "GET", "/events/event-types/?limit=2");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 7, next: "/events/event-types/?limit=2&offset=2", previous: null });
    expect((await call("FD", "GET", `/events/event-types/${id}/`)).json()).toMatchObject({ name: "Routed" });
    const edited = await call("OF", "PATCH", `/events/event-types/${id}/`, { display_order: 9 });
    expect(edited.json()).toMatchObject({ id, display_order: 9, color: "Red" });
    const off = await call("OF", "POST", `/events/event-types/${id}/toggle_active/`);
    expect(off.json()).toMatchObject({ id, is_active: false });
  });

  it("answers the API's errors: 400 per field, 401, 403, 404", async () => {
    const bad = await call("OF", "POST", "/events/event-types/", { name: " ", color: "Green" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(["color", "name"]);
    const taken = await call("OF", "POST", "/events/event-types/", { name: "routed" });
    expect(taken.json()).toEqual({ name: ["event type with this name already exists."] });
    expect((await call(null, "GET", "/events/event-types/")).statusCode).toBe(401);
    expect((await call("FD", "POST", "/events/event-types/", { name: "Desk" })).statusCode).toBe(403);
    expect((await call("FD", "GET", "/events/event-types/999999/")).json()).toEqual({ detail: "Not found." });
    expect((await call("FD", "GET", "/events/event-types/999999")).statusCode).toBe(404);
  });

  it("a list without is_active, is_immutable or display_order: ordered by its name column, no toggle", async () => {
    for (const company_name of ["Plumbing Co", "Acme Electric"])
      expect((await call("OF", "POST", "/contractors/types/", { company_name })).statusCode).toBe(201);
    const list = (await call("FD", "GET", "/contractors/types/")).json();
    expect(list.results.map((r: { company_name: string }) => r.company_name)).toEqual(["Acme Electric", "Plumbing Co"]);
    const taken = await call("OF", "POST", "/contractors/types/", { company_name: "ACME ELECTRIC" });
    expect(taken.json()).toEqual({ company_name: ["contractor type with this name already exists."] });
    const id = list.results[0].id as number;
    expect((await call("OF", "PATCH", `/contractors/types/${id}/`, { company_name: "Acme" })).json()).toEqual({
      id,
      company_name: "Acme",
    });
    expect((await call("OF", "POST", `/contractors/types/${id}/toggle_active/`)).statusCode).toBe(404);
  });
});
