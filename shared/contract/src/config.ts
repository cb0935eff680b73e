import { z } from 'zod';
import { lazy } from './lazy';

export const REMOTE_NAMES = ['system', 'user-policy', 'present', 'battle', 'points'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const ENVIRONMENTS = ['local', 'dev', 'beta-dev', 'stg', 'beta-stg', 'prd', 'beta-prd'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** What the host fetches at start (/config.json): nothing environment-specific is baked into a build. */
export const runtimeConfigSchema = lazy(() =>
  z.object({
    environment: z.enum(ENVIRONMENTS),
    apiBase: z.string().url(),
    pointsApiBase: z.string().url(),
    chainRpcUrl: z.string().url(),
    stakingContractAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    /** Block explorer of the chain (e.g. https://sepolia.etherscan.io); transaction links are shown where it is set. */
    chainExplorerUrl: z.string().url().optional(),
    remotes: z.record(
      z.enum(REMOTE_NAMES),
      z.object({
        /** URL of the remote's mf-manifest.json (or remoteEntry.js). */
        entry: z.string().min(1),
        version: z.string().optional(),
      }),
    ),
  }),
);
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
