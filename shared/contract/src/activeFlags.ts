import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { queryBooleanSchema } from './fields';
import { lazy } from './lazy';

/** Lowercase words of letters and digits joined by . _ or -, e.g. 'battle.double-up'. */
export const ACTIVE_FLAG_KEY_PATTERN = /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/;
export const ACTIVE_FLAG_KEY_HINT = 'Lowercase letters and digits, words joined by . _ or - (e.g. battle.double-up)';

const description = lazy(() => z.string().max(500, 'Description is at most 500 characters').default(''));

/** POST /active-flags. The key is fixed once created (the game looks flags up by key). */
export const activeFlagCreateSchema = lazy(() =>
  z.object({
    key: z
      .string({ message: 'Key is required' })
      .trim()
      .min(1, 'Key is required')
      .max(100, 'Key is at most 100 characters')
      .regex(ACTIVE_FLAG_KEY_PATTERN, ACTIVE_FLAG_KEY_HINT),
    description,
    enabled: z.boolean({ message: 'Enabled is true or false' }).default(false),
  }),
);
export type ActiveFlagCreate = z.infer<typeof activeFlagCreateSchema>;

/** PUT /active-flags/:id. */
export const activeFlagUpdateSchema = lazy(() =>
  z.object({
    description,
    enabled: z.boolean({ message: 'Enabled is true or false' }),
    version: versionSchema,
  }),
);
export type ActiveFlagUpdate = z.infer<typeof activeFlagUpdateSchema>;

/** PATCH /active-flags/:id/enabled: the one-click toggle. */
export const activeFlagToggleSchema = lazy(() =>
  z.object({
    enabled: z.boolean({ message: 'Enabled is true or false' }),
    version: versionSchema,
  }),
);
export type ActiveFlagToggle = z.infer<typeof activeFlagToggleSchema>;

export const activeFlagSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    key: z.string(),
    description: z.string(),
    enabled: z.boolean(),
  }),
);
export type ActiveFlag = z.infer<typeof activeFlagSchema>;

/** GET /active-flags: q matches key or description; enabled=true|false filters. */
export const activeFlagQuerySchema = lazy(() => listQuerySchema.extend({ enabled: queryBooleanSchema }));
export type ActiveFlagQuery = z.infer<typeof activeFlagQuerySchema>;

export const ACTIVE_FLAG_SORTS = ['key', 'enabled', 'updatedAt'] as const;

/** Feature flags the game reads by key. PATCH <path>/:id/enabled toggles one. */
export const activeFlagsResource = defineResource({
  scope: 'operations',
  path: '/active-flags',
  target: 'activeFlag',
  noun: 'flag',
  schemas: { record: activeFlagSchema, create: activeFlagCreateSchema, update: activeFlagUpdateSchema, query: activeFlagQuerySchema },
  sorts: ACTIVE_FLAG_SORTS,
  defaultSort: { sort: 'key', order: 'asc' },
  csv: { filename: 'active-flags.csv', columns: ['id', 'key', 'enabled', 'description', 'version', 'updatedAt', 'updatedBy'] },
});
