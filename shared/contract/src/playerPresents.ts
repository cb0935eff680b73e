import { z } from 'zod';
import { wholeNumber } from './fields';
import { PG_INT_MAX } from './common';
import { DISTRIBUTION_STATUSES, type DistributionStatus } from './presentDistributions';
import { lazy } from './lazy';

/** GET /players/:id/presents: the presents delivered to one player, newest first (the player view). */
export interface PlayerPresentDelivery {
  distributionId: number;
  presentId: number;
  presentName: string;
  deliveredAt: string;
  claimedAt: string | null;
}

/**
 * GET /present-distributions/:id/recipients/:playerId: "was this player included?"
 *  - delivered: the player has it (when);
 *  - pending: the distribution has not reached them yet and will (scheduled or running, and the player is a recipient);
 *  - notListed: a list distribution without this id;
 *  - notDelivered: finished, cancelled or failed without reaching them (e.g. they did not exist yet).
 */
export const RECIPIENT_ANSWERS = ['delivered', 'pending', 'notListed', 'notDelivered'] as const;
export type RecipientAnswer = (typeof RECIPIENT_ANSWERS)[number];

/** GET /players/:id/presents's answer. */
export const playerPresentDeliveriesSchema = lazy(() =>
  z.object({
    items: z.array(
      z.object({
        distributionId: z.number().int(),
        presentId: z.number().int(),
        presentName: z.string(),
        deliveredAt: z.string(),
        claimedAt: z.string().nullable(),
      }),
    ),
  }),
);

export interface DistributionRecipient {
  distributionId: number;
  playerId: number;
  presentName: string;
  status: DistributionStatus;
  included: boolean;
  answer: RecipientAnswer;
  deliveredAt: string | null;
}

/** GET /present-distributions/:id/recipients/:playerId's answer (DistributionRecipient). */
export const distributionRecipientSchema = lazy(() =>
  z.object({
    distributionId: z.number().int(),
    playerId: z.number().int(),
    presentName: z.string(),
    status: z.enum(DISTRIBUTION_STATUSES),
    included: z.boolean(),
    answer: z.enum(RECIPIENT_ANSWERS),
    deliveredAt: z.string().nullable(),
  }),
);

export const distributionRecipientParamsSchema = lazy(() =>
  z.object({
    id: z.coerce.number().int().positive('No such distribution').max(PG_INT_MAX, 'No such distribution'),
    playerId: z.coerce
      .number({ message: 'Enter a player id' })
      .check(wholeNumber('Enter a player id'))
      .positive('Enter a player id')
      .max(PG_INT_MAX, 'No such player id'),
  }),
);

export const playerPresentsQuerySchema = lazy(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
