import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { AnyResource, CreateOf, QueryOf, RecordOf, SortOf, UpdateOf } from '@phoenix/contract';
import { ConflictError, InvalidInputError, NotFoundError, type ErrorText } from '../errors';
import { likeEscape } from './like';
import type { Outcome } from './mutate';
import { isUniqueViolation } from './connect';
import { assertPageWithinCap, cappedCount, keysetBatches, pageRows, type CappedTotal, type KeysetTerm } from './paging';

/**
 * A versioned, admin-edited table (constant variables, news, flags, world messages, ...): the
 * list / export / get / create / update / delete logic written once. The contract's definition
 * (defineResource) names its path, target, noun, schemas and sorts; a feature maps it onto its
 * table: row → record, columns, the SQL key of each sort, search and filters; `resourceRoutes.ts` turns the result into
 * the HTTP routes. Every mutation returns `{ result, log }` for `mutate` (db/mutate.ts),
 * which writes the action-log row in the same transaction as the change.
 *
 * Convention (the same in every such table): `id` identity, `version` (optimistic concurrency,
 * bumped on every save), `created_at`, `updated_at`, `updated_by`.
 */

/** Tables of `DB` with the versioned-record columns (DB: a service's Database type; any table name for `any`). */
export type VersionedTable<DB> = (0 extends 1 & DB ? string : TablesWithVersionColumns<DB>) & keyof DB & string;
type TablesWithVersionColumns<DB> = {
  // Selected types: a column with a database default (ColumnType) still counts.
  [K in keyof DB]: Selectable<DB[K]> extends {
    version: number;
    created_at: unknown;
    updated_at: unknown;
    updated_by: string | null;
  }
    ? K
    : never;
}[keyof DB] &
  string;

type Managed = 'id' | 'version' | 'created_at' | 'updated_at' | 'updated_by';
export type RowOf<T extends keyof DB, DB> = Selectable<DB[T]>;
/** Columns a feature writes on insert (id, version and the audit columns are set here). */
export type ColumnsOf<T extends keyof DB, DB> = Omit<Insertable<DB[T]>, Managed>;
export type ChangesOf<T extends keyof DB, DB> = Omit<Updateable<DB[T]>, Managed>;
type ColumnName<T extends keyof DB, DB> = keyof DB[T] & string;
/** The filtered `select from <table>` a filter narrows (typed on the feature's table). */
export type TableQuery<T extends keyof DB & string, DB> = SelectQueryBuilder<DB, T, {}>;
export type OrderTerm<T extends keyof DB, DB> = readonly [ColumnName<T, DB>, 'asc' | 'desc'];

export interface VersionedResourceSpec<D extends AnyResource, T extends VersionedTable<DB>, DB> {
  table: T;
  /** Row → the contract's record (also what the action log stores as before/after). */
  toApi(row: RowOf<T, DB>, now: Date): RecordOf<D>;
  /** POST body → columns, on insert and (unless `toChanges` is given) on update. */
  toColumns(input: CreateOf<D>): ColumnsOf<T, DB>;
  /** PUT body → columns, when the update body differs from the create body. */
  toChanges?(input: UpdateOf<D>): ChangesOf<T, DB>;
  /** The SQL key of each sort the contract declares (see db/ordering.ts). */
  sortKeys: Record<SortOf<D>, RawBuilder<unknown>>;
  /**
   * Without `sort`: a fixed order (include `id` last), or a sort name (in the query's order).
   * Default: the definition's `defaultSort`.
   */
  defaultOrder?: SortOf<D> | readonly OrderTerm<T, DB>[];
  /** `q`: case-insensitive substring of any of these columns. */
  search?: readonly ColumnName<T, DB>[];
  /** The list filters of the query (and the clock, for derived states). */
  filters?: readonly ((qb: TableQuery<T, DB>, query: QueryOf<D>, now: Date) => TableQuery<T, DB>)[];
  /** A unique column reported as a 400 on that field: checked first, and a lost race maps to it too. */
  unique?: { column: ColumnName<T, DB>; message: string };
  /**
   * Input checks that need the clock: on the POST body before insert, and on the PUT body (the
   * POST fields plus version, when there is no `toChanges`) after the version check.
   */
  validate?(input: CreateOf<D>, now: Date): void;
  /** PUT checks against the locked row (e.g. fields that may no longer change): throw a 400. */
  validateChange?(row: RowOf<T, DB>, input: UpdateOf<D>, now: Date): void;
  /** A message when a row may no longer be changed by `verb` ('update', 'delete', custom): a ConflictError with it. */
  frozen?(row: RowOf<T, DB>, now: Date, verb: string): ErrorText | null;
}

/**
 * The repository of a resource declared in the contract (`defineResource`): the definition gives
 * the target, noun and sorts; the spec maps it onto its table.
 */
export function versionedResource<const D extends AnyResource, T extends VersionedTable<DB>, DB = any>(
  definition: D,
  spec: VersionedResourceSpec<D, T, DB>,
) {
  type Row = RowOf<T, DB>;
  type Api = RecordOf<D>;
  type Sort = SortOf<D>;
  type Q = QueryOf<D>;
  type Create = CreateOf<D>;
  type Update = UpdateOf<D>;
  const { table, toApi } = spec;
  const { target, noun } = definition;
  const defaultOrder = spec.defaultOrder ?? (definition.defaultSort?.sort as Sort | undefined);
  if (defaultOrder === undefined) throw new Error(`${target}: give the resource a defaultSort or the spec a defaultOrder`);
  const name: string = table;
  // Kysely can't check queries over a table that is a type parameter: the spec above is typed per
  // table, the shared queries below go through an untyped handle.
  const untyped = (db: Kysely<DB>) => db as unknown as Kysely<any>;
  const doesNotExist = () => new NotFoundError(`This ${noun} does not exist`);
  const gone = () => new NotFoundError(`This ${noun} no longer exists`);
  const duplicate = () => new InvalidInputError({ [spec.unique!.column]: [spec.unique!.message] });

  function filtered(db: Kysely<DB>, query: Q, now: Date) {
    let qb = untyped(db).selectFrom(name) as unknown as TableQuery<T, DB>;
    const q = query.q?.trim();
    const search = spec.search ?? [];
    if (q && search.length) {
      const like = `%${likeEscape(q)}%`;
      qb = (qb as any).where((eb: any) =>
        search.length === 1 ? eb(search[0], 'ilike', like) : eb.or(search.map((column) => eb(column, 'ilike', like))),
      );
    }
    for (const filter of spec.filters ?? []) qb = filter(qb, query, now);
    return qb as unknown as SelectQueryBuilder<any, any, {}>;
  }

  /** The ORDER BY of a list; the last term is always the unique id (keyset-safe). */
  function orderTerms(query: Q, sort: Sort | undefined): KeysetTerm[] {
    if (sort === undefined && typeof defaultOrder !== 'string') {
      const terms: KeysetTerm[] = (defaultOrder as readonly OrderTerm<T, DB>[]).map(([column, direction]) => ({
        key: sql.ref(column),
        direction,
        nullable: true,
      }));
      const endsWithId = (defaultOrder as readonly OrderTerm<T, DB>[]).at(-1)?.[0] === 'id';
      return endsWithId ? terms : [...terms, { key: sql.ref('id'), direction: 'asc', nullable: false }];
    }
    const key = spec.sortKeys[(sort ?? defaultOrder) as Sort];
    return [
      { key, direction: query.order, nullable: true },
      { key: sql.ref('id'), direction: query.order, nullable: false },
    ];
  }

  async function find(db: Kysely<DB>, id: number): Promise<Row | undefined> {
    return (await untyped(db).selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  }

  /** Locks the row until the transaction ends (the version check can't race): 404, 409 stale, 409 frozen. */
  async function lockVersion(trx: Transaction<DB>, id: number, version: number, now: Date, verb: string) {
    const row = (await untyped(trx).selectFrom(name).selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) as Row | undefined;
    if (!row) throw gone();
    const before = toApi(row, now);
    if ((row as { version: number }).version !== version) throw new ConflictError(before);
    const frozen = spec.frozen?.(row, now, verb);
    if (frozen) throw new ConflictError(before, frozen);
    return { row, before };
  }

  async function uniqueTaken(trx: Transaction<DB>, value: unknown, exceptId?: number): Promise<boolean> {
    let qb = untyped(trx)
      .selectFrom(name)
      .select('id')
      .where(spec.unique!.column, '=', value as any);
    if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
    return (await qb.executeTakeFirst()) !== undefined;
  }

  async function guardUnique(work: () => Promise<Row>): Promise<Row> {
    try {
      return await work();
    } catch (error) {
      if (spec.unique && isUniqueViolation(error)) throw duplicate(); // lost a race with another write
      throw error;
    }
  }

  /** Sets `changes`, bumps the version and stamps updated_at / updated_by. */
  async function updateRow(trx: Transaction<DB>, id: number, changes: ChangesOf<T, DB>, by: string, now: Date): Promise<Row> {
    return guardUnique(
      () =>
        untyped(trx)
          .updateTable(name)
          .set((eb: any) => ({ ...changes, version: eb('version', '+', 1), updated_at: now, updated_by: by }))
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow() as Promise<Row>,
    );
  }

  const log = (verb: string, targetId: number, before: Api | null, after: Api | null) => ({
    action: `${target}.${verb}`,
    targetType: target,
    targetId,
    before,
    after,
  });

  /**
   * A versioned change of some columns, logged as `${target}.${verb}` (e.g. a toggle or a cancel):
   * lock, version and `frozen` checks, save, log before/after.
   */
  async function change(
    trx: Transaction<DB>,
    id: number,
    version: number,
    verb: string,
    changes: ChangesOf<T, DB>,
    by: string,
    now: Date,
  ): Promise<Outcome<Api>> {
    const { before } = await lockVersion(trx, id, version, now, verb);
    const after = toApi(await updateRow(trx, id, changes, by, now), now);
    return { result: after, log: log(verb, id, before, after) };
  }

  return {
    definition,
    spec,
    table,
    sorts: definition.sorts as readonly Sort[],
    toApi,
    find,
    lockVersion,
    updateRow,
    change,

    async list(db: Kysely<DB>, query: Q, sort: Sort | undefined, now: Date): Promise<{ items: Api[] } & CappedTotal> {
      assertPageWithinCap(query.page, query.pageSize);
      const total = await cappedCount(db, filtered(db, query, now));
      const rows = await pageRows<Row>(db, name, filtered(db, query, now), orderTerms(query, sort), query.page, query.pageSize);
      return { items: rows.map((row) => toApi(row, now)), ...total };
    },

    /** Every matching record in list order, `batchSize` at a time (keyset: the streamed CSV export). */
    async *exportBatches(db: Kysely<DB>, query: Q, sort: Sort | undefined, now: Date, batchSize: number): AsyncGenerator<Api[]> {
      const batches = keysetBatches<Row>(filtered(db, query, now).selectAll(), orderTerms(query, sort), batchSize);
      for await (const rows of batches) yield rows.map((row) => toApi(row, now));
    },

    /** GET /:id: the API shape, or 404 `This <noun> does not exist`. */
    async get(db: Kysely<DB>, id: number, now: Date): Promise<Api> {
      const row = await find(db, id);
      if (!row) throw doesNotExist();
      return toApi(row, now);
    },

    async create(trx: Transaction<DB>, input: Create, by: string, now: Date): Promise<Outcome<Api>> {
      spec.validate?.(input, now);
      const columns = spec.toColumns(input);
      if (spec.unique && (await uniqueTaken(trx, (columns as Record<string, unknown>)[spec.unique.column]))) throw duplicate();
      const row = await guardUnique(
        () =>
          untyped(trx)
            .insertInto(name)
            .values({ ...columns, version: 1, created_at: now, updated_at: now, updated_by: by })
            .returningAll()
            .executeTakeFirstOrThrow() as Promise<Row>,
      );
      const after = toApi(row, now);
      return { result: after, log: log('create', (after as { id: number }).id, null, after) };
    },

    async update(trx: Transaction<DB>, id: number, input: Update, by: string, now: Date): Promise<Outcome<Api>> {
      const { row, before } = await lockVersion(trx, id, (input as { version: number }).version, now, 'update');
      // Without toChanges the PUT body is the POST body plus its version (the default type of Update).
      const asCreate = input as unknown as Create;
      spec.validateChange?.(row, input, now);
      if (!spec.toChanges) spec.validate?.(asCreate, now);
      const changes: ChangesOf<T, DB> = spec.toChanges ? spec.toChanges(input) : spec.toColumns(asCreate);
      if (spec.unique) {
        const value = (changes as Record<string, unknown>)[spec.unique.column];
        const current = (row as Record<string, unknown>)[spec.unique.column];
        if (value !== undefined && value !== current && (await uniqueTaken(trx, value, id))) throw duplicate();
      }
      const after = toApi(await updateRow(trx, id, changes, by, now), now);
      return { result: after, log: log('update', id, before, after) };
    },

    async remove(trx: Transaction<DB>, id: number, version: number, now: Date): Promise<Outcome<{ ok: true }>> {
      const { before } = await lockVersion(trx, id, version, now, 'delete');
      await untyped(trx).deleteFrom(name).where('id', '=', id).execute();
      return { result: { ok: true }, log: log('delete', id, before, null) };
    },
  };
}

export type VersionedResource<D extends AnyResource = AnyResource, T extends VersionedTable<DB> = any, DB = any> = ReturnType<
  typeof versionedResource<D, T, DB>
>;
