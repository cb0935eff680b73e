import { fakeBackend, authHandlers } from '@phoenix/shell/src/auth/testing';
import { createStore } from 'jotai';
import type { RuntimeConfig } from '@phoenix/contract';
import { tokenAtom } from '@phoenix/shell';
import { releasesSettled, setConfiguredRemoteEntries, setRemoteChoices, setReleasesSettling } from './config';
import { forgetSessionReleases } from './effectiveRemotes';
import { RELEASES_RECHECK_MS, checkReleasesNow, watchReleases, type WatchedRouter } from './releaseWatch';

const stablePoints = { version: '1.4.0', entry: '/remotes/points/1.4.0/mf-manifest.json' };
const canary = {
  version: '1.5.0',
  entry: '/remotes/points/1.5.0/mf-manifest.json',
  audience: { percent: 0, admins: [1], roles: [] },
  rollback: { minSessions: 10, maxErrorRateIncrease: 0.05 },
  startedAt: '2026-12-07T05:00:00.000Z',
};
const config = (points: object): RuntimeConfig =>
  ({
    environment: 'stg',
    apiBase: 'http://api.test',
    pointsApiBase: 'http://points.test',
    chainRpcUrl: 'http://rpc.test',
    stakingContractAddress: `0x${'a'.repeat(40)}`,
    remotes: { points: points },
  }) as RuntimeConfig;

function fakeRouter(pathname: string) {
  const listeners = new Set<(state: WatchedRouter['state']) => void>();
  let n = 0;
  const router = {
    state: { location: { pathname, search: '', hash: '', key: 'k0' }, navigation: {} } as WatchedRouter['state'],
    subscribe(listener: (state: WatchedRouter['state']) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(to: string) {
      const [path, search = ''] = to.split('?');
      router.state = { location: { pathname: path!, search: search ? `?${search}` : '', hash: '', key: `k${++n}` }, navigation: {} };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the pins, read again while the console runs', () => {
  let restore: () => void;
  let stop: (() => void) | undefined;
  beforeEach(() => {
    forgetSessionReleases();
    setReleasesSettling(Promise.resolve());
    restore = fakeBackend(authHandlers()).install(); // admin@example.com is admin 1, role owner
  });
  afterEach(() => {
    stop?.();
    restore();
  });

  it('loads the destination in full at the next navigation after a canary this admin runs was aborted', async () => {
    setConfiguredRemoteEntries({ points: stablePoints } as RuntimeConfig['remotes']);
    setRemoteChoices({
      points: { remote: 'points', version: '1.5.0', reason: 'canary-admin', stableVersion: '1.4.0', canaryVersion: '1.5.0' },
    });
    const store = createStore();
    store.set(tokenAtom, 'tok-admin');
    const router = fakeRouter('/admin/point-accounts');
    const assign = jest.fn();
    let pins = config({ ...stablePoints, canary });
    const readConfig = jest.fn(async () => pins);
    stop = watchReleases({ router, store, readConfig, assign });

    expect(await checkReleasesNow()).toBe(false); // still in the canary
    router.go('/admin/about');
    expect(assign).not.toHaveBeenCalled();

    pins = config(stablePoints); // aborted (by hand or by the automatic rollback)
    expect(await checkReleasesNow()).toBe(true);
    expect(assign).not.toHaveBeenCalled(); // not in the middle of what the admin is doing
    router.go('/admin/point-accounts?id=3');
    expect(assign).toHaveBeenCalledWith('/admin/point-accounts?id=3');
  });

  it('a navigation while a read of the pins is under way waits for it: a change found then loads the destination in full', async () => {
    setConfiguredRemoteEntries({ points: stablePoints } as RuntimeConfig['remotes']);
    setRemoteChoices({
      points: { remote: 'points', version: '1.5.0', reason: 'canary-admin', stableVersion: '1.4.0', canaryVersion: '1.5.0' },
    });
    const store = createStore();
    store.set(tokenAtom, 'tok-admin');
    const router = fakeRouter('/admin/about');
    const assign = jest.fn();
    let answer: (value: RuntimeConfig) => void = () => {};
    const readConfig = jest.fn(() => new Promise<RuntimeConfig>((resolve) => (answer = resolve)));
    stop = watchReleases({ router, store, readConfig, assign });

    const reading = checkReleasesNow(); // a live event: the canary was aborted
    router.go('/admin/point-accounts'); // the admin clicks before the answer is in
    expect(assign).not.toHaveBeenCalled();
    answer(config(stablePoints));
    expect(await reading).toBe(true);
    await settle();
    expect(assign).toHaveBeenCalledWith('/admin/point-accounts');
  });

  it('reads /config.json again at a navigation once the last read is 30 seconds old, and not before', async () => {
    setConfiguredRemoteEntries({ points: stablePoints } as RuntimeConfig['remotes']);
    setRemoteChoices({});
    const store = createStore();
    store.set(tokenAtom, 'tok-admin');
    const router = fakeRouter('/admin');
    const assign = jest.fn();
    let clock = 1_000_000;
    const readConfig = jest.fn(async () => config({ ...stablePoints, canary })); // promoted to a canary naming admin 1
    stop = watchReleases({ router, store, readConfig, assign, now: () => clock, recheckMs: RELEASES_RECHECK_MS });
    router.go('/admin/about');
    expect(readConfig).not.toHaveBeenCalled();
    clock += RELEASES_RECHECK_MS;
    router.go('/admin/point-accounts');
    await settle();
    await settle();
    expect(readConfig).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/admin/point-accounts');
  });

  it("holds remote code after a fresh sign-in until this admin's versions are known, and loads the page again when they differ", async () => {
    setConfiguredRemoteEntries({ points: stablePoints } as RuntimeConfig['remotes']);
    setRemoteChoices({});
    const store = createStore();
    const router = fakeRouter('/auth/login');
    const assign = jest.fn();
    stop = watchReleases({ router, store, readConfig: async () => config({ ...stablePoints, canary }), assign });
    store.set(tokenAtom, 'tok-admin');
    router.go('/admin/point-accounts');
    let settled = false;
    void releasesSettled().then(() => (settled = true));
    await settle();
    await settle();
    expect(assign).toHaveBeenCalledWith('/admin/point-accounts');
    expect(settled).toBe(false); // the page is being replaced: the stable code never runs
  });

  it('lets remote code go on after a sign-in whose versions are the ones registered', async () => {
    setConfiguredRemoteEntries({ points: stablePoints } as RuntimeConfig['remotes']);
    setRemoteChoices({});
    const store = createStore();
    const router = fakeRouter('/auth/login');
    const assign = jest.fn();
    stop = watchReleases({
      router,
      store,
      readConfig: async () => config({ ...stablePoints, canary: { ...canary, audience: { percent: 0, admins: [9], roles: [] } } }),
      assign,
    });
    store.set(tokenAtom, 'tok-admin');
    await releasesSettled();
    expect(assign).not.toHaveBeenCalled();
  });
});
