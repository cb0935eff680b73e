import '@phoenix/shell/src/auth/testing';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { declaredManifests } from '../testing/declaredRoutes';
import { composeAdminTable } from './composeRoutes';
import { adminChildRoutes, setAdminTable } from './routeTable';

jest.mock('../federation/RemotePage', () => ({ RemotePage: () => null }));

function renderPendingPage(url = '/admin/logs') {
  const pending = new Promise<null>(() => undefined);
  const routes = adminChildRoutes().map((route) => ('loader' in route && route.loader ? { ...route, loader: () => pending } : route));
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <div>
            <nav aria-label="Main" />
            <Outlet />
          </div>
        ),
        children: routes,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

// A console opened on a remote page paints its layout at once: the page's route has a
// HydrateFallback, so the first render does not wait for its loader (which loads the remote).
test('on the first load, the layout renders with a loading status while the page’s loader runs', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  renderPendingPage();
  expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/);
  warn.mockRestore();
});

test('the loading status is in the console’s language', async () => {
  await act(() => i18next.changeLanguage('ja'));
  try {
    renderPendingPage();
    expect(await screen.findByRole('status')).toHaveTextContent('読み込み中…');
  } finally {
    await act(() => i18next.changeLanguage('en'));
  }
});

describe('with the remotes’ routes.json', () => {
  beforeAll(() => setAdminTable(composeAdminTable(declaredManifests())));
  afterAll(() => setAdminTable(composeAdminTable({})));

  // The page's h1 and sentence come with its manifest: painted with the layout, before the remote loads.
  test('a list page’s heading and sentence are painted while its remote loads, in the console’s language', async () => {
    renderPendingPage('/admin/constantVariables?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Constant variables' })).toBeInTheDocument();
    expect(screen.getByText('Typed values the game servers read at run time.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    await act(() => i18next.changeLanguage('ja'));
    try {
      expect(await screen.findByRole('heading', { level: 1, name: '定数' })).toBeInTheDocument();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  test('a form or a record opened on that path shows no list heading meanwhile', async () => {
    renderPendingPage('/admin/information?create=1');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
