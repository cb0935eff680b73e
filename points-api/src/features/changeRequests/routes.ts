import type { FastifyInstance } from 'fastify';
import {
  dailyCheckinDocument,
  pointAccountsResource,
  pointsMaintenanceDocument,
  referralDocument,
  spinWheelDocument,
  type PermissionScope,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { sql } from 'kysely';
import { documentOperations, registerChangeRequestRoutes } from '@phoenix/server/changeRequests';
import { pastBudget, usedToday, type Applies, type CallContext, type GlobalOperation } from '@phoenix/server/http';

/**
 * The permission scope of this feature's routes (shared/contract permissions.ts): every admin's
 * (a decision needs the operation's own permission); a route may name its own.
 */
export const scope: PermissionScope = 'self';

/** A manual adjustment's size either way (the contract has checked it is a whole number). */
const adjustmentSize = (body: unknown) => Math.abs(Number((body as { amount?: unknown } | undefined)?.amount ?? 0));

/** An adjustment's size as its action-log row holds it (features/pointAccounts logs the ledger entry). */
const LOGGED_ADJUSTMENT = sql`abs((after->'entry'->>'amount')::bigint)`;

/**
 * Global when one call moves more than CHANGE_CONTROL_ADJUSTMENT_POINTS, or when it takes the
 * admin past CHANGE_CONTROL_ADJUSTMENT_POINTS_PER_DAY today: ten adjustments just under the
 * per-call limit are one large adjustment for the budget.
 */
async function adjustmentApplies({ body, settings, actor, db, now, counted }: CallContext): Promise<Applies> {
  const size = adjustmentSize(body);
  if (size > settings.adjustmentPointsAbove) return true;
  const used = await usedToday(db, actor, ['pointUser.adjust'], LOGGED_ADJUSTMENT, now);
  return pastBudget({ what: 'adjustment points', unit: 'points', limit: settings.adjustmentPointsPerDay }, used, size, counted);
}

/**
 * The points API's global operations: what changes the programme for every player, and
 * a manual adjustment above CHANGE_CONTROL_ADJUSTMENT_POINTS or past the admin's daily budget. The gate of @phoenix/server holds
 * them to the environment's mode as the BFF's; their change requests are this service's to apply.
 */
export const POINTS_GLOBAL_OPERATIONS: GlobalOperation[] = [
  ...documentOperations('pointsMaintenance', pointsMaintenanceDocument.path, 'points maintenance'),
  ...documentOperations('dailyCheckin', dailyCheckinDocument.path, 'daily check-in'),
  ...documentOperations('referral', referralDocument.path, 'referral programme'),
  ...documentOperations('spinWheel', spinWheelDocument.path, 'spin wheel'),
  {
    name: 'pointAccount.adjust',
    method: 'POST',
    url: `${pointAccountsResource.path}/:id/adjustments`,
    applies: adjustmentApplies,
    scope: (p, body) => `${adjustmentSize(body)} points on point account ${p.id}`,
    current: (_path, p) => ({ method: 'GET', url: `${pointAccountsResource.path}/${p.id}` }),
  },
];

export default function registerPointsChangeRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerChangeRequestRoutes(app, ctx, { service: 'points', operations: POINTS_GLOBAL_OPERATIONS });
}
