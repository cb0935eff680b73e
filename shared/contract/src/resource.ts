import type { z } from 'zod';
import { listQuerySchema, type ListQuery } from './common';
import type { PermissionScope } from './permissions';

/**
 * A resource, declared once: every layer reads this definition. The BFF registers its routes and
 * validates with its schemas; the remote's list and form controllers take their URL, query,
 * filters, sorts and CSV export from it. Record types come from `record` (z.infer), never from a
 * hand-written interface, and a sort or filter the API does not declare here fails to type-check.
 */

/** Which API serves a resource: the BFF, or the points service (`pointsApiBase`). */
export type ApiName = 'bff' | 'points';

type AnyObject = z.ZodObject<z.ZodRawShape>;
type ListKey = keyof ListQuery;

export interface ResourceSpec<
  Rec extends AnyObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends AnyObject,
  Sort extends string,
> {
  /** Under the API base, with its leading slash: '/news' (GET list, GET /:id, POST, PUT /:id, DELETE /:id). */
  path: `/${string}`;
  /** Default 'bff'. */
  api?: ApiName;
  /** Whose it is (permissions.ts): its routes need this scope, and the console hides what the admin's roles may not do. */
  scope: PermissionScope;
  /** Action-log target type and action prefix: 'news' → 'news.create', 'news.update', … */
  target: string;
  /** One record in messages, lower case: 'news item' → "This news item no longer exists". */
  noun: string;
  /** Several records in messages, lower case. Default: noun + 's'. */
  plural?: string;
  schemas: {
    /** What the API answers for one record (and what the action log stores as before/after). */
    record: Rec;
    /** POST body. */
    create: Create;
    /** PUT body (carries `version`). */
    update: Update;
    /** GET list query: listQuerySchema extended with this list's filters. */
    query: Query;
  };
  /** The sort names the API accepts (`?sort=`). */
  sorts: readonly Sort[];
  /** The list's order when the URL names none. Without it, the API's own default order. */
  defaultSort?: { sort: Sort; order: 'asc' | 'desc' };
  /** GET <path>/export.csv: file name and columns (record fields, also the header row). */
  csv: { filename: string; columns: readonly (keyof z.infer<Rec> & string)[] };
  /** false: no DELETE route (e.g. a world message is cancelled, never deleted). Default true. */
  remove?: boolean;
  /** false: no POST / PUT routes (records come from elsewhere: players from the game). Default true. */
  writable?: boolean;
}

export interface ResourceDefinition<
  Rec extends AnyObject = AnyObject,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  Query extends AnyObject = AnyObject,
  Sort extends string = string,
> extends ResourceSpec<Rec, Create, Update, Query, Sort> {
  kind: 'resource';
  api: ApiName;
  plural: string;
  remove: boolean;
  writable: boolean;
  /** The list filters: the query's keys beyond page, pageSize, sort, order and q. */
  filters: readonly Exclude<keyof Query['shape'] & string, ListKey>[];
}

export function defineResource<
  Rec extends AnyObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Query extends AnyObject,
  const Sort extends string,
>(spec: ResourceSpec<Rec, Create, Update, Query, Sort>): ResourceDefinition<Rec, Create, Update, Query, Sort> {
  type Filter = Exclude<keyof Query['shape'] & string, ListKey>;
  let filters: readonly Filter[] | undefined;
  return {
    ...spec,
    kind: 'resource',
    api: spec.api ?? 'bff',
    plural: spec.plural ?? `${spec.noun}s`,
    remove: spec.remove ?? true,
    writable: spec.writable ?? true,
    // A getter: read from the query schema, which (lazy.ts) is built only when something reads it.
    get filters() {
      if (filters) return filters;
      const listKeys = new Set(Object.keys(listQuerySchema.shape));
      return (filters = Object.keys(spec.schemas.query.shape).filter((key) => !listKeys.has(key)) as Filter[]);
    },
  };
}

/** A versioned singleton document (maintenance, game balance, …): GET and PUT <path>, its history. */
export interface DocumentSpec<Rec extends AnyObject, Update extends z.ZodType> {
  /** '/maintenance': GET, PUT, GET /history, POST /history/:version/restore. */
  path: `/${string}`;
  api?: ApiName;
  /** As a resource's scope. */
  scope: PermissionScope;
  target: string;
  noun: string;
  schemas: { record: Rec; update: Update };
}

export interface DocumentDefinition<Rec extends AnyObject = AnyObject, Update extends z.ZodType = z.ZodType> extends DocumentSpec<
  Rec,
  Update
> {
  kind: 'document';
  api: ApiName;
}

export function defineDocument<Rec extends AnyObject, Update extends z.ZodType>(
  spec: DocumentSpec<Rec, Update>,
): DocumentDefinition<Rec, Update> {
  return { ...spec, kind: 'document', api: spec.api ?? 'bff' };
}

/** One earlier (or the current) version of a document: GET <path>/history. */
export interface DocumentVersion<T> {
  version: number;
  savedAt: string;
  savedBy: string | null;
  /** Set when this version was made by restoring an earlier one. */
  restoredFrom: number | null;
  value: T;
}

// Constraints that accept every definition: `unknown` would reject them, the parameters being invariant.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyResource = ResourceDefinition<any, any, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type AnyDocument = DocumentDefinition<any, any>;

export type RecordOf<D extends AnyResource | AnyDocument> = z.infer<D['schemas']['record']>;
export type CreateOf<D extends AnyResource> = z.infer<D['schemas']['create']>;
export type UpdateOf<D extends AnyResource | AnyDocument> = z.infer<D['schemas']['update']>;
export type QueryOf<D extends AnyResource> = z.infer<D['schemas']['query']>;
export type SortOf<D extends AnyResource> = D['sorts'][number];
export type FilterOf<D extends AnyResource> = D['filters'][number];
export type { AnyResource, AnyDocument };
