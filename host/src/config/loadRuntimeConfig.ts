import { runtimeConfigSchema, type RuntimeConfig } from '@phoenix/contract';

/**
 * The environment is configuration read at run time (PRODUCT §5): one host build runs everywhere,
 * and the server that hosts it answers /config.json for its environment.
 */
export async function loadRuntimeConfig(url = '/config.json', fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
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
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${url} is invalid: ${problems}`);
  }
  return parsed.data;
}
