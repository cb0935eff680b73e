import type { PermissionScope } from './permissions';

/**
 * Live updates: the services stream `{ topic, id }` as server-sent events on GET /events when
 * something changes (in any instance: PostgreSQL LISTEN/NOTIFY). Nothing else travels in an event:
 * the console reads the changed data again through the usual, permission-checked routes.
 */
export const LIVE_EVENTS_PATH = '/events';

/** One change: its topic (the action log's target type, e.g. 'battle') and the record's id when known. */
export interface LiveEvent {
  topic: string;
  id: string | null;
}

/**
 * Whose topic it is: an admin receives a topic's events only if its roles may read that scope
 * (shared/contract permissions.ts). A topic not listed here belongs to 'operations'.
 */
export const LIVE_TOPIC_SCOPES: Readonly<Record<string, PermissionScope>> = {
  battle: 'players',
  player: 'players',
  policy: 'players',
  presentDistribution: 'economy',
  pointsLotteryRound: 'economy',
  pointUser: 'economy',
  stakingContract: 'economy',
  worldMessage: 'content',
  admin: 'admins',
  changeRequest: 'self',
  constantVariable: 'operations',
  globalSignOut: 'operations',
};

export function liveTopicScope(topic: string): PermissionScope {
  return LIVE_TOPIC_SCOPES[topic] ?? 'operations';
}

/** At most this many live streams per session at once (a few tabs); one more is refused with 429. */
export const LIVE_STREAMS_PER_SESSION = 6;
