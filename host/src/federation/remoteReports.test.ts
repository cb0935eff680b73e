const loadFailure = new Error('[ Federation Runtime ]: RUNTIME_008 ScriptNetworkError');
const loadRemote = jest.fn(async () => {
  throw loadFailure;
});
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => (loadRemote as (...a: unknown[]) => unknown)(...args),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
const reporter = { session: jest.fn(), error: jest.fn() };
jest.mock('./reports', () => ({ releaseReporter: () => reporter }));

import type { RuntimeConfig } from '@phoenix/contract';
import { setConfiguredRemoteEntries, setReleasesSettling } from './config';
import { loadRemotePagesModule } from './remotes';

beforeAll(() => {
  global.fetch = (async (url: string) =>
    new Response(JSON.stringify(url.endsWith('mf-manifest.json') ? { metaData: {}, exposes: [] } : { version: '1.5.0' }))) as typeof fetch;
  setConfiguredRemoteEntries({
    points: { version: '1.5.0', entry: 'http://localhost/remotes/points/1.5.0/mf-manifest.json' },
  } as unknown as RuntimeConfig['remotes']);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a remote that fails to load is reported (its session and the failure), once its page's versions are settled", async () => {
  let settled!: () => void;
  setReleasesSettling(new Promise<void>((resolve) => (settled = resolve)));
  const pending = loadRemotePagesModule('points').catch((error: unknown) => error);
  await settle();
  expect(loadRemote).not.toHaveBeenCalled(); // a sign-in's check of the pins is under way: no remote code yet
  settled();
  expect(await pending).toBe(loadFailure);
  await settle();
  await settle();
  expect(reporter.error).toHaveBeenCalledWith('load-failed', 'points', loadFailure);
  expect(reporter.session).not.toHaveBeenCalled(); // the reporter says the session itself, before the failure
});
