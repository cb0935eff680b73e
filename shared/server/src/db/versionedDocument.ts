import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { AnyDocument, DocumentVersion, RecordOf, UpdateOf } from '@phoenix/contract';
import { ConflictError, fieldErrorsOf, InvalidInputError, NotFoundError } from '../errors';
import { toJson } from './json';
import type { ActionLogEntry } from './actionLog';
import type { Outcome } from './mutate';
import type { DocumentVersionRow, ServerDatabase } from './schema';

/**
 * A versioned singleton document (maintenance; game balance, points settings, … tomorrow): one
 * row (id 1) of its own table, saved with a version check, every saved version kept in the one
 * `document_versions` table (written in the save's transaction), and restorable: a restore saves
 * the old value as a new version. The contract's `defineDocument` names its path, target, noun
 * and schemas; the spec maps it onto its table. `http/documentRoutes.ts` makes the routes.
 *
 * The table: `id` (1), the document's columns, each with a default (the row is created from the
 * defaults when missing), `version` (default 1), `updated_at` (default now()), `updated_by`.
 */

/** Tables shaped as a singleton document. */
export type DocumentTable<DB> = (0 extends 1 & DB ? string : DocumentTables<DB>) & keyof DB & string;
type DocumentTables<DB> = {
  [K in keyof DB]: DB[K] extends { id: number; version: number; updated_at: unknown; updated_by: string | null } ? K : never;
}[keyof DB] &
  string;

type Managed = 'id' | 'version' | 'updated_at' | 'updated_by';
export type DocumentColumnsOf<T extends keyof DB, DB> = Omit<Updateable<DB[T]>, Managed>;

export interface VersionedDocumentSpec<D extends AnyDocument, T extends DocumentTable<DB>, DB> {
  table: T;
  /** Row → the contract's record (what GET answers and the history keeps). */
  toApi(row: Selectable<DB[T]>): RecordOf<D>;
  /** A PUT body (or a restored version, parsed by the same schema) → columns; `current` is the document now. */
  toColumns(input: UpdateOf<D>, current: RecordOf<D>): DocumentColumnsOf<T, DB>;
  /** The action of a save: `${target}.${verb}`. Default 'update'. A restore is always `${target}.restore`. */
  verb?(before: RecordOf<D>, after: RecordOf<D>): string;
  /** What the action log stores as before/after (and, for a list inside, every record it touched). Default: the records. */
  logged?(before: RecordOf<D>, after: RecordOf<D>): Pick<ActionLogEntry, 'before' | 'after' | 'targets'>;
}

/** Runs in the save's transaction after the new version is written (e.g. to move jobs it schedules). */
export type AfterWrite<R, DB = any> = (trx: Transaction<DB>, before: R, after: R, now: Date) => Promise<void>;

/** The document's row id; also the action log's target id. */
export const DOCUMENT_ROW_ID = 1;

export function versionedDocument<const D extends AnyDocument, T extends DocumentTable<DB>, DB = any>(
  definition: D,
  spec: VersionedDocumentSpec<D, T, DB>,
) {
  type Rec = RecordOf<D>;
  type Row = Selectable<DB[T]>;
  // document_versions is a server table: typed through ServerDatabase.
  const versions = (db: Kysely<DB>) => db as unknown as Kysely<ServerDatabase>;
  const { target, noun } = definition;
  const name: string = spec.table;
  // Kysely can't check queries over a table that is a type parameter (see versionedResource.ts).
  const untyped = (db: Kysely<DB>) => db as unknown as Kysely<any>;
  const missing = () => new Error(`The ${noun} document is missing: run the migrations`);
  const unknownVersion = () => new NotFoundError(`This version of the ${noun} does not exist`);

  const toVersion = (row: DocumentVersionRow): DocumentVersion<Rec> => ({
    version: row.version,
    savedAt: row.saved_at.toISOString(),
    savedBy: row.saved_by,
    restoredFrom: row.restored_from,
    value: row.value as Rec,
  });

  async function read(db: Kysely<DB>): Promise<Rec> {
    const row = await untyped(db).selectFrom(name).selectAll().where('id', '=', DOCUMENT_ROW_ID).executeTakeFirst();
    if (!row) throw missing();
    return spec.toApi(row as Row);
  }

  async function lock(trx: Transaction<DB>, version: number): Promise<Rec> {
    const row = await untyped(trx).selectFrom(name).selectAll().where('id', '=', DOCUMENT_ROW_ID).forUpdate().executeTakeFirst();
    if (!row) throw missing();
    const current = spec.toApi(row as Row);
    if ((current as { version: number }).version !== version) throw new ConflictError(current);
    return current;
  }

  /** Writes `input` as the next version (row and history, in `trx`) and describes it for the action log. */
  async function write(
    trx: Transaction<DB>,
    before: Rec,
    input: UpdateOf<D>,
    by: string,
    now: Date,
    restoredFrom: number | null,
    afterWrite?: AfterWrite<Rec>,
  ) {
    const row = await untyped(trx)
      .updateTable(name)
      .set((eb: any) => ({ ...spec.toColumns(input, before), version: eb('version', '+', 1), updated_at: now, updated_by: by }))
      .where('id', '=', DOCUMENT_ROW_ID)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = spec.toApi(row as Row);
    await versions(trx)
      .insertInto('document_versions')
      .values({
        document: target,
        version: (after as { version: number }).version,
        value: toJson(after) ?? 'null',
        saved_at: now,
        saved_by: by,
        restored_from: restoredFrom,
      })
      .execute();
    await afterWrite?.(trx, before, after, now);
    const verb = restoredFrom !== null ? 'restore' : (spec.verb?.(before, after) ?? 'update');
    const logged = spec.logged?.(before, after) ?? { before, after };
    const outcome: Outcome<Rec> = {
      result: after,
      log: { action: `${target}.${verb}`, targetType: target, targetId: DOCUMENT_ROW_ID, ...logged },
    };
    return outcome;
  }

  return {
    definition,
    spec,

    /**
     * Creates the row from the table's defaults when missing, and records the current version in
     * the history when it is not there yet (a document saved before its history existed).
     */
    async ensure(db: Kysely<DB>): Promise<void> {
      await untyped(db)
        .insertInto(name)
        .values({ id: DOCUMENT_ROW_ID })
        .onConflict((oc: any) => oc.column('id').doNothing())
        .execute();
      const row = await untyped(db).selectFrom(name).selectAll().where('id', '=', DOCUMENT_ROW_ID).executeTakeFirstOrThrow();
      const current = spec.toApi(row as Row);
      await versions(db)
        .insertInto('document_versions')
        .values({
          document: target,
          version: row.version,
          value: toJson(current) ?? 'null',
          saved_at: row.updated_at,
          saved_by: row.updated_by,
          restored_from: null,
        })
        .onConflict((oc) => oc.columns(['document', 'version']).doNothing())
        .execute();
    },

    /** GET: the document. */
    get: read,

    /** PUT: 409 with `current` when `input.version` is stale; logged as `${target}.${verb}`. */
    async save(trx: Transaction<DB>, input: UpdateOf<D>, by: string, now: Date, afterWrite?: AfterWrite<Rec>): Promise<Outcome<Rec>> {
      const before = await lock(trx, (input as { version: number }).version);
      return write(trx, before, input, by, now, null, afterWrite);
    },

    /**
     * Saves an earlier version's value as a new version (`restoredFrom` set), logged as
     * `${target}.restore`. 404 for an unknown version, 409 with `current` when `currentVersion` is
     * stale, 400 when the old value no longer passes today's update rules.
     */
    async restore(
      trx: Transaction<DB>,
      from: number,
      currentVersion: number,
      by: string,
      now: Date,
      afterWrite?: AfterWrite<Rec>,
    ): Promise<Outcome<Rec>> {
      const before = await lock(trx, currentVersion);
      const old = await versions(trx)
        .selectFrom('document_versions')
        .selectAll()
        .where('document', '=', target)
        .where('version', '=', from)
        .executeTakeFirst();
      if (!old) throw unknownVersion();
      const parsed = definition.schemas.update.safeParse({ ...(old.value as object), version: currentVersion });
      if (!parsed.success) {
        throw new InvalidInputError(fieldErrorsOf(parsed.error), `Version ${from} no longer passes today's rules and cannot be restored`);
      }
      return write(trx, before, parsed.data as UpdateOf<D>, by, now, from, afterWrite);
    },

    /** GET history: newest first. */
    async history(db: Kysely<DB>, page: { page: number; pageSize: number }): Promise<{ items: DocumentVersion<Rec>[]; total: number }> {
      const saved = versions(db).selectFrom('document_versions').where('document', '=', target);
      const count = await saved.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
      const rows = await saved
        .selectAll()
        .orderBy('version', 'desc')
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute();
      return { items: rows.map(toVersion), total: Number(count.total) };
    },

    /** GET history/:version: 404 for an unknown version. */
    async version(db: Kysely<DB>, version: number): Promise<DocumentVersion<Rec>> {
      const row = await versions(db)
        .selectFrom('document_versions')
        .selectAll()
        .where('document', '=', target)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!row) throw unknownVersion();
      return toVersion(row);
    },
  };
}

export type VersionedDocument<D extends AnyDocument = AnyDocument, T extends DocumentTable<DB> = any, DB = any> = ReturnType<
  typeof versionedDocument<D, T, DB>
>;
