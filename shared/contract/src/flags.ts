import { z } from 'zod';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { queryBooleanSchema } from './fields';

/** Lowercase words of letters and digits joined by . _ or -, e.g. 'battle.double-up'. */
export const FLAG_KEY_PATTERN = /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/;
export const FLAG_KEY_HINT = 'Lowercase letters and digits, words joined by . _ or - (e.g. battle.double-up)';

const description = z.string().max(500, 'Description is at most 500 characters').default('');

/** POST /active-flags. The key is fixed once created (the game looks flags up by key). */
export const flagCreateSchema = z.object({
  key: z
    .string({ message: 'Key is required' })
    .trim()
    .min(1, 'Key is required')
    .max(100, 'Key is at most 100 characters')
    .regex(FLAG_KEY_PATTERN, FLAG_KEY_HINT),
  description,
  enabled: z.boolean({ message: 'Enabled is true or false' }).default(false),
});
export type FlagCreate = z.infer<typeof flagCreateSchema>;

/** PUT /active-flags/:id. */
export const flagUpdateSchema = z.object({
  description,
  enabled: z.boolean({ message: 'Enabled is true or false' }),
  version: versionSchema,
});
export type FlagUpdate = z.infer<typeof flagUpdateSchema>;

/** PATCH /active-flags/:id/enabled: the one-click toggle. */
export const flagToggleSchema = z.object({
  enabled: z.boolean({ message: 'Enabled is true or false' }),
  version: versionSchema,
});
export type FlagToggle = z.infer<typeof flagToggleSchema>;

export const activeFlagSchema = z.object({
  ...versionedRecordShape,
  key: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type ActiveFlag = z.infer<typeof activeFlagSchema>;

/** GET /active-flags: q matches key or description; enabled=true|false filters. */
export const flagQuerySchema = listQuerySchema.extend({ enabled: queryBooleanSchema });
export type FlagQuery = z.infer<typeof flagQuerySchema>;

export const FLAG_SORTS = ['key', 'enabled', 'updatedAt'] as const;

/** Feature flags the game reads by key. PATCH <path>/:id/enabled toggles one. */
export const activeFlagResource = defineResource({
  path: '/active-flags',
  target: 'activeFlag',
  noun: 'flag',
  schemas: { record: activeFlagSchema, create: flagCreateSchema, update: flagUpdateSchema, query: flagQuerySchema },
  sorts: FLAG_SORTS,
  defaultSort: { sort: 'key', order: 'asc' },
  csv: { filename: 'active-flags.csv', columns: ['id', 'key', 'enabled', 'description', 'version', 'updatedAt', 'updatedBy'] },
});
