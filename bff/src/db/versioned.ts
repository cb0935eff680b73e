import { bindVersioned, type RowOf as ServerRowOf, type VersionedTable } from '@phoenix/server/db';
import type { Database } from './schema';

// The versioned resources and documents typed on the BFF's Database: a feature's spec and queries are
// checked against its table.
export const { versionedResource, versionedDocument } = bindVersioned<Database>();
export type RowOf<T extends VersionedTable<Database>> = ServerRowOf<T, Database>;
