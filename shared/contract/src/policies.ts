import { z } from 'zod';
import { wholeNumber } from './fields';
import { listQuerySchema, PG_INT_MAX, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { lazy } from './lazy';

/**
 * The game API catalogue (seeded by migration 0023, owned by the game): what a policy or a
 * player restriction blocks. Read and searched by the pickers, never edited here.
 */
export const gameApiSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    /** The game's route name, e.g. `battle.start`. */
    code: z.string(),
    name: z.string(),
    description: z.string(),
  }),
);
export type GameApi = z.infer<typeof gameApiSchema>;
export const GAME_APIS_PATH = '/game-apis';
/** GET /game-apis: q matches code or name. Ordered by code. */
export const gameApiQuerySchema = listQuerySchema;

const apiId = lazy(() =>
  z.number({ message: 'Pick an API' }).check(wholeNumber('Pick an API')).min(1, 'Pick an API').max(PG_INT_MAX, 'Pick an API'),
);
/** The catalogue is small (tens of APIs): a policy lists at most this many. */
export const MAX_POLICY_APIS = 500;
export const apiIdListSchema = lazy(() =>
  z
    .array(apiId, { message: 'Send a list of API ids' })
    .max(MAX_POLICY_APIS, `At most ${MAX_POLICY_APIS} APIs`)
    .refine((ids) => new Set(ids).size === ids.length, 'An API is listed twice'),
);

export const POLICY_NAME_MAX = 100;
export const POLICY_DESCRIPTION_MAX = 1000;

const policyFields = lazy(() =>
  z.object({
    name: z
      .string({ message: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(POLICY_NAME_MAX, `Name is at most ${POLICY_NAME_MAX} characters`),
    description: z
      .string({ message: 'Description is text' })
      .trim()
      .max(POLICY_DESCRIPTION_MAX, `Description is at most ${POLICY_DESCRIPTION_MAX} characters`)
      .default(''),
  }),
);

/** POST /policies: name and description; its APIs are set on policies/restrictApis. */
export const policyCreateSchema = policyFields;
export type PolicyCreate = z.infer<typeof policyCreateSchema>;
export const policyUpdateSchema = lazy(() => policyFields.extend({ version: versionSchema }));
export type PolicyUpdate = z.infer<typeof policyUpdateSchema>;

/** A policy: a named set of restricted game APIs that applies to each of its members. */
export const policySchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    description: z.string(),
    /** The restricted APIs (catalogue ids, ascending). */
    apiIds: z.array(z.number().int()),
    memberCount: z.number().int(),
  }),
);
export type Policy = z.infer<typeof policySchema>;

export const policyQuerySchema = listQuerySchema;
export const POLICY_SORTS = ['name', 'memberCount', 'updatedAt'] as const;

export const policiesResource = defineResource({
  scope: 'players',
  path: '/policies',
  target: 'policy',
  noun: 'policy',
  plural: 'policies',
  schemas: { record: policySchema, create: policyCreateSchema, update: policyUpdateSchema, query: policyQuerySchema },
  sorts: POLICY_SORTS,
  defaultSort: { sort: 'name', order: 'asc' },
  csv: { filename: 'policies.csv', columns: ['id', 'name', 'description', 'memberCount', 'apiIds', 'version', 'updatedAt', 'updatedBy'] },
});

/** PUT /policies/:id/apis: the policy's restricted APIs, replaced as a whole (versioned). */
export const policyApisSchema = lazy(() => z.object({ apiIds: apiIdListSchema, version: versionSchema }));
export type PolicyApis = z.infer<typeof policyApisSchema>;
