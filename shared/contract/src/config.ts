// zod's mini API: the console checks /config.json before its first paint, and the classic API's chunk (every
// method on every schema) is not in that paint (docs/performance.md).
import * as z from 'zod/mini';
import { lazy } from './lazy';

// The mini API sets no language for its messages (every issue would read "Invalid input"); the classic one
// sets English when it builds its first schema. Explicitly English either way.
z.config(z.locales.en());

export const REMOTE_NAMES = ['system', 'user-policy', 'present', 'battle', 'points'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const ENVIRONMENTS = ['local', 'dev', 'beta-dev', 'stg', 'beta-stg', 'prd', 'beta-prd'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** A Subresource Integrity sha-384 digest: "sha384-" and the 48 bytes in base64 (64 characters, no padding). */
export const SRI_SHA384 = /^sha384-[A-Za-z0-9+/]{64}$/;

/** What the host fetches at start (/config.json): nothing environment-specific is baked into a build. */
export const runtimeConfigSchema = lazy(() =>
  z.object({
    environment: z.enum(ENVIRONMENTS),
    apiBase: z.url(),
    pointsApiBase: z.url(),
    chainRpcUrl: z.url(),
    stakingContractAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
    /** Block explorer of the chain (e.g. https://sepolia.etherscan.io); transaction links are shown where it is set. */
    chainExplorerUrl: z.optional(z.url()),
    remotes: z.record(
      z.enum(REMOTE_NAMES),
      z.object({
        /** URL of the remote's mf-manifest.json (or remoteEntry.js). */
        entry: z.string().check(z.minLength(1)),
        version: z.optional(z.string()),
        /**
         * The sha-384 of the remote's entry script (remoteEntry.js), as its release's build-info.json records it:
         * the host then runs only those bytes (docs/releasing.md, "Pinning a remote's bytes").
         */
        integrity: z.optional(z.string().check(z.regex(SRI_SHA384, "a sha384-<base64> digest (the remote release's build-info.json)"))),
        /**
         * A canary (docs/releasing.md, "Canary"): admins in its audience load this version instead; the
         * console decides per admin (canaryReason in releases.ts), the BFF counts and may abort it.
         */
        canary: z.optional(
          z.object({
            version: z.string().check(z.minLength(1)),
            entry: z.string().check(z.minLength(1)),
            integrity: z.optional(z.string().check(z.regex(SRI_SHA384))),
            audience: z.object({
              percent: z.number().check(z.minimum(0), z.maximum(100)),
              admins: z.array(z.number()),
              roles: z.array(z.string()),
            }),
            rollback: z.object({ minSessions: z.number(), maxErrorRateIncrease: z.number() }),
            startedAt: z.string(),
          }),
        ),
      }),
    ),
    /** Whether an admin holding one of `roles` may load another released version in their own browser (a QA override). */
    qaOverrides: z.optional(z.object({ allowed: z.boolean(), roles: z.array(z.string()) })),
  }),
);
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
