import { z } from 'zod';
import { listQuerySchema, PG_INT_MAX, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, wholeNumber } from './fields';
import { PLAYER_STATUSES } from './players';
import { lazy } from './lazy';

/** Wallet criterion: players with a linked wallet, or without one. */
export const SEGMENT_WALLET = ['has', 'hasNot'] as const;
export type SegmentWallet = (typeof SEGMENT_WALLET)[number];
/**
 * Restriction criterion: players with a restriction in force (an API restriction not past its end,
 * or membership of any policy), or without any.
 */
export const SEGMENT_RESTRICTED = ['yes', 'no'] as const;
export type SegmentRestricted = (typeof SEGMENT_RESTRICTED)[number];

export const SEGMENT_LEVEL_MAX = 100_000;
export const SEGMENT_NAME_MAX = 100;
export const SEGMENT_DESCRIPTION_MAX = 1000;

const level = lazy(() =>
  z
    .number({ message: 'Levels are whole numbers' })
    .check(wholeNumber('Levels are whole numbers'))
    .min(0, 'Levels are whole numbers')
    .max(SEGMENT_LEVEL_MAX, 'Levels are whole numbers')
    .nullable()
    .default(null),
);
const instant = lazy(() => isoDateTimeSchema.nullable().default(null));
/** A points balance bound: balances never go below 0 (the ledger refuses it). */
const balance = lazy(() =>
  z
    .number({ message: 'A balance is a whole number from 0' })
    .check(wholeNumber('A balance is a whole number from 0'))
    .min(0, 'A balance is a whole number from 0')
    .max(Number.MAX_SAFE_INTEGER, 'A balance is a whole number from 0')
    .nullable()
    .default(null),
);

/**
 * The saved filter: every criterion is optional (null = any); a segment with none matches every
 * player. The points balance is read from the points API's accounts in the same database (ADR 0002);
 * a player without a points account has 0 points. Segments saved before the balance criterion
 * existed have no balance keys: read them as null (`balanceBoundsOf`).
 */
export const segmentCriteriaSchema = lazy(() =>
  z
    .object(
      {
        levelMin: level,
        levelMax: level,
        balanceMin: balance,
        balanceMax: balance,
        status: z.enum(PLAYER_STATUSES, { message: 'Pick a status' }).nullable().default(null),
        createdFrom: instant,
        createdTo: instant,
        lastSeenFrom: instant,
        lastSeenTo: instant,
        wallet: z.enum(SEGMENT_WALLET, { message: 'Pick has or has not' }).nullable().default(null),
        restricted: z.enum(SEGMENT_RESTRICTED, { message: 'Pick has or has not' }).nullable().default(null),
        /** Members of this policy only. */
        policyId: z
          .number({ message: 'Pick a policy' })
          .check(wholeNumber('Pick a policy'))
          .min(1, 'Pick a policy')
          .max(PG_INT_MAX, 'Pick a policy')
          .nullable()
          .default(null),
      },
      { message: 'Send the criteria' },
    )
    .superRefine((c, ctx) => {
      if (c.levelMin !== null && c.levelMax !== null && c.levelMin > c.levelMax) {
        ctx.addIssue({ code: 'custom', path: ['levelMax'], message: 'The highest level is below the lowest' });
      }
      if (c.balanceMin !== null && c.balanceMax !== null && c.balanceMin > c.balanceMax) {
        ctx.addIssue({ code: 'custom', path: ['balanceMax'], message: 'The highest balance is below the lowest' });
      }
      const ranges = [
        ['createdFrom', 'createdTo'],
        ['lastSeenFrom', 'lastSeenTo'],
      ] as const;
      for (const [from, to] of ranges) {
        const a = c[from];
        const b = c[to];
        if (a && b && Date.parse(a) > Date.parse(b))
          ctx.addIssue({ code: 'custom', path: [to], message: 'The end must be after the start' });
      }
    }),
);
export type SegmentCriteria = z.infer<typeof segmentCriteriaSchema>;

/** The balance bounds of criteria, saved before the criterion existed or not (missing keys: any balance). */
export function balanceBoundsOf(c: Partial<SegmentCriteria>): { min: number | null; max: number | null } {
  return { min: c.balanceMin ?? null, max: c.balanceMax ?? null };
}

/** Criteria with nothing set: every player. */
export const EMPTY_SEGMENT_CRITERIA: SegmentCriteria = {
  levelMin: null,
  levelMax: null,
  balanceMin: null,
  balanceMax: null,
  status: null,
  createdFrom: null,
  createdTo: null,
  lastSeenFrom: null,
  lastSeenTo: null,
  wallet: null,
  restricted: null,
  policyId: null,
};

const segmentFields = lazy(() =>
  z.object({
    name: z
      .string({ message: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(SEGMENT_NAME_MAX, `Name is at most ${SEGMENT_NAME_MAX} characters`),
    description: z
      .string({ message: 'Description is text' })
      .trim()
      .max(SEGMENT_DESCRIPTION_MAX, `Description is at most ${SEGMENT_DESCRIPTION_MAX} characters`)
      .default(''),
    criteria: segmentCriteriaSchema,
  }),
);

export const segmentCreateSchema = segmentFields;
export type SegmentCreate = z.infer<typeof segmentCreateSchema>;
export const segmentUpdateSchema = lazy(() => segmentFields.extend({ version: versionSchema }));
export type SegmentUpdate = z.infer<typeof segmentUpdateSchema>;

/** A segment: a named, saved player filter. Its members are counted when asked, never stored. */
export const segmentSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    description: z.string(),
    criteria: segmentCriteriaSchema,
  }),
);
export type Segment = z.infer<typeof segmentSchema>;

export const segmentQuerySchema = listQuerySchema;
export const SEGMENT_SORTS = ['name', 'updatedAt'] as const;

export const segmentsResource = defineResource({
  scope: 'players',
  path: '/segments',
  target: 'segment',
  noun: 'segment',
  schemas: { record: segmentSchema, create: segmentCreateSchema, update: segmentUpdateSchema, query: segmentQuerySchema },
  sorts: SEGMENT_SORTS,
  defaultSort: { sort: 'name', order: 'asc' },
  csv: { filename: 'segments.csv', columns: ['id', 'name', 'description', 'version', 'updatedAt', 'updatedBy'] },
});

/** POST /segments/count: how many players the criteria match now (the form's live count). */
export const segmentCountSchema = lazy(() => z.object({ criteria: segmentCriteriaSchema }));
export type SegmentCountInput = z.infer<typeof segmentCountSchema>;
export interface SegmentCount {
  count: number;
}

/**
 * GET /segments/:id/member-ids: the members' ids now (ascending), for a bulk action the admin
 * confirms with their count. More than MAX_PLAYER_IDS members: 400 (too many for one bulk action).
 */
export interface SegmentMemberIds {
  ids: number[];
}
export const segmentCountResultSchema = lazy(() => z.object({ count: z.number().int() }));
export const segmentMemberIdsSchema = lazy(() => z.object({ ids: z.array(z.number().int()) }));
/** A segment's members as CSV (one column, `playerId`). */
export const segmentMembersCsvPath = (id: number) => `/segments/members/export.csv?segmentId=${id}`;
