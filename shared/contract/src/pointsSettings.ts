import { z } from 'zod';
import { wholeNumber } from './fields';
import { versionSchema } from './common';
import { defineDocument } from './resource';
import { lazy } from './lazy';

// The points programme's settings documents (served by the points API, `pointsApiBase`): each one
// versioned singleton with its history, like the game's maintenance status.

const documentAudit = { version: versionSchema, updatedAt: lazy(() => z.string()), updatedBy: lazy(() => z.string().nullable()) };

/** Points are whole numbers; one reward or cap stays far below PostgreSQL's integer limit. */
export const POINTS_MAX = 1_000_000_000;
export const pointsAmountSchema = lazy(() =>
  z
    .number({ message: 'Enter a number of points' })
    .check(wholeNumber('Points are whole numbers'))
    .min(0, 'Points cannot be negative')
    .max(POINTS_MAX, 'At most 1,000,000,000 points'),
);

export const POINTS_MAINTENANCE_MESSAGE_MAX = 1000;

export const pointsMaintenanceUpdateSchema = lazy(() =>
  z
    .object({
      enabled: z.boolean({ message: 'Enabled is true or false' }),
      message: z.string().max(POINTS_MAINTENANCE_MESSAGE_MAX, 'Message is at most 1,000 characters').default(''),
      version: versionSchema,
    })
    .superRefine((input, ctx) => {
      if (input.enabled && input.message.trim() === '') ctx.addIssue({ code: 'custom', path: ['message'], message: 'Tell players why' });
    }),
);
export const pointsMaintenanceSchema = lazy(() => z.object({ enabled: z.boolean(), message: z.string(), ...documentAudit }));
export type PointsMaintenance = z.infer<typeof pointsMaintenanceSchema>;
export type PointsMaintenanceUpdate = z.infer<typeof pointsMaintenanceUpdateSchema>;

/**
 * The points programme's maintenance switch. Paths under /settings: the shell keys a document's
 * cache by its path, and the BFF's game maintenance is /maintenance.
 */
export const pointsMaintenanceDocument = defineDocument({
  scope: 'economy',
  path: '/settings/maintenance',
  api: 'points',
  target: 'pointsMaintenance',
  noun: 'points maintenance status',
  schemas: { record: pointsMaintenanceSchema, update: pointsMaintenanceUpdateSchema },
});

/** Streak days of the daily check-in: day 1 to day 7. */
export const CHECKIN_STREAK_DAYS = 7;
const streakRewardsSchema = lazy(() =>
  z
    .array(pointsAmountSchema, { message: 'One reward per streak day' })
    .length(CHECKIN_STREAK_DAYS, 'One reward for each of the 7 streak days'),
);

export const dailyCheckinUpdateSchema = lazy(() => z.object({ rewards: streakRewardsSchema, version: versionSchema }));
export const dailyCheckinSchema = lazy(() => z.object({ rewards: z.array(z.number().int()), ...documentAudit }));
export type DailyCheckin = z.infer<typeof dailyCheckinSchema>;

/** The reward for each streak day 1–7 (`rewards[0]` is day 1). */
export const dailyCheckinDocument = defineDocument({
  scope: 'economy',
  path: '/settings/daily-checkin',
  api: 'points',
  target: 'pointsDailyCheckin',
  noun: 'daily check-in rewards',
  schemas: { record: dailyCheckinSchema, update: dailyCheckinUpdateSchema },
});

/** What a referee must reach before the referral reward counts. */
export const REFERRAL_ACTIVITIES = ['signUp', 'firstCheckin', 'firstTask', 'firstBattle'] as const;
export type ReferralActivity = (typeof REFERRAL_ACTIVITIES)[number];

export const referralUpdateSchema = lazy(() =>
  z
    .object({
      referrerReward: pointsAmountSchema,
      refereeReward: pointsAmountSchema,
      /** Rewarded referrals per referrer; null = no cap. */
      capPerReferrer: z.number().check(wholeNumber('Whole referrals')).min(1, 'At least 1').max(1_000_000).nullable(),
      /** Points paid out by the whole programme; null = no cap. */
      totalCap: pointsAmountSchema.nullable(),
      requiredActivity: z.enum(REFERRAL_ACTIVITIES, { message: 'Pick an activity' }),
      version: versionSchema,
    })
    .superRefine((input, ctx) => {
      if (input.totalCap !== null && input.totalCap < input.referrerReward + input.refereeReward) {
        ctx.addIssue({ code: 'custom', path: ['totalCap'], message: 'The total cap must cover at least one referral' });
      }
    }),
);
export const referralSchema = lazy(() =>
  z.object({
    referrerReward: z.number().int(),
    refereeReward: z.number().int(),
    capPerReferrer: z.number().int().nullable(),
    totalCap: z.number().int().nullable(),
    requiredActivity: z.enum(REFERRAL_ACTIVITIES),
    ...documentAudit,
  }),
);
export type ReferralSettings = z.infer<typeof referralSchema>;

export const referralDocument = defineDocument({
  scope: 'economy',
  path: '/settings/referral',
  api: 'points',
  target: 'pointsReferral',
  noun: 'referral settings',
  schemas: { record: referralSchema, update: referralUpdateSchema },
});
