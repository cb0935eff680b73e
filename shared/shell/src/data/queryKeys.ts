import type { Query } from '../api/client';

/**
 * Query keys of a REST resource. Everything of one resource shares the prefix
 * ['resource', name], so one invalidation refreshes its lists and details after a mutation.
 */
export const resourceKeys = {
  all: (resource: string) => ['resource', resource] as const,
  list: (resource: string, query: Query) => ['resource', resource, 'list', query] as const,
  detail: (resource: string, id: string | number) => ['resource', resource, 'detail', String(id)] as const,
  /** A singleton document (GET/PUT /<resource>, no id), e.g. maintenance. */
  document: (resource: string) => ['resource', resource, 'document'] as const,
};

/** Which API a resource lives on: the BFF (default) or the separate points API. */
export type ApiTarget = 'bff' | 'points';
