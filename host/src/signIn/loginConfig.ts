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
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store' });
  } catch {
    throw new Error(`Could not fetch ${url}: check that the console's server is running.`);
  }
  if (!response.ok) throw new Error(`Could not fetch ${url} (HTTP ${response.status}).`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON.`);
  }
  const { apiBase, environment } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (!isUrl(apiBase)) problems.push('apiBase: Invalid URL');
  if (typeof environment !== 'string') problems.push('environment: Invalid input');
  if (problems.length > 0) throw new Error(`${url} is invalid: ${problems.join('; ')}`);
  return { apiBase: apiBase as string, environment: environment as string };
}
