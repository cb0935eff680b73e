import { atom, useAtomValue } from 'jotai';
import type { RuntimeConfig } from '@phoenix/contract';

/** Set once by the host after it fetched /config.json; read by every API client. */
export const runtimeConfigAtom = atom<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useAtomValue(runtimeConfigAtom);
  if (!config) throw new Error('Runtime configuration is not loaded yet');
  return config;
}

// In a file of its own (no jotai): the host's lean sign-in page shows it too.
export { environmentLabel } from './environmentLabel';
