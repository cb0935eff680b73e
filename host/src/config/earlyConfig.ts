import { fetchConfigJson } from './fetchConfigJson';

const CONFIG_URL = '/config.json';
let early: Promise<unknown> | undefined;

/**
 * Starts reading /config.json from the entry, before Module Federation loads the shared modules: the
 * request then runs beside those chunks instead of after them (one round trip fewer before the console
 * can start). Plain fetch only: this runs before any shared module.
 */
export function startConfigFetch(): Promise<unknown> {
  early ??= fetchConfigJson(CONFIG_URL, fetch);
  early.catch(() => {}); // read (and reported) by loadRuntimeConfig
  return early;
}

/** The early request's body for /config.json (once), else a new request. */
export function configJson(url: string, fetchImpl: typeof fetch): Promise<unknown> {
  if (url === CONFIG_URL && fetchImpl === fetch && early) {
    const pending = early;
    early = undefined;
    return pending;
  }
  return fetchConfigJson(url, fetchImpl);
}
