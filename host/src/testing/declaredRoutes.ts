import path from 'node:path';
import { REMOTE_NAMES, remoteRoutesManifestSchema } from '@phoenix/contract';
import type { RemoteManifests } from '../routes/composeRoutes';

// The build's own reader (what each remote's build emits as routes.json): a remote's declaration is data,
// read here as a file, not imported as code (the host never imports a remote).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { routesManifest } = require('@phoenix/build/routes.cjs') as { routesManifest: (srcDir: string, shellContract: string) => unknown };

const remotesDir = path.resolve(__dirname, '../../../remotes');

let cached: RemoteManifests | undefined;

/** Every remote's routes.json as its build would emit it, checked with the host's own schema. */
export function declaredManifests(): RemoteManifests {
  cached ??= Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, remoteRoutesManifestSchema.parse(routesManifest(path.join(remotesDir, name, 'src'), '^1.0.0'))]),
  );
  return cached;
}
