import type { SelectQueryBuilder } from 'kysely';

/** The names a resource gives the three states of its window (e.g. upcoming / claimable / ended). */
export interface TimeWindowStates {
  before: string;
  during: string;
  after: string;
}

/**
 * The `status` list filter of a record with a time window (`starts_at` inclusive, `ends_at`
 * exclusive): the state is derived from the clock, never stored, so it cannot go stale.
 */
export function timeWindowFilter(states: TimeWindowStates) {
  return <Q extends SelectQueryBuilder<any, any, any>>(qb: Q, query: { status?: string }, now: Date): Q => {
    const q = qb as SelectQueryBuilder<any, any, any>;
    switch (query.status) {
      case states.before:
        return q.where('starts_at', '>', now) as Q;
      case states.during:
        return q.where('starts_at', '<=', now).where('ends_at', '>', now) as Q;
      case states.after:
        return q.where('ends_at', '<=', now) as Q;
      default:
        return qb;
    }
  };
}
