import { z } from 'zod';
import { versionSchema } from './common';
import { lazy } from './lazy';

/**
 * Query of a versioned DELETE (e.g. DELETE /constant-variables/:id?version=3): the version the
 * admin saw. A stale version gets 409 with the current record, like a stale PUT.
 */
export const versionQuerySchema = lazy(() => z.object({ version: z.coerce.number().pipe(versionSchema) }));
export type VersionQuery = z.infer<typeof versionQuerySchema>;

/** Extra error codes the BFF may send besides ERROR_CODES (e.g. 413 body too large). */
export const BFF_EXTRA_ERROR_CODES = { badRequest: 'bad_request' } as const;
