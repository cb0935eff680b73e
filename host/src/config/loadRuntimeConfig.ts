import { runtimeConfigSchema, type RuntimeConfig } from '@phoenix/contract/src/config';
import { configJson } from './earlyConfig';

/**
 * The environment is configuration read at run time (PRODUCT §5): one host build runs everywhere,
 * and the server that hosts it answers /config.json for its environment.
 */
export async function loadRuntimeConfig(url = '/config.json', fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const body = await configJson(url, fetchImpl);
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${url} is invalid: ${problems}`);
  }
  return parsed.data;
}
