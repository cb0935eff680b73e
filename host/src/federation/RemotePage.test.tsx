import { act, render, screen } from '@testing-library/react';
import { createContext, useContext } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { RemoteName } from '@phoenix/contract';
import type { RemotePages } from '@phoenix/shell';
import { themeFor } from '@phoenix/ui';
import { RemotePage } from './RemotePage';
import { RemoteIntegrityError } from './integrity';
import { loadRemotePages, reportRelease } from './remotes';
import type { ReleaseReporter } from './reports';

// loadedRemotePages: nothing loaded beforehand (no route loader here), so each remote loads on render.
jest.mock('./remotes', () => ({
  loadRemotePages: jest.fn(),
  loadedRemotePages: jest.fn(() => undefined),
  resetRemote: jest.fn(),
  integrityRefusal: jest.fn(async () => null),
  reportRelease: jest.fn(),
}));
const load = loadRemotePages as jest.MockedFunction<typeof loadRemotePages>;
const report = reportRelease as jest.MockedFunction<typeof reportRelease>;

// A data router, as in the console (RemotePageLoading reads the route's handle), whose one route
// renders the page given by view(): a rerender keeps the same RemotePage mounted, as the router does.
const Shown = createContext<{ remote: RemoteName; page: string }>({ remote: 'system', page: '' });
function ShownPage() {
  const { remote, page } = useContext(Shown);
  return <RemotePage remote={remote} page={page} />;
}
let router: ReturnType<typeof createMemoryRouter>;
beforeEach(() => {
  router = createMemoryRouter([{ path: '*', element: <ShownPage /> }], { initialEntries: ['/admin/elsewhere'] });
});

const view = (remote: RemoteName, page: string) => (
  <Shown.Provider value={{ remote, page }}>
    <ThemeProvider theme={themeFor('local')}>
      <main>
        <RouterProvider router={router} />
      </main>
    </ThemeProvider>
  </Shown.Provider>
);

// The router reuses RemotePage from one admin page to the next: moving to another remote must show
// "Loading…" until that remote answers, never a stale "could not be loaded" from the previous one.
test('moving to another remote never flashes an error panel while it loads', async () => {
  const systemPages = { 'constant-variable': () => <h1>Constant variables</h1> } as unknown as RemotePages;
  let resolveBattle: (pages: RemotePages) => void = () => {};
  load.mockImplementation((remote) =>
    remote === 'system' ? Promise.resolve(systemPages) : new Promise<RemotePages>((resolve) => (resolveBattle = resolve)),
  );
  const { rerender } = render(view('system', 'constant-variable'));
  expect(await screen.findByRole('heading', { name: 'Constant variables' })).toBeTruthy();

  // act() flushes effects before returning, so watch every DOM state the commit goes through.
  const observer = new MutationObserver(() => {});
  observer.observe(document.body, { subtree: true, childList: true });
  rerender(view('battle', 'battle-management'));
  const added = observer.takeRecords().flatMap((record) => [...record.addedNodes].map((node) => node.textContent ?? ''));
  observer.disconnect();
  expect(added.filter((text) => text.includes('could not be loaded'))).toEqual([]);
  expect(screen.getByRole('status').textContent).toBe('Loading…');

  await act(async () => resolveBattle({ 'battle-management': () => <h1>Battle management</h1> } as unknown as RemotePages));
  expect(await screen.findByRole('heading', { name: 'Battle management' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
});

// Bytes that are not the pinned release get their own panel: "unavailable, retry" would hide a tampered server.
test('a remote refused for its bytes says that its files do not match the pinned release', async () => {
  load.mockRejectedValue(new RemoteIntegrityError('battle', 'http://static.example/remoteEntry.js', 'sha384-pinned', 'sha384-served'));
  render(view('battle', 'battle-management'));
  const panel = await screen.findByRole('alert', { name: "This module's files do not match its release" });
  expect(panel.textContent).toContain('are not the release this environment pins');
  expect(panel.textContent).toContain('sha384-served');
  expect(screen.queryByText('This page could not be loaded')).toBeNull();
});

// The release reporter counts a page's render error against the remote version this page runs.
test("a remote page's render error is reported as the remote's render error, inside its panel", async () => {
  const failure = new Error('x is undefined');
  const Broken = () => {
    throw failure;
  };
  load.mockResolvedValue({ 'battle-management': Broken } as unknown as RemotePages);
  jest.spyOn(console, 'error').mockImplementation(() => {});
  render(view('battle', 'battle-management'));
  expect(await screen.findByRole('alert')).toHaveTextContent('x is undefined');
  expect(report).toHaveBeenCalled();
  const reporter = { error: jest.fn() };
  for (const [use] of report.mock.calls) use(reporter as unknown as ReleaseReporter);
  expect(reporter.error).toHaveBeenCalledWith('render-error', 'battle', failure);
});
