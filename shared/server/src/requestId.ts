import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request code runs for, below the http layer: http/requestContext.ts enters it for
 * each request, the data layer reads it (db/actionLog.ts) without a feature passing it along and
 * without db/ importing http/.
 */
interface RequestStore {
  requestId: string;
}
const storage = new AsyncLocalStorage<RequestStore>();

/** The id of the request this code runs for (null outside a request: jobs, seed, CLI). */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `fn` (and what it starts) as the request `requestId`. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}
