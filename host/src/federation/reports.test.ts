import { fakeBackend } from '@phoenix/shell/src/auth/testing';
import type { ReleaseReportEvent, RuntimeConfig } from '@phoenix/contract';
import { runtimeConfigAtom, shellStore, tokenAtom } from '@phoenix/shell';
import { setConfiguredRemoteEntries, setRemoteChoices } from './config';
import {
  REPORT_FLUSH_MS,
  REPORT_QUEUE_LIMIT,
  ReleaseReporter,
  releaseReporter,
  remoteOfStack,
  reportMessage,
  routePattern,
} from './reports';

function reporter(options: Partial<ConstructorParameters<typeof ReleaseReporter>[0]> = {}) {
  const batches: ReleaseReportEvent[][] = [];
  const made = new ReleaseReporter({
    send: async (events) => void batches.push(events),
    page: () => '/admin/point-accounts',
    versionOf: () => '1.5.0',
    ...options,
  });
  return { made, batches };
}

describe('the release reporter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says each remote version once per page, and sends the batch after a few seconds', async () => {
    const { made, batches } = reporter();
    made.session('points');
    made.session('points');
    made.session('battle', '2.0.0');
    expect(batches).toHaveLength(0);
    jest.advanceTimersByTime(REPORT_FLUSH_MS);
    await Promise.resolve();
    expect(batches).toEqual([
      [
        { kind: 'session', remote: 'points', version: '1.5.0', page: '/admin/point-accounts' },
        { kind: 'session', remote: 'battle', version: '2.0.0', page: '/admin/point-accounts' },
      ],
    ]);
  });

  it("reports an error with its remote's session first, its message on one line and cut to 300 characters", async () => {
    const { made, batches } = reporter();
    made.error('render-error', 'points', new Error(`boom\n${'x'.repeat(400)}`));
    await made.flush();
    expect(batches[0]).toHaveLength(2);
    expect(batches[0]![0]).toMatchObject({ kind: 'session', remote: 'points', version: '1.5.0' });
    const error = batches[0]![1]!;
    expect(error).toMatchObject({ kind: 'render-error', remote: 'points', version: '1.5.0', page: '/admin/point-accounts' });
    expect(error.message).toMatch(/^Error: boom x+$/);
    expect(error.message).toHaveLength(300);
  });

  it('sends at once when a batch is full, in batches of at most 20, and drops (counting) what a flood adds past 100 waiting', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const batches: ReleaseReportEvent[][] = [];
    const { made } = reporter({ send: (events) => (batches.push(events), stuck) });
    for (let i = 0; i < 19; i++) made.error('unhandled-rejection', 'points', new Error(`e${i}`));
    // 1 session + 19 errors = 20: sent without waiting for the timer.
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(20);
    release();

    // A page whose batches never leave (the BFF unreachable): the queue's bound alone holds the page.
    const big = new ReleaseReporter({ send: () => Promise.resolve(), versionOf: () => '1.5.0', page: () => '/admin', flushMs: 60_000 });
    const spy = jest.spyOn(big, 'flush').mockResolvedValue(undefined);
    for (let i = 0; i < 250; i++) big.error('render-error', 'points', new Error('loop'));
    expect(big.pending).toBe(REPORT_QUEUE_LIMIT);
    expect(big.dropped).toBe(251 - REPORT_QUEUE_LIMIT);
    spy.mockRestore();
  });

  it('reports nothing for a version that is not a release (a development build)', async () => {
    const { made, batches } = reporter({ versionOf: () => 'local' });
    made.session('points');
    made.error('load-failed', 'points', new Error('down'));
    await made.flush();
    expect(batches).toHaveLength(0);
  });
});

describe('what a report says', () => {
  it('names the route pattern, never the raw path', () => {
    expect(routePattern('/admin')).toBe('/admin');
    expect(routePattern('/admin/about')).toBe('/admin/about');
    expect(routePattern('/admin/no-such/123')).toBe('/admin/*');
    const areas = new Map([['pointAccounts', { path: 'point-accounts' }]]);
    expect(routePattern('/admin/point-accounts/', areas)).toBe('/admin/point-accounts');
    expect(routePattern('/admin/point-accounts/42', areas)).toBe('/admin/*');
  });

  it('finds the remote and version in a stack that runs through its release folder', () => {
    expect(remoteOfStack('Error: x\n    at f (https://admin.test/remotes/points/1.5.0/__federation_expose_pages.js:1:2)')).toEqual({
      remote: 'points',
      version: '1.5.0',
    });
    expect(remoteOfStack('Error: x\n    at f (https://admin.test/static/js/main.js:1:2)')).toBeNull();
    expect(remoteOfStack('at https://admin.test/remotes/nope/1.0.0/x.js')).toBeNull();
    expect(reportMessage('plain')).toBe('plain');
  });
});

test("an unhandled rejection from a remote's code is reported with the shell's client and the session's token", async () => {
  const backend = fakeBackend({ 'POST /releases/reports': () => ({ status: 202, body: { accepted: 2, sampled: 0 } }) });
  const restore = backend.install();
  try {
    shellStore.set(runtimeConfigAtom, { apiBase: 'http://api.test', remotes: {} } as unknown as RuntimeConfig);
    shellStore.set(tokenAtom, 'tok-admin');
    setConfiguredRemoteEntries({
      points: { version: '1.4.0', entry: '/remotes/points/1.4.0/mf-manifest.json' },
    } as RuntimeConfig['remotes']);
    setRemoteChoices({ points: { remote: 'points', version: '1.5.0', reason: 'canary-percent', stableVersion: '1.4.0' } });
    const reporter = releaseReporter();
    const reason = new Error('no balance');
    reason.stack = 'Error: no balance\n    at load (http://localhost/remotes/points/1.5.0/static/js/async/page.js:1:9)';
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    // One from the host's own code is not a remote's.
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('host') }));
    await reporter.flush();
    const [call] = backend.callsTo('POST', '/releases/reports');
    expect(call?.headers.get('token')).toBe('tok-admin');
    expect(call?.body).toEqual({
      events: [
        { kind: 'session', remote: 'points', version: '1.5.0', page: '/' },
        { kind: 'unhandled-rejection', remote: 'points', version: '1.5.0', page: '/', message: 'Error: no balance' },
      ],
    });
  } finally {
    restore();
  }
});
