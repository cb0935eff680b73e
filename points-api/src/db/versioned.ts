import { bindVersioned, type RowOf as ServerRowOf, type TableQuery as ServerTableQuery, type VersionedTable } from '@phoenix/server/db';
import type { Database } from './database';

// The versioned resources and documents typed on the points API's Database: a feature's spec and
// queries are checked against its table.
export const { versionedResource, versionedDocument } = bindVersioned<Database>();
export type RowOf<T extends VersionedTable<Database>> = ServerRowOf<T, Database>;
export type TableQuery<T extends VersionedTable<Database>> = ServerTableQuery<T, Database>;
