import { atom, useAtomValue } from 'jotai';
import type { RuntimeConfig } from '@phoenix/contract';

/** Set once by the host after it fetched /config.json; read by every API client. */
export const runtimeConfigAtom = atom<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useAtomValue(runtimeConfigAtom);
  if (!config) throw new Error('Runtime configuration is not loaded yet');
  return config;
}

const KNOWN_PREFIXES = ['beta-dev', 'beta-stg', 'beta-prd', 'dev', 'stg', 'prd'];

/**
 * Navbar label (seed §2, PRODUCT §5): LOCAL on a local API host, else the API host's
 * environment prefix upper-cased (stg-bff.example.com, beta-dev.api.example.com), else PRD.
 */
export function environmentLabel(apiBase: string): string {
  let host: string;
  try {
    host = new URL(apiBase).hostname.toLowerCase();
  } catch {
    return 'PRD';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '[::1]' || host.endsWith('.local')) {
    return 'LOCAL';
  }
  const prefix = KNOWN_PREFIXES.find((p) => host.startsWith(`${p}.`) || host.startsWith(`${p}-`));
  return prefix ? prefix.toUpperCase() : 'PRD';
}
