import { fetchConfigJson } from '../config/fetchConfigJson';

/** What the sign-in page needs of the runtime configuration (/config.json, PRODUCT §5). */
export interface LoginConfig {
  apiBase: string;
  environment: string;
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads /config.json as the console's loadRuntimeConfig does (same messages), checking only the two
 * fields this page uses: the console checks the whole file with the contract's schema once it starts.
 */
export async function loadLoginConfig(url = '/config.json', fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<LoginConfig> {
  const body = await fetchConfigJson(url, fetchImpl);
  const { apiBase, environment } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (!isUrl(apiBase)) problems.push('apiBase: Invalid URL');
  if (typeof environment !== 'string') problems.push('environment: Invalid input');
  if (problems.length > 0) throw new Error(`${url} is invalid: ${problems.join('; ')}`);
  return { apiBase: apiBase as string, environment: environment as string };
}
