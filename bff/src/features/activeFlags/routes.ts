import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { activeFlagsResource, activeFlagToggleSchema } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { sortKey } from '@phoenix/server/db';
import { versionedResource } from '../../db/versioned';
import { registerResourceRoutes, versionedChange } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'operations';

/** Active flags (feature flags): the key is unique and never changes; PUT sets description and enabled. */
export const activeFlags = versionedResource(activeFlagsResource, {
  table: 'active_flags',
  toApi: (row) => ({
    id: row.id,
    key: row.key,
    description: row.description,
    enabled: row.enabled,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  toColumns: (input) => ({ key: input.key, description: input.description, enabled: input.enabled }),
  toChanges: (input) => ({
    ...(input.description === undefined ? {} : { description: input.description }),
    enabled: input.enabled,
  }),
  sortKeys: {
    key: sortKey('key', 'text'),
    enabled: sortKey('enabled', 'plain'),
    updatedAt: sortKey('updated_at', 'plain'),
  },
  search: ['key', 'description'],
  filters: [(qb, query) => (query.enabled === undefined ? qb : qb.where('enabled', '=', query.enabled))],
  unique: { column: 'key', message: 'This key already exists' },
});

export default function registerActiveFlagRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, activeFlags);

  /** PATCH /:id/enabled: the one-click toggle, logged as activeFlag.enable / activeFlag.disable. */
  app.patch(
    `${activeFlagsResource.path}/:id/enabled`,
    versionedChange(
      ctx,
      activeFlagToggleSchema,
      (trx, id, input, actor, now) =>
        activeFlags.change(trx, id, input.version, input.enabled ? 'enable' : 'disable', { enabled: input.enabled }, actor.email, now),
      activeFlagsResource.schemas.record,
    ),
  );
}
