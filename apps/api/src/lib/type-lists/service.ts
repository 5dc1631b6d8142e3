import type { ZodType } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { allows, type RouteAction } from "../access.ts";
import type { CurrentUser } from "../current-user.ts";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../errors.ts";
import type { Page } from "../pagination.ts";
import type { TypeListRepository } from "./repository.ts";

/**
 * A global "types" list (shift log types, package types, and the instruction, contractor,
 * maintenance request, amenity, reservation, listing, e-mail category and event types to come):
 * list in display order, one type, create, edit, toggle active; immutable types cannot be edited
 * or toggled; a name is unique whatever its case; every write touches the list's change-feed topic.
 *
 * A type list is one definition (`defineTypeList`) of its path, contract schemas, permissions,
 * messages and row mapping; `registerTypeList` (routes.ts) gives it its routes.
 */
export interface TypeListDefinition<Row, Insert, Item, Write, Patch, Query> {
  /** The collection path under /api/v1, with its trailing slash: `/shift-logs/shift-log-types/`. */
  path: string;
  /** What one type is called in the API documentation: 'shift log type'. */
  noun: string;
  /** OpenAPI tags. */
  tags: string[];
  rows: TypeListRepository<Row, Insert, Query>;
  /** The change-feed topic every write touches (lib/change-feed.ts `topics`). */
  topic: string;
  /** Route permissions: reading the list, and the writes. */
  can: { view: RouteAction; manage: RouteAction };
  /** The contract's schemas of a type, a create body, an edit body and the list query. */
  schemas: { item: ZodType<Item>; write: ZodType<Write>; patch: ZodType<Patch>; query: ZodType<Query> };
  messages: {
    /** A name already used: '… type with this name already exists.' (400 under the name field). */
    nameTaken: string;
    /** An immutable type edited or toggled (403 detail). */
    immutable: string;
  };
  /** The body field (and column) holding the unique name (default `name`). */
  nameField?: string;
  /** A stored row as the API shows it. */
  toItem(row: Row): Item;
  /**
   * The columns a write sets: for a create `current` is null and every given field counts; for an
   * edit only the fields given (leave the others undefined). Undefined values are dropped.
   */
  values(body: Write | Patch, current: Row | null): Partial<Insert>;
  /** Columns of a new type its body left out. */
  defaults: Partial<Insert>;
  /** The list's page size and its largest (default 1000 and 1000: settings screens show all). */
  pageSize?: { default: number; max: number };
  /** GET one also answers without the trailing slash (as the spec writes some of them). */
  detailWithoutSlash?: boolean;
}


/** Keeps the types of a definition together (and checks it). */
export const defineTypeList = <Row, Insert, Item, Write, Patch, Query>(
  def: TypeListDefinition<Row, Insert, Item, Write, Patch, Query>,
) => def;

/** What the type list service needs: the database, and the change feed to touch. */
export interface TypeListDeps {
  db: DbOrTx;
  changes: { touch(...topics: string[]): void };
}

const flag = (row: unknown, key: "is_active" | "is_immutable") => (row as Record<string, unknown>)[key] === true;

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (e.code === "23505") return true;
  return false;
}

/** The service of a type list: plain inputs, the signed-in user, one deps object. */
export function typeListService<Row, Insert, Item, Write, Patch, Query>(
  def: TypeListDefinition<Row, Insert, Item, Write, Patch, Query>,
) {
  const nameField = def.nameField ?? "name";
  const nameOf = (body: Write | Patch) => (body as Record<string, unknown>)[nameField] as string | undefined;
  const taken = () => new ValidationError({ [nameField]: [def.messages.nameTaken] });

  const require = (user: CurrentUser, action: RouteAction) => {
    if (!allows(user, action)) throw new PermissionDeniedError();
  };
  /** An existing type that may change (404, then 403 for an immutable one). */
  async function editable(deps: TypeListDeps, id: number): Promise<Row> {
    const row = await def.rows.find(deps.db, id);
    if (!row) throw new NotFoundError();
    if (flag(row, "is_immutable")) throw new PermissionDeniedError(def.messages.immutable);
    return row;
  }
  /** A write whose name lost a race to the unique index is the same field error. */
  async function write(deps: TypeListDeps, run: () => Promise<Row | null>): Promise<Item> {
    let row: Row | null;
    try {
      row = await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
    deps.changes.touch(def.topic);
    if (!row) throw new NotFoundError();
    return def.toItem(row);
  }

  return {
    async list(deps: TypeListDeps, user: CurrentUser, query: Query, page: Page) {
      require(user, def.can.view);
      const { rows, count } = await def.rows.list(deps.db, query, page);
      return { count, results: rows.map(def.toItem) };
    },

    async get(deps: TypeListDeps, user: CurrentUser, id: number): Promise<Item> {
      require(user, def.can.view);
      const row = await def.rows.find(deps.db, id);
      if (!row) throw new NotFoundError();
      return def.toItem(row);
    },

    async create(deps: TypeListDeps, user: CurrentUser, body: Write): Promise<Item> {
      require(user, def.can.manage);
      const name = nameOf(body);
      if (name !== undefined && (await def.rows.nameTaken(deps.db, name))) throw taken();
      const values = { ...def.defaults, ...defined(def.values(body, null)) } as Insert;
      return write(deps, () => def.rows.insert(deps.db, values));
    },

    async update(deps: TypeListDeps, user: CurrentUser, id: number, body: Patch): Promise<Item> {
      require(user, def.can.manage);
      const current = await editable(deps, id);
      const name = nameOf(body);
      if (name !== undefined && (await def.rows.nameTaken(deps.db, name, id))) throw taken();
      const set = defined(def.values(body, current));
      if (!Object.keys(set).length) return def.toItem(current);
      return write(deps, () => def.rows.update(deps.db, id, set));
    },

    async toggle(deps: TypeListDeps, user: CurrentUser, id: number): Promise<Item> {
      require(user, def.can.manage);
      const current = await editable(deps, id);
      const set = { is_active: !flag(current, "is_active") } as unknown as Partial<Insert>;
      return write(deps, () => def.rows.update(deps.db, id, set));
    },
  };
}
