import { createHash, webcrypto } from 'node:crypto';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// The runtime as the browser runs it, reduced: it injects the entry through the plugins' createScript and,
// as for a refused or unreachable script, fails with its load error.
const plugins: ModuleFederationRuntimePlugin[] = [];
const loadFailure = new Error('[ Federation Runtime ]: RUNTIME_008 ScriptNetworkError');
const loadRemote = jest.fn(async (id: string) => {
  const name = id.split('/')[0]!;
  for (const plugin of plugins)
    (plugin.createScript as ((a: unknown) => unknown) | undefined)?.({
      url: `${base(name)}/remoteEntry.js`,
      remoteInfo: { name },
      resourceContext: { resourceType: 'remoteEntry' },
    });
  throw loadFailure;
});
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => (loadRemote as (...a: unknown[]) => unknown)(...args),
  registerPlugins: (added: ModuleFederationRuntimePlugin[]) => plugins.push(...added),
  registerRemotes: jest.fn(),
}));

import type { RuntimeConfig } from '@phoenix/contract';
import { setConfiguredRemoteEntries } from './config';
import { RemoteIntegrityError } from './integrity';
import { loadRemotePagesModule } from './remotes';

if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

const base = (name: string) => `http://localhost/remotes/${name}`;
const released = '//# allFunctionsCalledOnLoad\nvar battle;\n';
const tampered = released.replace('Load', 'LoaD'); // one byte
const fetched: string[] = [];
const manifest = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' }, exposes: [] };

beforeAll(() => {
  global.fetch = (async (url: string) => {
    fetched.push(url);
    if (url.endsWith('remoteEntry.js')) return new Response(tampered);
    return new Response(JSON.stringify(url.endsWith('mf-manifest.json') ? manifest : { version: '1.0.0' }));
  }) as typeof fetch;
  const integrity = `sha384-${createHash('sha384').update(released).digest('base64')}`;
  setConfiguredRemoteEntries({
    battle: { entry: `${base('battle')}/mf-manifest.json`, integrity },
    system: { entry: `${base('system')}/mf-manifest.json` },
  } as unknown as RuntimeConfig['remotes']);
});

test('a pinned remote served other bytes is refused with its own error, reported in the console', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  const refusal = await loadRemotePagesModule('battle').catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(RemoteIntegrityError);
  expect((refusal as RemoteIntegrityError).remote).toBe('battle');
  expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/^Remote refused: battle: .*remoteEntry\.js is not the release/));
  // Its entry was hinted with the pin and CORS, as the script that runs it is (one download, not two).
  const hint = document.head.querySelector<HTMLLinkElement>(`link[href="${base('battle')}/remoteEntry.js"]`);
  expect([hint?.integrity, hint?.crossOrigin]).toEqual([expect.stringMatching(/^sha384-/), 'anonymous']);
  consoleError.mockRestore();
});

test('no pin: the load error stands as it was, and no entry is fetched to check', async () => {
  await expect(loadRemotePagesModule('system')).rejects.toBe(loadFailure);
  expect(fetched.filter((url) => url.startsWith(base('system')) && url.endsWith('.js'))).toEqual([]);
  expect(document.head.querySelector(`link[href="${base('system')}/remoteEntry.js"]`)?.hasAttribute('integrity')).toBe(false);
});
