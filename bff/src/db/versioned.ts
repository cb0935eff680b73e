import type { AnyDocument, AnyResource } from '@phoenix/contract';
import * as server from '@phoenix/server/db';
import type { Database } from './schema';

// @phoenix/server's versioned resources and documents, typed on the BFF's Database: a feature's
// spec and queries are checked against its table.

export type VersionedTable = server.VersionedTable<Database>;
export type RowOf<T extends VersionedTable> = server.RowOf<T, Database>;
export type ColumnsOf<T extends VersionedTable> = server.ColumnsOf<T, Database>;
export type ChangesOf<T extends VersionedTable> = server.ChangesOf<T, Database>;
export type TableQuery<T extends VersionedTable> = server.TableQuery<T, Database>;
export type OrderTerm<T extends VersionedTable> = server.OrderTerm<T, Database>;
export type VersionedResourceSpec<D extends AnyResource, T extends VersionedTable> = server.VersionedResourceSpec<D, T, Database>;
export type VersionedResource<D extends AnyResource = AnyResource, T extends VersionedTable = VersionedTable> = server.VersionedResource<
  D,
  T,
  Database
>;

export const versionedResource = <const D extends AnyResource, T extends VersionedTable>(
  definition: D,
  spec: VersionedResourceSpec<D, T>,
) => server.versionedResource<D, T, Database>(definition, spec);

export { DOCUMENT_ROW_ID } from '@phoenix/server/db';

export type DocumentTable = server.DocumentTable<Database>;
export type DocumentColumnsOf<T extends DocumentTable> = server.DocumentColumnsOf<T, Database>;
export type VersionedDocumentSpec<D extends AnyDocument, T extends DocumentTable> = server.VersionedDocumentSpec<D, T, Database>;
export type VersionedDocument<D extends AnyDocument = AnyDocument, T extends DocumentTable = DocumentTable> = server.VersionedDocument<
  D,
  T,
  Database
>;

export const versionedDocument = <const D extends AnyDocument, T extends DocumentTable>(definition: D, spec: VersionedDocumentSpec<D, T>) =>
  server.versionedDocument<D, T, Database>(definition, spec);
