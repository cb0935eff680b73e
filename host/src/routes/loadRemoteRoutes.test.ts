import type { RuntimeConfig } from '@phoenix/contract';
import { loadRemoteManifests, routesUrl } from './loadRemoteRoutes';
import { declaredManifests } from '../testing/declaredRoutes';

const remotes = {
  battle: { entry: 'http://cdn.test/remotes/battle/1.1.0/mf-manifest.json' },
  system: { entry: '/remotes/system/1.0.0/remoteEntry.js' },
} as RuntimeConfig['remotes'];

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** A fetch answering each routes.json URL with what `answers` gives for it. */
function fetchOf(answers: Record<string, () => Promise<Response>>) {
  return jest.fn((url: string | URL | Request) => {
    const answer = answers[String(url)];
    return answer ? answer() : Promise.reject(new TypeError('Failed to fetch'));
  }) as unknown as jest.MockedFunction<typeof fetch>;
}

const BATTLE = 'http://cdn.test/remotes/battle/1.1.0/routes.json';
const SYSTEM = 'http://localhost/remotes/system/1.0.0/routes.json';

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('reading the remotes’ routes.json at start', () => {
  it('reads routes.json beside each entry, revalidated, with no code of the remote', async () => {
    expect(routesUrl(remotes.battle!.entry)).toBe(BATTLE);
    expect(routesUrl(remotes.system!.entry)).toBe(SYSTEM);
    const fetchImpl = fetchOf({ [BATTLE]: () => json(declaredManifests().battle), [SYSTEM]: () => json(declaredManifests().system) });
    const manifests = await loadRemoteManifests(remotes, { fetchImpl });
    expect(manifests).toEqual({ battle: declaredManifests().battle, system: declaredManifests().system });
    expect(fetchImpl.mock.calls.map(([url, init]) => [url, init?.cache])).toEqual([
      [BATTLE, 'no-cache'],
      [SYSTEM, 'no-cache'],
    ]);
  });

  it('gives null for a remote that is down, answers 404, sends an invalid file or another remote’s', async () => {
    const cases = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json({ error: 'not found' }, 404),
      () => json({ ...declaredManifests().battle, routes: [{ path: 'battle/:id', name: 'x', title: { en: 'X', ja: 'X' } }] }),
      () => json(declaredManifests().system),
    ];
    for (const answer of cases) {
      const manifests = await loadRemoteManifests(remotes, {
        fetchImpl: fetchOf({ [BATTLE]: answer, [SYSTEM]: () => json(declaredManifests().system) }),
      });
      expect(manifests.battle).toBeNull();
      expect(manifests.system).toEqual(declaredManifests().system);
    }
    expect(warn).toHaveBeenCalledTimes(cases.length);
  });

  it('gives null for a remote needing a shell contract this console does not provide', async () => {
    const fetchImpl = fetchOf({
      [BATTLE]: () => json({ ...declaredManifests().battle, shellContract: '^2.0.0' }),
      [SYSTEM]: () => json(declaredManifests().system),
    });
    const manifests = await loadRemoteManifests(remotes, { fetchImpl, provides: '1.0.0' });
    expect(manifests.battle).toBeNull();
    expect(manifests.system).not.toBeNull();
    expect(String(warn.mock.calls[0][0])).toMatch(/needs shell contract \^2\.0\.0, this console provides 1\.0\.0/);
  });

  it('does not wait past its timeout for a remote that does not answer', async () => {
    const hanging = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const fetchImpl = jest.fn((url: string | URL | Request, init?: RequestInit) =>
      String(url) === BATTLE ? hanging(url, init) : json(declaredManifests().system),
    ) as unknown as typeof fetch;
    const started = Date.now();
    const manifests = await loadRemoteManifests(remotes, { fetchImpl, timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(manifests).toEqual({ battle: null, system: declaredManifests().system });
  });
});
