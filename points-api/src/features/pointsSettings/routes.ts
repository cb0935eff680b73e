import type { FastifyInstance } from 'fastify';
import {
  dailyCheckinDocument,
  pointsMaintenanceDocument,
  referralDocument,
  type ReferralActivity,
  type PermissionScope,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { toJson } from '@phoenix/server/db';
import { versionedDocument } from '../../db/versioned';
import { registerDocumentRoutes } from '@phoenix/server/http';

/**
 * The permission scope of this feature's routes (shared/contract permissions.ts): the points
 * programme is the economy role's; a route may name its own.
 */
export const scope: PermissionScope = 'economy';

const audit = (row: { version: number; updated_at: Date; updated_by: string | null }) => ({
  version: row.version,
  updatedAt: row.updated_at.toISOString(),
  updatedBy: row.updated_by,
});

/** Points programme maintenance on/off with a message; the host's dashboard shows it. */
export const pointsMaintenance = versionedDocument(pointsMaintenanceDocument, {
  table: 'points.maintenance',
  toApi: (row) => ({ enabled: row.enabled, message: row.message, ...audit(row) }),
  toColumns: (input) => ({ enabled: input.enabled, message: input.message }),
  verb: (before, after) => (before.enabled === after.enabled ? 'update' : after.enabled ? 'enable' : 'disable'),
});

/** The reward of each streak day 1–7. */
export const dailyCheckin = versionedDocument(dailyCheckinDocument, {
  table: 'points.daily_checkin',
  toApi: (row) => ({ rewards: row.rewards, ...audit(row) }),
  toColumns: (input) => ({ rewards: toJson(input.rewards) ?? '[]' }),
});

/** Referrer and referee rewards, caps, and the activity that makes a referral count. */
export const referral = versionedDocument(referralDocument, {
  table: 'points.referral',
  toApi: (row) => ({
    referrerReward: row.referrer_reward,
    refereeReward: row.referee_reward,
    capPerReferrer: row.cap_per_referrer,
    totalCap: row.total_cap,
    requiredActivity: row.required_activity as ReferralActivity,
    ...audit(row),
  }),
  toColumns: (input) => ({
    referrer_reward: input.referrerReward,
    referee_reward: input.refereeReward,
    cap_per_referrer: input.capPerReferrer,
    total_cap: input.totalCap,
    required_activity: input.requiredActivity,
  }),
});

export default async function registerPointsSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const document of [pointsMaintenance, dailyCheckin, referral]) await registerDocumentRoutes(app, ctx, document as never);
}
