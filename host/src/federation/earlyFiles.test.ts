import type { RuntimeConfig } from '@phoenix/contract';
import { STORAGE_KEY } from '@phoenix/shell/src/session/session';
import { loadRemoteManifests } from '../routes/loadRemoteRoutes';
import { declaredManifests } from '../testing/declaredRoutes';
import { fetchStartFilesEarly, takeEarly } from './earlyFiles';

const config = {
  remotes: {
    system: { entry: 'http://cdn.test/remotes/system/1.0.0/mf-manifest.json' },
    battle: { entry: '/remotes/battle/remoteEntry.js' },
  },
};
const ROUTES = ['http://cdn.test/remotes/system/1.0.0/routes.json', 'http://localhost/remotes/battle/routes.json'];
const SYSTEM_FILES = ['http://cdn.test/remotes/system/1.0.0/mf-manifest.json', 'http://cdn.test/remotes/system/1.0.0/build-info.json'];

const signedIn = () => {
  const storage = new Map([[STORAGE_KEY, JSON.stringify({ data: { email: 'a@b.c', token: 't' }, expiry: Date.now() + 60_000 })]]);
  return { getItem: (k: string) => storage.get(k) ?? null, setItem: () => {}, removeItem: () => {} };
};
const signedOut = () => ({ getItem: () => null, setItem: () => {}, removeItem: () => {} });

let fetched: string[];
beforeEach(() => {
  fetched = [];
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    fetched.push(String(url));
    const manifest = declaredManifests().system;
    return new Response(JSON.stringify(String(url).endsWith('routes.json') ? manifest : {}), { status: 200 });
  }) as typeof fetch;
});
afterEach(() => [...ROUTES, ...SYSTEM_FILES].forEach((url) => takeEarly(url)));

describe('the files the start needs, requested as soon as /config.json is in', () => {
  it("requests every remote's routes.json and, signed in on a remote page, that page's remote's manifest and build-info", () => {
    fetchStartFilesEarly(config, '/admin/logs', signedIn);
    expect(fetched).toEqual([...ROUTES, ...SYSTEM_FILES]);
  });

  it('signed out, or on the dashboard, no file of a remote but the routes', () => {
    fetchStartFilesEarly(config, '/admin/logs', signedOut);
    fetchStartFilesEarly(config, '/admin', signedIn);
    expect(fetched).toEqual(ROUTES); // each once
  });

  it('a configuration that is not one, or storage that throws, starts nothing and throws nothing', () => {
    for (const bad of [null, 'x', { remotes: 3 }, { remotes: { system: { entry: 42 } } }, { remotes: { system: { entry: 'http://[' } } }])
      expect(() => fetchStartFilesEarly(bad, '/admin/logs', signedIn)).not.toThrow();
    expect(() =>
      fetchStartFilesEarly(config, '/admin/logs', () => {
        throw new Error('denied');
      }),
    ).not.toThrow();
    expect(fetched).toEqual(ROUTES);
  });

  it('the start reads each routes.json once: the early answer, not a second request', async () => {
    fetchStartFilesEarly({ remotes: { system: config.remotes.system } }, '/admin', signedOut);
    const manifests = await loadRemoteManifests({ system: config.remotes.system } as RuntimeConfig['remotes']);
    expect(manifests.system?.remote).toBe('system');
    expect(fetched).toEqual([ROUTES[0]]);
  });
});
