import { Suspense, lazy, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { RemotePagesModule } from './pageModule';

// The federation runtime stands in for a remote: each test sets the `./pages` module it returns.
let pagesModule: RemotePagesModule;
const loadRemote = jest.fn(async () => () => pagesModule);
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => (loadRemote as (...a: unknown[]) => unknown)(...args),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

// Fresh module state (caches of loaded remotes and preloads) for every test.
function freshModules() {
  let mods!: { prepare: typeof import('./preparePage'); remotes: typeof import('./remotes'); config: typeof import('./config') };
  jest.isolateModules(() => {
    mods = { prepare: require('./preparePage'), remotes: require('./remotes'), config: require('./config') };
  });
  mods.config.setConfiguredRemoteEntries({
    system: { version: '1.0.0', entry: 'http://remotes.test/system/remoteEntry.js' },
  } as never);
  return mods;
}

/** A lazy page whose import resolves when the test says so, counting how often it was started. */
function controlledLazy(name: string) {
  let resolve!: (m: { default: ComponentType }) => void;
  const started = jest.fn();
  const component = lazy(() => {
    started();
    return new Promise<{ default: ComponentType }>((r) => {
      resolve = r;
    });
  });
  return { component, started, finish: () => resolve({ default: () => <h1>{name}</h1> }) };
}

/** A few macrotasks: the remote's pages module is evaluated in a task after the runtime's answer (remotes.ts). */
async function tasks(count = 3): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((r) => setTimeout(r, 0));
}

// The first test also pays for compiling the shell under a busy machine.
jest.setTimeout(30_000);

beforeEach(() => {
  loadRemote.mockClear();
  global.fetch = jest.fn(async () => new Response('{}', { status: 404 })) as typeof fetch;
});

test('preloading a page loads that page’s code, not its neighbours’', async () => {
  const logs = controlledLazy('Action logs');
  const flags = controlledLazy('Active flags');
  pagesModule = { default: { logs: logs.component, activeFlag: flags.component } };
  const { prepare } = freshModules();

  const done = prepare.preloadRemotePage('system', 'logs');
  await act(async () => {
    await Promise.resolve();
  });
  await tasks();
  expect(loadRemote).toHaveBeenCalledWith('system/pages', { loadFactory: false, from: 'runtime' });
  expect(logs.started).toHaveBeenCalledTimes(1);
  expect(flags.started).not.toHaveBeenCalled();
  logs.finish();
  await done;
  // A second hover is free: nothing is fetched again.
  await prepare.preloadRemotePage('system', 'logs');
  expect(loadRemote).toHaveBeenCalledTimes(1);
  expect(logs.started).toHaveBeenCalledTimes(1);
});

test('a prepared page renders at once: no Suspense fallback is ever shown', async () => {
  const logs = controlledLazy('Action logs');
  pagesModule = { default: { logs: logs.component } };
  const { prepare } = freshModules();
  const ready = prepare.preparePage('system', 'logs');
  await tasks();
  logs.finish();
  await ready;

  const Page = pagesModule.default.logs;
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>,
  );
  // Synchronously there: the fallback never rendered.
  expect(screen.getByRole('heading', { name: 'Action logs' })).toBeInTheDocument();
  expect(screen.queryByText('Loading…')).toBeNull();
});

test('a navigation calls the page’s prefetch once, with the URL’s search params, before its code is in', async () => {
  const logs = controlledLazy('Action logs');
  const prefetch = jest.fn();
  pagesModule = { default: { logs: logs.component }, prefetch: { logs: prefetch, activeFlag: jest.fn() } };
  const { prepare } = freshModules();
  const queryClient = new QueryClient();

  const navigation = prepare.prepareForNavigation(
    'system',
    'logs',
    new Request('http://console.test/admin/logs?page=3&sort=action'),
    queryClient,
  );
  await tasks();
  expect(prefetch).toHaveBeenCalledTimes(1); // data request started while the page chunk still loads
  expect(logs.started).toHaveBeenCalledTimes(1);
  const [client, params] = prefetch.mock.calls[0];
  expect(client).toBe(queryClient);
  expect((params as URLSearchParams).get('page')).toBe('3');
  expect((params as URLSearchParams).get('sort')).toBe('action');
  expect(pagesModule.prefetch!.activeFlag).not.toHaveBeenCalled();
  logs.finish();
  await expect(navigation).resolves.toBeNull();
  expect(prefetch).toHaveBeenCalledTimes(1);
});

test('without a module prefetcher, a navigation uses the page’s own (resourcePages gives list pages one)', async () => {
  const logs = controlledLazy('Action logs');
  const prefetch = jest.fn();
  pagesModule = { default: { logs: Object.assign(logs.component, { prefetch }) } };
  const { prepare } = freshModules();
  const navigation = prepare.prepareForNavigation('system', 'logs', new Request('http://console.test/admin/logs?admin=ana'));
  await tasks();
  expect(prefetch).toHaveBeenCalledTimes(1);
  expect((prefetch.mock.calls[0][1] as URLSearchParams).get('admin')).toBe('ana');
  logs.finish();
  await expect(navigation).resolves.toBeNull();
});

test('hover and idle preloads fetch code only, never data', async () => {
  const logs = controlledLazy('Action logs');
  const prefetch = jest.fn();
  pagesModule = { default: { logs: logs.component }, prefetch: { logs: prefetch } };
  const { prepare } = freshModules();
  const done = prepare.preloadRemotePage('system', 'logs');
  await tasks();
  logs.finish();
  await done;
  expect(prefetch).not.toHaveBeenCalled();
});

test('a remote that cannot load resolves the preparation (the page shows its own error), and is retried later', async () => {
  loadRemote.mockRejectedValueOnce(new Error('remote down'));
  pagesModule = { default: {} };
  const { prepare } = freshModules();
  await expect(prepare.preloadRemotePage('system', 'logs')).resolves.toBeUndefined();
  await tasks();
  await prepare.preloadRemotePage('system', 'logs');
  expect(loadRemote).toHaveBeenCalledTimes(2);
});

test('build-info.json and the manifest are fetched in parallel, before any remote code runs', async () => {
  pagesModule = { default: {} };
  const { remotes, config } = freshModules();
  config.setConfiguredRemoteEntries({ system: { version: '1.0.0', entry: 'http://remotes.test/system/mf-manifest.json' } } as never);
  const started: string[] = [];
  const pending: ((r: Response) => void)[] = [];
  global.fetch = jest.fn((url: RequestInfo | URL) => {
    started.push(String(url));
    return new Promise<Response>((r) => pending.push(r));
  }) as typeof fetch;
  const loading = remotes.loadRemotePagesModule('system');
  await tasks();
  expect(started.sort()).toEqual(['http://remotes.test/system/build-info.json', 'http://remotes.test/system/mf-manifest.json']);
  expect(loadRemote).not.toHaveBeenCalled();
  for (const resolve of pending) resolve(new Response('{}', { status: 404 }));
  await loading;
  expect(loadRemote).toHaveBeenCalledTimes(1);
});

test('a page that wraps its lazy code is prepared through its preload()', async () => {
  const inner = controlledLazy('Action logs');
  const Wrapped = Object.assign(
    function WrappedPage() {
      return <inner.component />;
    },
    { preload: jest.fn(() => loadPageCodeOf(inner.component)) },
  );
  pagesModule = { default: { logs: Wrapped } };
  const { prepare } = freshModules();
  loadPageCodeOf = prepare.loadPageCode;
  const ready = prepare.preparePage('system', 'logs');
  await tasks();
  expect(Wrapped.preload).toHaveBeenCalledTimes(1);
  inner.finish();
  await ready;
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Wrapped />
    </Suspense>,
  );
  expect(screen.getByRole('heading', { name: 'Action logs' })).toBeInTheDocument();
});

let loadPageCodeOf: (component: unknown) => Promise<void> = async () => undefined;
