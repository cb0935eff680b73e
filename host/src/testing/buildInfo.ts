import type { BuildInfo } from '../federation/compatibility';

/** A host's build-info.json for tests. */
export const hostBuild = (over: Partial<BuildInfo> = {}): BuildInfo => ({
  name: '@phoenix/host',
  version: '1.0.0',
  shellContract: '^1.0.0',
  shellVersion: '1.0.0',
  singletons: { react: '19.3.1' },
  ...over,
});
