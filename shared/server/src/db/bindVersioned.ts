import type { AnyDocument, AnyResource } from '@phoenix/contract';
import { versionedDocument, type DocumentTable, type VersionedDocumentSpec } from './versionedDocument';
import { versionedResource, type VersionedResourceSpec, type VersionedTable } from './versionedResource';

/**
 * versionedResource and versionedDocument bound to one service's Database, so that a feature's spec
 * and queries are checked against its table without naming the Database at every call. Each service
 * binds once (its db/versioned.ts).
 */
export const bindVersioned = <DB>() => ({
  versionedResource: <const D extends AnyResource, T extends VersionedTable<DB>>(definition: D, spec: VersionedResourceSpec<D, T, DB>) =>
    versionedResource<D, T, DB>(definition, spec),
  versionedDocument: <const D extends AnyDocument, T extends DocumentTable<DB>>(definition: D, spec: VersionedDocumentSpec<D, T, DB>) =>
    versionedDocument<D, T, DB>(definition, spec),
});
