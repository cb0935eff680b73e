import { FLAG_SORTS, type ActiveFlag, type FlagCreate, type FlagQuery, type FlagUpdate } from '@phoenix/contract';
import type { ActiveFlagRow } from '../../db/schema';
import { sortKey } from '../../db/ordering';
import { versionedResource } from '../../db/versionedResource';

/** Row → API shape. Also what the action log stores as before/after. */
export function toActiveFlag(row: ActiveFlagRow): ActiveFlag {
  return {
    id: row.id,
    key: row.key,
    description: row.description,
    enabled: row.enabled,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** Active flags (feature flags): the key is unique and never changes; PUT sets description and enabled. */
export const activeFlags = versionedResource({
  table: 'active_flags',
  target: 'activeFlag',
  noun: 'flag',
  toApi: toActiveFlag,
  toColumns: (input: FlagCreate) => ({ key: input.key, description: input.description, enabled: input.enabled }),
  toChanges: (input: FlagUpdate) => ({
    ...(input.description === undefined ? {} : { description: input.description }),
    enabled: input.enabled,
  }),
  sorts: FLAG_SORTS,
  sortKeys: {
    key: sortKey('key', 'text'),
    enabled: sortKey('enabled', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  defaultOrder: 'key',
  search: ['key', 'description'],
  filters: [(qb, query: FlagQuery) => (query.enabled === undefined ? qb : qb.where('enabled', '=', query.enabled))],
  unique: { column: 'key', message: 'This key already exists' },
});
