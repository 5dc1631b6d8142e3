import { and, asc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";

/**
 * The queries of a global "types" list (shift log types, package types, instruction types …):
 * a table with an `id`, a name that is unique whatever its case, and, when the table has them,
 * `display_order` (the list's order), `is_active`, `is_immutable` and `last_modified`.
 */
export type TypeTable = PgTable & { id: PgColumn };

export interface TypeListRepository<Row, Insert, Query> {
  /** The optional columns the table has: is_active (toggle), is_immutable (locked), display_order. */
  readonly has: { active: boolean; immutable: boolean; order: boolean };
  /** One page in display order (then name, then id), with the count of the whole list. */
  list(db: DbOrTx, query: Query, page: { limit: number; offset: number }): Promise<{ rows: Row[]; count: number }>;
  find(db: DbOrTx, id: number): Promise<Row | null>;
  /** Is the name used by another type (case-insensitive)? */
  nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean>;
  insert(db: DbOrTx, values: Insert): Promise<Row>;
  /** The changed row (last_modified set), null when there is none with this id. */
  update(db: DbOrTx, id: number, set: Partial<Insert>): Promise<Row | null>;
}

export interface TypeListRepositoryOptions<Query> {
  /** The unique name column (default `name`). */
  nameColumn?: string;
  /** The list's filters. */
  where?: (query: Query) => SQL | undefined;
}

/** The repository of a types table. */
export function typeListRepository<T extends TypeTable, Query = unknown>(
  table: T,
  options: TypeListRepositoryOptions<Query> = {},
): TypeListRepository<T["$inferSelect"], T["$inferInsert"], Query> {
  type Row = T["$inferSelect"];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const name = columns[options.nameColumn ?? "name"];
  if (!name) throw new Error(`${options.nameColumn ?? "name"} is not a column of this table`);
  const order: SQL[] = [
    ...(columns.display_order ? [asc(columns.display_order)] : []),
    sql`lower(${name})`,
    asc(table.id),
  ];
  // Drizzle's builders lose the row type over a generic table; the rows are the table's rows.
  const anyTable = table as PgTable;

  return {
    has: { active: !!columns.is_active, immutable: !!columns.is_immutable, order: !!columns.display_order },

    async list(db, query, page) {
      const where = options.where?.(query);
      const [rows, [{ count }]] = await Promise.all([
        db
          .select()
          .from(anyTable)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(anyTable)
          .where(where),
      ]);
      return { rows: rows as Row[], count: Number(count) };
    },

    async find(db, id) {
      const rows = await db.select().from(anyTable).where(eq(table.id, id)).limit(1);
      return (rows[0] as Row | undefined) ?? null;
    },

    async nameTaken(db, value, exceptId) {
      const rows = await db
        .select({ id: table.id })
        .from(anyTable)
        .where(and(sql`lower(${name}) = lower(${value})`, exceptId ? ne(table.id, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async insert(db, values) {
      const [row] = await db.insert(anyTable).values(values as never).returning();
      return row as Row;
    },

    async update(db, id, set) {
      const [row] = await db
        .update(anyTable)
        .set({ ...set, ...(columns.last_modified ? { last_modified: sql`now()` } : {}) } as never)
        .where(eq(table.id, id))
        .returning();
      return (row as Row | undefined) ?? null;
    },
  };
}
