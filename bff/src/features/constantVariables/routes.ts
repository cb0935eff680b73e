import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { constantVariablesResource } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { sortKey } from '@phoenix/server/db';
import { versionedResource } from '../../db/versioned';
import { registerResourceRoutes } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'operations';

/**
 * The reference CRUD area: the contract declares the resource (path, schemas, sorts, CSV), this
 * file maps it onto its table. List (q = key or description), get, create, update, delete, each
 * change logged as constantVariable.create / .update / .delete. The key is unique (400 on key).
 */
export const constantVariables = versionedResource(constantVariablesResource, {
  table: 'constant_variables',
  toApi: (row) => ({
    id: row.id,
    key: row.key,
    type: row.type,
    value: row.value,
    description: row.description,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  toColumns: (input) => ({ key: input.key, type: input.type, value: input.value, description: input.description }),
  sortKeys: {
    key: sortKey('key', 'text'),
    type: sortKey('type', 'text'),
    value: sortKey('value', 'text'),
    description: sortKey('description', 'text'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['key', 'description'],
  unique: { column: 'key', message: 'This key already exists' },
});

export default (app: FastifyInstance, ctx: AppContext) => registerResourceRoutes(app, ctx, constantVariables);
