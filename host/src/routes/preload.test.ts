const preloadRemotePage = jest.fn(async () => undefined);
jest.mock('../federation/preparePage', () => ({
  preloadRemotePage: (...args: unknown[]) => (preloadRemotePage as (...a: unknown[]) => unknown)(...args),
}));
const loadRemotePagesModule = jest.fn(async () => ({ default: {} }));
const prefetchRemoteFiles = jest.fn(async () => undefined);
jest.mock('../federation/RemotePage', () => ({ RemotePage: () => null }));
jest.mock('../federation/remotes', () => ({
  loadRemotePagesModule: (...args: unknown[]) => (loadRemotePagesModule as (...a: unknown[]) => unknown)(...args),
  prefetchRemoteFiles: (...args: unknown[]) => (prefetchRemoteFiles as (...a: unknown[]) => unknown)(...args),
}));

import { trackNavigation } from './navigationActivity';
import { preloadAdminTarget, preloadRemotesWhenIdle, routeForTarget } from './preload';

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  preloadRemotePage.mockClear();
  loadRemotePagesModule.mockClear();
  prefetchRemoteFiles.mockClear();
});

afterEach(() => {
  // Idle time fetches files; no remote's code runs before one of its pages is opened.
  expect(loadRemotePagesModule).not.toHaveBeenCalled();
});

test('a sidebar target maps to the page it opens, following the points redirect', () => {
  expect(routeForTarget('logs')).toMatchObject({ remote: 'system', path: 'logs' });
  expect(routeForTarget('points')).toMatchObject({ remote: 'points', path: 'points/tasks' });
  expect(routeForTarget('nowhere')).toBeUndefined();
});

test('hovering a sidebar entry preloads exactly that remote page', async () => {
  preloadAdminTarget('present/distribution');
  await flush();
  expect(preloadRemotePage).toHaveBeenCalledTimes(1);
  expect(preloadRemotePage).toHaveBeenCalledWith('present', 'present/distribution');
  preloadAdminTarget('nowhere');
  await flush();
  expect(preloadRemotePage).toHaveBeenCalledTimes(1);
});

test('idle time fetches each configured remote once, one per idle period, and stops when cancelled', async () => {
  const callbacks: (() => void)[] = [];
  const win = window as unknown as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
  win.requestIdleCallback = (cb: () => void) => callbacks.push(cb);
  win.cancelIdleCallback = jest.fn();
  try {
    const cancel = preloadRemotesWhenIdle(['system', 'battle']);
    expect(prefetchRemoteFiles).not.toHaveBeenCalled(); // nothing before the browser is idle
    callbacks.shift()!(); // the console's own federation chunks first
    await flush();
    await flush();
    expect(prefetchRemoteFiles).not.toHaveBeenCalled();
    callbacks.shift()!();
    await flush();
    await flush();
    expect(prefetchRemoteFiles).toHaveBeenCalledTimes(1);
    callbacks.shift()!();
    await flush();
    await flush();
    expect(prefetchRemoteFiles.mock.calls.map((c) => (c as unknown[])[0]).sort()).toEqual(['battle', 'system']);
    cancel();
    expect(callbacks.length).toBeLessThanOrEqual(1);
    callbacks.shift()?.();
    await flush();
    expect(prefetchRemoteFiles).toHaveBeenCalledTimes(2);
  } finally {
    delete win.requestIdleCallback;
    delete win.cancelIdleCallback;
  }
});

test('idle time fetches nothing while a page is being opened, and goes on once it is in', async () => {
  const callbacks: (() => void)[] = [];
  const win = window as unknown as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
  win.requestIdleCallback = (cb: () => void) => callbacks.push(cb);
  win.cancelIdleCallback = jest.fn();
  let finishNavigation!: () => void;
  const navigation = trackNavigation(new Promise<void>((resolve) => (finishNavigation = resolve)));
  try {
    preloadRemotesWhenIdle(['system']);
    callbacks.shift()!(); // the console's own chunks
    await flush();
    await flush();
    callbacks.shift()!(); // idle, but a navigation is being prepared
    await flush();
    expect(prefetchRemoteFiles).not.toHaveBeenCalled();
    expect(callbacks).toHaveLength(0); // nothing scheduled until the navigation settles
    finishNavigation();
    await navigation;
    await flush();
    expect(prefetchRemoteFiles).not.toHaveBeenCalled(); // waits for the next idle period, after the render
    callbacks.shift()!();
    await flush();
    expect(prefetchRemoteFiles).toHaveBeenCalledWith('system');
  } finally {
    delete win.requestIdleCallback;
    delete win.cancelIdleCallback;
  }
});

test('idle time waits for the window load event, and no idle callback is forced by a timeout', async () => {
  const options: unknown[] = [];
  const callbacks: (() => void)[] = [];
  const win = window as unknown as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
  win.requestIdleCallback = (cb: () => void, opts?: unknown) => {
    options.push(opts);
    return callbacks.push(cb);
  };
  win.cancelIdleCallback = jest.fn();
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
  try {
    preloadRemotesWhenIdle(['system']);
    expect(callbacks).toHaveLength(0); // the first screen is still loading
    window.dispatchEvent(new Event('load'));
    expect(callbacks).toHaveLength(1);
    expect(options).toEqual([undefined]);
  } finally {
    delete (document as unknown as { readyState?: string }).readyState;
    delete win.requestIdleCallback;
    delete win.cancelIdleCallback;
  }
});
