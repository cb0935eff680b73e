import { fakeBackend } from '@phoenix/shell/src/auth/testing';
import type { RuntimeConfig } from '@phoenix/contract';
import { canaryBucket } from '@phoenix/contract';
import { choicesDiffer, forgetSessionReleases, releaseEntry, resolveEffectiveRemotes, resolveForSession } from './effectiveRemotes';

const canary = (audience: { percent: number; admins?: number[]; roles?: string[] }) => ({
  version: '1.5.0',
  entry: '/remotes/points/1.5.0/mf-manifest.json',
  integrity: `sha384-${'c'.repeat(64)}`,
  audience: { admins: [], roles: [], ...audience },
  rollback: { minSessions: 10, maxErrorRateIncrease: 0.05 },
  startedAt: '2026-12-07T05:00:00.000Z',
});

function config(points: Partial<RuntimeConfig['remotes']['points']> = {}, extra: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    environment: 'stg',
    apiBase: 'http://api.test',
    pointsApiBase: 'http://points.test',
    chainRpcUrl: 'http://rpc.test',
    stakingContractAddress: `0x${'a'.repeat(40)}`,
    remotes: {
      points: { version: '1.4.0', entry: '/remotes/points/1.4.0/mf-manifest.json', integrity: `sha384-${'s'.repeat(64)}`, ...points },
      battle: { version: '2.0.0', entry: '/remotes/battle/2.0.0/mf-manifest.json' },
    } as RuntimeConfig['remotes'],
    ...extra,
  };
}

/** An admin id whose sticky place for points is below / at or above `percent`. */
function adminWithBucket(inside: boolean, percent = 50): number {
  for (let id = 1; ; id++) if (canaryBucket('points', id) < percent === inside) return id;
}

describe('which version of each remote an admin runs', () => {
  it('is stable for everyone without a canary, and for a signed-out page', () => {
    const { remotes, choices } = resolveEffectiveRemotes(config({ canary: canary({ percent: 100 }) }), null);
    expect(remotes.points).toEqual({
      version: '1.4.0',
      entry: '/remotes/points/1.4.0/mf-manifest.json',
      integrity: `sha384-${'s'.repeat(64)}`,
    });
    expect(choices.points).toEqual({
      remote: 'points',
      version: '1.4.0',
      reason: 'stable',
      stableVersion: '1.4.0',
      canaryVersion: '1.5.0',
    });
    expect(choices.battle).toMatchObject({ version: '2.0.0', reason: 'stable' });
  });

  it("gives the canary's entry, version and digest to an admin in its sticky share, and stable to one outside", () => {
    const pins = config({ canary: canary({ percent: 50 }) });
    const inside = resolveEffectiveRemotes(pins, { id: adminWithBucket(true), roles: ['support'] });
    expect(inside.remotes.points).toEqual({
      version: '1.5.0',
      entry: '/remotes/points/1.5.0/mf-manifest.json',
      integrity: `sha384-${'c'.repeat(64)}`,
    });
    expect(inside.choices.points).toMatchObject({ version: '1.5.0', reason: 'canary-percent', stableVersion: '1.4.0' });
    const outside = resolveEffectiveRemotes(pins, { id: adminWithBucket(false), roles: ['support'] });
    expect(outside.choices.points).toMatchObject({ version: '1.4.0', reason: 'stable' });
    // Sticky: the same admin gets the same answer every time.
    expect(resolveEffectiveRemotes(pins, { id: adminWithBucket(true), roles: [] }).choices.points?.reason).toBe('canary-percent');
  });

  it('says why: named admins first, then roles', () => {
    const pins = config({ canary: canary({ percent: 0, admins: [3], roles: ['economy'] }) });
    expect(resolveEffectiveRemotes(pins, { id: 3, roles: ['economy'] }).choices.points?.reason).toBe('canary-admin');
    expect(resolveEffectiveRemotes(pins, { id: 4, roles: ['economy'] }).choices.points?.reason).toBe('canary-role');
    expect(resolveEffectiveRemotes(pins, { id: 4, roles: ['support'] }).choices.points?.reason).toBe('stable');
  });

  it("puts this session's QA override above the canary, from the release folder beside the pin's", () => {
    const pins = config({ canary: canary({ percent: 100 }) });
    const { remotes, choices } = resolveEffectiveRemotes(pins, { id: 1, roles: [] }, [
      { remote: 'points', version: '1.3.2', createdAt: '2026-12-07T05:00:00.000Z' },
    ]);
    expect(remotes.points).toEqual({ version: '1.3.2', entry: '/remotes/points/1.3.2/mf-manifest.json' });
    expect(choices.points).toMatchObject({ version: '1.3.2', reason: 'override', stableVersion: '1.4.0' });
  });

  it('cannot derive another version from an entry that is not a release folder (a development server)', () => {
    expect(releaseEntry('points', { version: '1.4.0', entry: 'http://localhost:3005/mf-manifest.json' }, '1.5.0')).toBeNull();
    expect(releaseEntry('points', { version: '1.4.0', entry: 'https://cdn.test/remotes/points/1.4.0/mf-manifest.json' }, '1.5.0')).toBe(
      'https://cdn.test/remotes/points/1.5.0/mf-manifest.json',
    );
    const { choices } = resolveEffectiveRemotes(config({ entry: 'http://localhost:3005/mf-manifest.json' }), null, [
      { remote: 'points', version: '1.5.0', createdAt: '' },
    ]);
    expect(choices.points?.reason).toBe('stable');
  });

  it('tells two pages apart only by the versions they run', () => {
    const pins = config({ canary: canary({ percent: 0, admins: [3] }) });
    const a = resolveEffectiveRemotes(pins, { id: 3, roles: [] }).choices;
    const b = resolveEffectiveRemotes(pins, { id: 4, roles: [] }).choices;
    expect(choicesDiffer(a, b)).toBe(true);
    expect(choicesDiffer(a, resolveEffectiveRemotes(pins, { id: 3, roles: ['owner'] }).choices)).toBe(false);
  });
});

describe('resolving for a session', () => {
  beforeEach(forgetSessionReleases);

  it("asks for the admin's identity (and overrides only where allowed) with the session's token", async () => {
    const backend = fakeBackend({
      'POST /users/info': () => ({ body: { data: { userInfo: { id: 3, email: 'qa@example.com', role: 2, roles: ['content'] } } } }),
      'GET /releases/overrides': () => ({ body: [{ remote: 'battle', version: '1.9.0', createdAt: '2026-12-07T05:00:00.000Z' }] }),
    });
    const pins = config({ canary: canary({ percent: 0, admins: [3] }) });
    const closed = await resolveForSession(pins, 'tok-qa', { fetchImpl: backend.fetch });
    expect(closed.choices.points?.reason).toBe('canary-admin');
    expect(closed.choices.battle?.reason).toBe('stable');
    expect(backend.callsTo('GET', '/releases/overrides')).toHaveLength(0);
    expect(backend.callsTo('POST', '/users/info')[0]?.headers.get('token')).toBe('tok-qa');

    forgetSessionReleases();
    const open = await resolveForSession({ ...pins, qaOverrides: { allowed: true, roles: ['content'] } }, 'tok-qa', {
      fetchImpl: backend.fetch,
    });
    expect(open.choices.battle).toMatchObject({ version: '1.9.0', reason: 'override' });
    expect(open.remotes.battle?.entry).toBe('/remotes/battle/1.9.0/mf-manifest.json');
  });

  it('asks nothing without a canary or overrides, or signed out; and an unreachable BFF leaves the admin on stable', async () => {
    const backend = fakeBackend({});
    await resolveForSession(config(), 'tok', { fetchImpl: backend.fetch });
    await resolveForSession(config({ canary: canary({ percent: 100 }) }), null, { fetchImpl: backend.fetch });
    expect(backend.calls).toHaveLength(0);
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const { choices } = await resolveForSession(config({ canary: canary({ percent: 100 }) }), 'tok', { fetchImpl: down });
    expect(choices.points?.reason).toBe('stable');
  });
});
