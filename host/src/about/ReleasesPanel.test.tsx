import { fakeBackend, authHandlers, type FakeHandler } from '@phoenix/shell/src/auth/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { QueryClient } from '@tanstack/react-query';
import type { ReleasesStatus, RuntimeConfig } from '@phoenix/contract';
import { ShellOverlays, ShellProviders, runtimeConfigAtom, tokenAtom } from '@phoenix/shell';
import { themeFor } from '@phoenix/ui';
import { fullLoad, setConfiguredRemoteEntries, setRemoteChoices } from '../federation/config';
import { hostBuild } from '../testing/buildInfo';
import { ReleasesPanel } from './ReleasesPanel';

const API = 'http://api.test';
const pins = {
  points: {
    version: '1.4.0',
    entry: '/remotes/points/1.4.0/mf-manifest.json',
    canary: {
      version: '1.5.0',
      entry: '/remotes/points/1.5.0/mf-manifest.json',
      audience: { percent: 50, admins: [], roles: [] },
      rollback: { minSessions: 10, maxErrorRateIncrease: 0.05 },
      startedAt: '2026-12-07T05:00:00.000Z',
    },
  },
  battle: { version: '2.0.0', entry: '/remotes/battle/2.0.0/mf-manifest.json' },
} as unknown as RuntimeConfig['remotes'];

const config = (extra: Partial<RuntimeConfig> = {}): RuntimeConfig => ({
  environment: 'stg',
  apiBase: API,
  pointsApiBase: 'http://points.test',
  chainRpcUrl: 'http://rpc.test',
  stakingContractAddress: `0x${'a'.repeat(40)}`,
  remotes: pins,
  ...extra,
});

const status = (extra: Partial<ReleasesStatus> = {}): ReleasesStatus => ({
  pinsManaged: true,
  environment: 'stg',
  qaOverrides: { allowed: false, roles: [] },
  remotes: [
    {
      remote: 'points',
      stable: { version: '1.4.0' },
      canary: { ...pins.points.canary!, audience: { percent: 50, admins: [], roles: [] } },
      versions: [
        {
          version: '1.5.0',
          sessions: 4,
          erroredSessions: 3,
          errors: 7,
          errorRate: 0.75,
          lastError: {
            kind: 'render-error',
            message: 'TypeError: x is undefined',
            page: '/admin/point-accounts',
            at: '2026-12-07T05:10:00.000Z',
          },
        },
        { version: '1.4.0', sessions: 5, erroredSessions: 0, errors: 0, errorRate: 0, lastError: null },
      ],
      history: [{ at: '2026-12-07T05:00:00.000Z', action: 'canary', target: 'points', from: '1.4.0', to: '1.5.0', by: 'lead@example.com' }],
    },
    { remote: 'battle', stable: { version: '2.0.0' }, canary: null, versions: [], history: [] },
  ],
  ...extra,
});

function renderPanel({
  roles = ['owner'],
  handlers = {},
  runtime = config(),
  check,
}: {
  roles?: string[];
  handlers?: Record<string, FakeHandler>;
  runtime?: RuntimeConfig;
  check?: Parameters<typeof ReleasesPanel>[0] extends infer P ? (P extends { check?: infer C } ? C : never) : never;
} = {}) {
  const backend = fakeBackend(
    authHandlers({
      'POST /users/info': () => ({ body: { data: { userInfo: { id: 1, email: 'admin@example.com', role: 2, roles } } } }),
      'GET /releases': () => ({ body: status() }),
      'GET /change-requests/settings': () => ({ body: { mode: 'off', operations: [] } }),
      ...handlers,
    }),
  );
  const restore = backend.install();
  const store = createStore();
  store.set(runtimeConfigAtom, runtime);
  store.set(tokenAtom, 'tok-admin');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ShellProviders store={store} queryClient={queryClient} theme={themeFor('stg')}>
      <ReleasesPanel check={check} />
      <ShellOverlays />
    </ShellProviders>,
  );
  return { backend, restore };
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  jest.restoreAllMocks();
});

describe('the versions page: releases', () => {
  beforeEach(() => {
    setConfiguredRemoteEntries(pins);
    setRemoteChoices({
      points: { remote: 'points', version: '1.5.0', reason: 'canary-percent', stableVersion: '1.4.0', canaryVersion: '1.5.0' },
    });
  });

  it('says which version this admin runs and why, with the figures per version and the pin history', async () => {
    ({ restore } = renderPanel());
    const points = await screen.findByRole('region', { name: 'points' });
    expect(points).toHaveTextContent('Stable1.4.0');
    expect(points).toHaveTextContent('Canary1.5.0: 50% of admins');
    expect(within(points).getByText("You run 1.5.0: in the canary's 50% of admins")).toBeInTheDocument();
    expect(points).toHaveTextContent("more than 5 points above stable's, once it has 10 sessions");
    const figures = await within(points).findByRole('table', { name: 'points: sessions and errors per version' });
    const canaryRow = within(figures).getByRole('row', { name: /^1\.5\.0/ });
    expect(canaryRow).toHaveTextContent('1.5.047375%render error on /admin/point-accounts');
    expect(canaryRow).toHaveTextContent('TypeError: x is undefined');
    expect(within(figures).getByRole('row', { name: /^1\.4\.0/ })).toHaveTextContent('1.4.05000%none');
    expect(within(points).getByRole('region', { name: 'points: pin history' })).toHaveTextContent(
      'canary started 1.4.0 → 1.5.0 · by lead@example.com',
    );
    const battle = screen.getByRole('region', { name: 'battle' });
    expect(battle).toHaveTextContent('no canary');
    expect(within(battle).getByText('You run 2.0.0: stable')).toBeInTheDocument();
    expect(within(battle).queryByRole('button')).toBeNull();
  });

  it('shows the rollback reason of an automatic abort', async () => {
    const reason = 'points 1.5.0: 3 of 4 sessions with errors (75%) against 0 of 5 (0%) on 1.4.0; limit +5 points, at least 2 sessions';
    const aborted = status();
    aborted.remotes[0] = {
      ...aborted.remotes[0]!,
      canary: null,
      history: [
        ...aborted.remotes[0]!.history,
        {
          at: '2026-12-07T05:11:00.000Z',
          action: 'auto-abort',
          target: 'points',
          from: '1.5.0',
          to: '1.4.0',
          by: 'automatic rollback',
          reason,
        },
      ],
    };
    ({ restore } = renderPanel({ handlers: { 'GET /releases': () => ({ body: aborted }) } }));
    const history = await screen.findByRole('region', { name: 'points: pin history' });
    const [newest] = within(history).getAllByRole('listitem');
    expect(newest).toHaveTextContent(`aborted automatically 1.5.0 → 1.4.0 · by automatic rollback · reason: ${reason}`);
  });

  it('promotes after a confirm that says what changes, and only for an admin who may write operations', async () => {
    const user = userEvent.setup();
    const promoted: unknown[] = [];
    ({ restore } = renderPanel({
      handlers: { 'POST /releases/points/promote': ({ body }) => (promoted.push(body), { body: { ok: true } }) },
    }));
    const points = await screen.findByRole('region', { name: 'points' });
    await user.click(await within(points).findByRole('button', { name: 'Promote points 1.5.0' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Promote points 1.5.0 to stable?' });
    expect(dialog).toHaveTextContent(
      'Every admin will load points 1.5.0 (now 50% of admins) at their next navigation; 1.4.0 is no longer served.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(promoted).toHaveLength(0);

    await user.click(within(points).getByRole('button', { name: 'Abort points 1.5.0' }));
    const abort = await screen.findByRole('alertdialog', { name: 'Abort the points 1.5.0 canary?' });
    expect(abort).toHaveTextContent('Every admin will load points 1.4.0 again at their next navigation (now 50% of admins run 1.5.0).');
    await user.click(within(abort).getByRole('button', { name: 'Cancel' }));

    await user.click(within(points).getByRole('button', { name: 'Promote points 1.5.0' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Promote' }));
    expect(await within(points).findByText('points 1.5.0 is now stable for every admin.')).toBeInTheDocument();
    expect(promoted).toEqual([{ canaryVersion: '1.5.0' }]);
  });

  it('offers no promote or abort to a read-only role, nor where the BFF does not manage the pins', async () => {
    ({ restore } = renderPanel({ roles: ['support'] }));
    const points = await screen.findByRole('region', { name: 'points' });
    await within(points).findByRole('table');
    expect(within(points).queryByRole('button', { name: /Promote|Abort/ })).toBeNull();
    restore();
    document.body.innerHTML = '';
    ({ restore } = renderPanel({ handlers: { 'GET /releases': () => ({ body: status({ pinsManaged: false }) }) } }));
    expect(await screen.findByText(/does not manage the pins here/)).toBeInTheDocument();
    const again = screen.getByRole('region', { name: 'points' });
    await within(again).findByRole('table');
    expect(within(again).queryByRole('button', { name: /Promote|Abort/ })).toBeNull();
  });

  it('still says what this admin runs when the releases cannot be read', async () => {
    ({ restore } = renderPanel({
      handlers: { 'GET /releases': () => ({ status: 503, body: { error: { code: 'internal_error', message: 'down' } } }) },
    }));
    expect(await screen.findByText(/The releases could not be read/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'points' })).getByText("You run 1.5.0: in the canary's 50% of admins"),
    ).toBeInTheDocument();
  });
});

describe('the QA override form', () => {
  const allowed = (roles: string[] = ['owner']) => ({
    'GET /releases': () => ({ body: status({ qaOverrides: { allowed: true, roles: roles as ReleasesStatus['qaOverrides']['roles'] } }) }),
  });
  const buildInfo = (version: string, shellContract = '^1.0.0') => ({
    name: 'points',
    version,
    shellContract,
    singletons: { react: '19.3.1' },
  });
  const releases: Record<string, unknown> = {
    '/remotes/points/1.3.0/build-info.json': buildInfo('1.3.0'),
    '/remotes/points/2.0.0/build-info.json': buildInfo('2.0.0', '^9.0.0'),
  };
  const releaseFetch = (async (url: string) => {
    const body = releases[new URL(url).pathname];
    return new Response(body ? JSON.stringify(body) : 'Not found', { status: body ? 200 : 404 });
  }) as unknown as typeof fetch;
  const check = { fetchImpl: releaseFetch, host: hostBuild() };

  beforeEach(() => {
    setConfiguredRemoteEntries(pins);
    setRemoteChoices({});
  });

  async function ask(version: string) {
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'QA override' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Remote' }), 'points');
    const field = within(form).getByRole('textbox', { name: /Version/ });
    await user.clear(field);
    await user.type(field, version);
    await user.click(within(form).getByRole('button', { name: 'Load in this browser' }));
    return form;
  }

  it('refuses a version never released, one this console cannot run, and one that is no version, saying why', async () => {
    ({ restore } = renderPanel({ handlers: allowed(), check }));
    const form = await ask('9.9.9');
    expect(await within(form).findByText('points 9.9.9 was never released')).toBeInTheDocument();
    await ask('2.0.0');
    expect(
      await within(form).findByText(/points 2\.0\.0 cannot run in this console: it needs shell contract \^9\.0\.0/),
    ).toBeInTheDocument();
    await ask('latest');
    expect(await within(form).findByText('latest is not a released version (such as 1.5.0)')).toBeInTheDocument();
  });

  it('records a released, compatible version for this session and loads the page again with it', async () => {
    const load = jest.spyOn(fullLoad, 'to').mockImplementation(() => {});
    const posted: unknown[] = [];
    ({ restore } = renderPanel({
      handlers: {
        ...allowed(),
        'POST /releases/overrides': ({ body }) => (posted.push(body), { status: 201, body: { ...(body as object), createdAt: '' } }),
      },
      check,
    }));
    await ask('1.3.0');
    await screen.findByRole('form');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posted).toEqual([{ remote: 'points', version: '1.3.0' }]);
    expect(load).toHaveBeenCalled();
  });

  it("says the BFF's refusal, and shows no form to a role that may not override", async () => {
    ({ restore } = renderPanel({
      handlers: {
        ...allowed(),
        'POST /releases/overrides': () => ({
          status: 403,
          body: { error: { code: 'qa_overrides_not_allowed', message: 'QA overrides are not allowed in this environment' } },
        }),
      },
      check,
    }));
    const form = await ask('1.3.0');
    expect(await within(form).findByRole('alert')).toHaveTextContent('Override refused');
    restore();
    document.body.innerHTML = '';
    ({ restore } = renderPanel({ roles: ['support'], handlers: allowed(['content']), check }));
    expect(await screen.findByText('QA overrides are allowed here to content.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'QA override' })).toBeNull();
  });
});
