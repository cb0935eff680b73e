// The runtime hands over the `./pages` factory (loadFactory: false): the host evaluates it in a later task
// than the one the remote's entry arrived in (a task queued as the runtime answers has run by then).
let evaluatedInALaterTask: boolean | undefined;
const loadRemote = jest.fn(async () => {
  let taskRan = false;
  setTimeout(() => (taskRan = true), 0);
  return () => {
    evaluatedInALaterTask = taskRan;
    return { default: { logs: () => null } };
  };
});
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => (loadRemote as (...a: unknown[]) => unknown)(...args),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

import type { RuntimeConfig } from '@phoenix/contract';
import { setConfiguredRemoteEntries } from './config';
import { fetchRemoteFilesEarly } from './earlyFiles';
import { loadRemotePagesModule, prefetchRemoteFiles } from './remotes';

const base = 'http://localhost/remotes/system';
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ path: './pages', assets: { js: { sync: ['__federation_expose_pages.1.js'] } } }],
};
const fetched: string[] = [];
const hints = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.href}`);

beforeAll(() => {
  global.fetch = (async (url: string) => {
    fetched.push(url);
    const body = url.endsWith('mf-manifest.json') ? manifest : { name: '@phoenix/remote-system', version: '1.0.0' };
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
  const remotes = { system: { entry: `${base}/mf-manifest.json` } } as unknown as RuntimeConfig['remotes'];
  setConfiguredRemoteEntries(remotes);
});

test("the start reads a remote's manifest and build-info once; idle time prefetches its scripts, opening its page preloads them", async () => {
  fetchRemoteFilesEarly({ system: { entry: `${base}/mf-manifest.json` } } as unknown as RuntimeConfig['remotes']);
  expect(fetched).toEqual([`${base}/mf-manifest.json`, `${base}/build-info.json`]);
  expect(hints()).toEqual([]); // no script before a page needs it

  await prefetchRemoteFiles('system'); // idle time: the start's answers, no second request
  expect(fetched).toHaveLength(2);
  expect(hints()).toEqual([`prefetch ${base}/remoteEntry.js`, `prefetch ${base}/__federation_expose_pages.1.js`]);

  await loadRemotePagesModule('system'); // its page opens: the same files, now needed at once
  expect(fetched).toHaveLength(2);
  expect(hints().filter((h) => h.startsWith('preload'))).toEqual([
    `preload ${base}/remoteEntry.js`,
    `preload ${base}/__federation_expose_pages.1.js`,
  ]);
  expect(loadRemote).toHaveBeenCalledWith('system/pages', { loadFactory: false, from: 'runtime' });
  expect(evaluatedInALaterTask).toBe(true);
});
