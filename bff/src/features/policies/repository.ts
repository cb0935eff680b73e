import { policyResource, type Policy } from '@phoenix/contract';
import type { PoliciesTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { sortKey } from '../../db/ordering';
import { versionedResource } from '../../db/versionedResource';

type PolicyRow = Selectable<PoliciesTable>;

export function toPolicy(row: PolicyRow): Policy {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    apiIds: [...row.api_ids].map(Number).sort((a, b) => a - b),
    memberCount: row.member_count,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** An integer[] value as PostgreSQL array text: both drivers pass it as is. */
export const apiIdsText = (ids: readonly number[]) => `{${[...ids].sort((a, b) => a - b).join(',')}}`;

/**
 * Policies: list (search on name and description), get, create, edit (name, description) and
 * delete (members go with it) through the contract's resource; the APIs are a versioned change
 * of their own (routes.ts).
 */
export const policies = versionedResource(policyResource, {
  table: 'policies',
  toApi: toPolicy,
  toColumns: (input) => ({ name: input.name, description: input.description }),
  sortKeys: {
    name: sortKey('name', 'text'),
    memberCount: sortKey('member_count', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['name', 'description'],
  unique: { column: 'name', message: 'A policy with this name already exists' },
});
