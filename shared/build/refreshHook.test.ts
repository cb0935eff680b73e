/**
 * A console page under `npm run dev`, in the order its scripts run: the host's refresh runtime,
 * refreshHook.cjs, react-dom registering with the devtools hook, then a remote's own refresh runtime.
 * React's renderer is a stand-in that records what a refresh asks of it.
 */
interface RefreshRuntime {
  injectIntoGlobalHook(global: typeof globalThis): void;
  register(type: unknown, id: string): void;
  performReactRefresh(): unknown;
}
interface DevtoolsHook {
  inject(renderer: unknown): number;
  onCommitFiberRoot(id: number, root: unknown): void;
}
type WithHook = typeof globalThis & { __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevtoolsHook };

/** A module evaluated afresh: each build in the page brings its own copy. */
function fresh<T>(id: string): T {
  let loaded: T | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<T>(id);
  });
  return loaded as T;
}

function editRemotePage({ withRefreshHook }: { withRefreshHook: boolean }) {
  const page = globalThis as WithHook;
  delete page.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  fresh<RefreshRuntime>('react-refresh/runtime').injectIntoGlobalHook(page);
  if (withRefreshHook) fresh('./refreshHook.cjs');
  const renderer = { scheduleRefresh: jest.fn(), setRefreshHandler: jest.fn() };
  const rendererId = page.__REACT_DEVTOOLS_GLOBAL_HOOK__!.inject(renderer);

  const remote = fresh<RefreshRuntime>('react-refresh/runtime');
  remote.injectIntoGlobalHook(page);
  // React commits the page's root once the remote's runtime is in.
  const element = { memoizedState: { element: {} } };
  page.__REACT_DEVTOOLS_GLOBAL_HOOK__!.onCommitFiberRoot(rendererId, { current: { ...element, alternate: element } });
  // The remote's page component, then the same component edited.
  remote.register(function PlayerRoute() {}, 'PlayerListPage.tsx PlayerRoute');
  remote.performReactRefresh();
  remote.register(function PlayerRoute() {}, 'PlayerListPage.tsx PlayerRoute');
  remote.performReactRefresh();
  return renderer;
}

afterEach(() => {
  delete (globalThis as WithHook).__REACT_DEVTOOLS_GLOBAL_HOOK__;
});

test("a remote's edited component is re-rendered in place", () => {
  const renderer = editRemotePage({ withRefreshHook: true });
  expect(renderer.setRefreshHandler).toHaveBeenCalled();
  expect(renderer.scheduleRefresh).toHaveBeenCalledTimes(1);
});

test('without refreshHook.cjs the remote runtime never finds React, so nothing re-renders (what it fixes)', () => {
  expect(editRemotePage({ withRefreshHook: false }).scheduleRefresh).not.toHaveBeenCalled();
});
