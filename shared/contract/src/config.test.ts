import { REMOTE_NAMES, runtimeConfigSchema } from './config';
import { remoteRoutesManifestSchema } from './remoteRoutes';

// These two schemas use zod's mini API (checked before the console's first paint, where the classic API is
// not loaded): their messages must still be zod's English ones, as the boot error and the route check print them.
const config = {
  environment: 'local',
  apiBase: 'http://127.0.0.1:8787',
  pointsApiBase: 'http://127.0.0.1:8788',
  chainRpcUrl: 'http://127.0.0.1:8545',
  stakingContractAddress: `0x${'ab'.repeat(20)}`,
  remotes: Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, { entry: `http://127.0.0.1:${3001 + i}/mf-manifest.json` }])),
};
const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the runtime configuration and routes.json schemas (zod mini)', () => {
  it('take a valid /config.json as it is', () => {
    expect(runtimeConfigSchema.parse(config)).toEqual(config);
  });

  it("explain a bad /config.json in zod's English", () => {
    const bad = { ...config, apiBase: 'not a url', environment: 'moon', remotes: { ...config.remotes, system: { entry: '' } } };
    expect(problems(runtimeConfigSchema.safeParse(bad))).toEqual([
      'environment: Invalid option: expected one of "local"|"dev"|"beta-dev"|"stg"|"beta-stg"|"prd"|"beta-prd"',
      'apiBase: Invalid URL',
      'remotes.system.entry: Too small: expected string to have >=1 characters',
    ]);
  });

  it("take a remote's sha-384 pin, and explain one that is not a sha384-<base64> digest", () => {
    const integrity = `sha384-${'Ab+/'.repeat(16)}`;
    const pinned = { ...config, remotes: { ...config.remotes, system: { ...config.remotes.system, integrity } } };
    expect(runtimeConfigSchema.parse(pinned)).toEqual(pinned);
    for (const bad of ['sha256-abc', `sha384-${'A'.repeat(63)}`, `sha384-${'A'.repeat(62)}==`]) {
      const result = runtimeConfigSchema.safeParse({
        ...config,
        remotes: { ...config.remotes, system: { ...config.remotes.system, integrity: bad } },
      });
      expect(problems(result)).toEqual(["remotes.system.integrity: a sha384-<base64> digest (the remote release's build-info.json)"]);
    }
  });

  it("explain a bad routes.json in zod's English, with the contract's own message for a path", () => {
    const manifest = {
      remote: 'system',
      shellContract: '^1.4.0',
      routes: [
        { path: 'logs/:id', name: 'logs', title: { en: 'Logs', ja: '' }, menu: { label: { en: 'Logs', ja: 'ログ' }, position: 1.5 } },
      ],
    };
    expect(problems(remoteRoutesManifestSchema.safeParse(manifest))).toEqual([
      'routes.0.path: a path relative to /admin, without parameters',
      'routes.0.title.ja: Too small: expected string to have >=1 characters',
      'routes.0.menu.position: Invalid input: expected int, received number',
    ]);
  });
});
