import { z } from 'zod';
import { PG_INT_MAX } from './common';
import { isoDateTimeSchema, wholeNumber } from './fields';
import { lazy } from './lazy';

/** A game API blocked for one player directly (user/restrictApis), with an optional end. */
export interface PlayerRestriction {
  apiId: number;
  apiCode: string;
  apiName: string;
  /** null: until removed. Past it, the restriction no longer applies (derived from time, no job). */
  endsAt: string | null;
  createdAt: string;
  createdBy: string;
}

/** Where an effective restriction comes from: the player directly, or a policy it is in. */
export type RestrictionSource = { kind: 'direct' } | { kind: 'policy'; policyId: number; policyName: string };

/** One API blocked for the player now, and why: one row per source (an API blocked twice is listed twice). */
export interface EffectiveRestriction {
  apiId: number;
  apiCode: string;
  apiName: string;
  source: RestrictionSource;
  /** The direct restriction's end; null for a policy (applies while the player is a member). */
  endsAt: string | null;
}

/** GET /players/:id/restrictions: the direct ones in force, the effective ones = direct ∪ every policy's APIs. */
export interface PlayerRestrictions {
  direct: PlayerRestriction[];
  effective: EffectiveRestriction[];
  /** The policies the player is in. */
  policies: { id: number; name: string }[];
}

const playerRestrictionShape = () => ({
  apiId: z.number().int(),
  apiCode: z.string(),
  apiName: z.string(),
  endsAt: z.string().nullable(),
});
/** One restriction of a player (PlayerRestriction): POST /players/:id/restrictions's answer. */
export const playerRestrictionSchema = lazy(() => z.object({ ...playerRestrictionShape(), createdAt: z.string(), createdBy: z.string() }));
/** GET /players/:id/restrictions's answer (PlayerRestrictions). */
export const playerRestrictionsSchema = lazy(() =>
  z.object({
    direct: z.array(playerRestrictionSchema),
    effective: z.array(
      z.object({
        ...playerRestrictionShape(),
        source: z.union([
          z.object({ kind: z.literal('direct') }),
          z.object({ kind: z.literal('policy'), policyId: z.number().int(), policyName: z.string() }),
        ]),
      }),
    ),
    policies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);

/** POST /players/:id/restrictions: an API from the catalogue; an optional end, refused unless in the future. */
export const playerRestrictionCreateSchema = lazy(() =>
  z.object({
    apiId: z.number({ message: 'Pick an API' }).check(wholeNumber('Pick an API')).min(1, 'Pick an API').max(PG_INT_MAX, 'Pick an API'),
    endsAt: isoDateTimeSchema.nullable().default(null),
  }),
);
export type PlayerRestrictionCreate = z.infer<typeof playerRestrictionCreateSchema>;

/** DELETE /players/:id/restrictions/:apiId. */
export const playerRestrictionParamsSchema = lazy(() =>
  z.object({
    id: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such id'),
    apiId: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such id'),
  }),
);
