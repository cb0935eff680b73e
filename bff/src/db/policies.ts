// Policies: shared by the policies, policyMembers and restrictions features.
import { policiesResource, type Policy } from '@phoenix/contract';
import type { Kysely, Selectable } from 'kysely';
import { validationFailed } from '@phoenix/server/http';
import { sortKey } from '@phoenix/server/db';
import type { Database, PoliciesTable } from './schema';
import { versionedResource } from './versioned';

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
export const policies = versionedResource(policiesResource, {
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

/** The catalogue ids among `ids` that do not exist (a 400 on `field` when any). */
export async function assertGameApisExist(db: Kysely<Database>, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('game_apis').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw validationFailed({ [field]: [`No such API in the catalogue: ${missing.slice(0, 5).join(', ')}`] });
}
