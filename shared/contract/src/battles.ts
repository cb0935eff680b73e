import { z } from 'zod';
import { listQuerySchema, PG_INT_MAX, versionedRecordShape, versionSchema, noBodySchema } from './common';
import { isoDateTimeSchema, optionalQueryEnum, wholeNumber } from './fields';
import { defineResource } from './resource';
import { lazy } from './lazy';

export const BATTLE_STATUSES = ['ongoing', 'finished', 'force_ended'] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];
export const BATTLE_MODES = ['ranked', 'casual', 'tournament', 'friendly'] as const;
export type BattleMode = (typeof BATTLE_MODES)[number];
export const PARTICIPANT_RESULTS = ['win', 'loss', 'draw'] as const;

export const FORCE_END_REASON_MAX = 500;

/** A battle as the list and the detail show it. A force-ended battle says who ended it and why. */
export const battleSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    mode: z.enum(BATTLE_MODES),
    status: z.enum(BATTLE_STATUSES),
    playerIds: z.array(z.number().int()),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    winnerPlayerId: z.number().int().nullable(),
    forceEndedBy: z.string().nullable(),
    forceEndReason: z.string().nullable(),
  }),
);
export type Battle = z.infer<typeof battleSchema>;

/** GET /battles/:id/participants: one player's side of a battle. */
export const battleParticipantSchema = lazy(() =>
  z.object({
    playerId: z.number().int(),
    team: z.number().int(),
    score: z.number().int(),
    /** null while the battle runs, and for a force-ended battle. */
    result: z.enum(PARTICIPANT_RESULTS).nullable(),
  }),
);
export type BattleParticipant = z.infer<typeof battleParticipantSchema>;

const queryPlayerId = lazy(() =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ message: 'Enter a player id' })
      .check(wholeNumber('Enter a player id'))
      .min(1, 'Enter a player id')
      .max(PG_INT_MAX, 'No such player id')
      .optional(),
  ),
);

/** Filters: status, mode, one player's battles, and a window on the start time. */
export const battleQuerySchema = lazy(() =>
  listQuerySchema
    .extend({
      status: optionalQueryEnum(BATTLE_STATUSES, 'Pick ongoing, finished or force-ended'),
      mode: optionalQueryEnum(BATTLE_MODES, 'Pick ranked, casual, tournament or friendly'),
      playerId: queryPlayerId,
      from: z.preprocess((v) => (v === '' ? undefined : v), isoDateTimeSchema.optional()),
      to: z.preprocess((v) => (v === '' ? undefined : v), isoDateTimeSchema.optional()),
    })
    .superRefine((query, ctx) => {
      if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: '"From" must be before "To"' });
      }
    }),
);
export type BattleQuery = z.infer<typeof battleQuerySchema>;

export const BATTLE_SORTS = ['id', 'startedAt', 'endedAt', 'mode', 'status'] as const;

/** POST /battles/:id/force-end: ends one ongoing battle; the reason is required and logged. */
export const battleForceEndSchema = lazy(() =>
  z.object({
    reason: z
      .string({ message: 'Say why the battle is ended' })
      .trim()
      .min(1, 'Say why the battle is ended')
      .max(FORCE_END_REASON_MAX, 'Reason is at most 500 characters'),
    version: versionSchema,
  }),
);
export type BattleForceEnd = z.infer<typeof battleForceEndSchema>;

/**
 * Battles are played, not edited: read-only for the console (create/update never), except the
 * force end of one ongoing battle (its own route) and of all of them (battle/forceEnd).
 */
export const battlesResource = defineResource({
  scope: 'players',
  path: '/battles',
  target: 'battle',
  noun: 'battle',
  schemas: { record: battleSchema, create: noBodySchema, update: noBodySchema, query: battleQuerySchema },
  sorts: BATTLE_SORTS,
  defaultSort: { sort: 'startedAt', order: 'desc' },
  csv: {
    filename: 'battles.csv',
    columns: ['id', 'mode', 'status', 'playerIds', 'startedAt', 'endedAt', 'winnerPlayerId', 'forceEndedBy', 'forceEndReason'],
  },
  remove: false,
});
