import { defaultHandlers, renderApp, setWidth, storeSession } from '../testing/renderApp';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { environmentLabel, isSidebarMinimizedAtom } from '@phoenix/shell';
import { menuLinks } from './menu';
import { adminTable } from '../routes/routeTable';

jest.mock('../federation/RemotePage', () => require('../testing/RemotePageMock'));

let cleanupFetch: (() => void) | undefined;
beforeEach(() => {
  window.localStorage.clear();
  storeSession();
});
afterEach(() => {
  cleanupFetch?.();
  setWidth(1280);
});

async function start(path = '/admin', options: Parameters<typeof renderApp>[1] = {}) {
  const app = await renderApp(path, options);
  cleanupFetch = app.restoreFetch;
  await screen.findByRole('navigation', { name: 'Main' });
  return app;
}

function resizeTo(width: number) {
  act(() => {
    setWidth(width);
    window.dispatchEvent(new Event('resize'));
  });
}

const sidebar = () => screen.getByRole('navigation', { name: 'Main' });
const toggle = () => screen.getByRole('button', { name: /^(Minimize|Expand) sidebar$/ });

describe('landmarks and navbar', () => {
  it('has header, nav and main, the title, the environment label and a named logout', async () => {
    await start('/admin', { apiBase: 'http://localhost:8787' });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Phoenix Admin')).toBeInTheDocument();
    expect(within(header).getByText('LOCAL')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
  });

  it('the brand "Phoenix Admin" is a link home: from another page it opens the dashboard', async () => {
    await start('/admin/about');
    const brand = screen.getByRole('link', { name: 'Phoenix Admin' });
    expect(brand).toHaveAttribute('href', '/admin');
    await userEvent.click(brand);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['http://localhost:3000', 'LOCAL'],
    ['https://stg-bff.example.com', 'STG'],
    ['https://beta-dev.api.example.com', 'BETA-DEV'],
    ['https://api.example.com', 'PRD'],
  ])('labels API base %s as %s', async (apiBase, label) => {
    expect(environmentLabel(apiBase)).toBe(label);
    await start('/admin', { apiBase });
    expect(within(screen.getByRole('banner')).getByText(label)).toBeInTheDocument();
  });
});

describe('navbar requests badge', () => {
  it('shows the pending change requests and links to the change requests page', async () => {
    await start('/admin', { handlers: defaultHandlers({ 'GET /change-requests/count': () => ({ body: { pending: 3, scheduled: 1 } }) }) });
    const link = await within(screen.getByRole('banner')).findByRole('link', { name: 'Requests: 3 pending change requests' });
    // The changeRequests area's page, wherever its remote declares it.
    expect(link).toHaveAttribute('href', `/admin/${adminTable().areas.get('changeRequests')!.path}`);
  });

  it('is absent when no request waits', async () => {
    await start('/admin');
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /Requests/ })).toBeNull();
  });
});

describe('sidebar', () => {
  it('at 1280px starts expanded; the navbar button minimizes and expands it', async () => {
    const { store } = await start();
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
    expect(toggle()).toHaveAccessibleName('Minimize sidebar');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: 'Close sidebar' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(toggle());
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
    expect(store.get(isSidebarMinimizedAtom)).toBe(true);
    expect(toggle()).toHaveAccessibleName('Expand sidebar');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    // minimized: links keep their full names (and a title) for icons-only display
    const link = within(sidebar()).getByRole('link', { name: 'Admin Management' });
    expect(link).toHaveAttribute('title', 'Admin Management');

    await user.click(toggle());
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
  });

  it('minimizes when the window shrinks to 768px or less, and expands again above', async () => {
    await start();
    resizeTo(700);
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
    expect(sidebar()).toHaveAttribute('data-viewport', 'narrow');
    resizeTo(1280);
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
    resizeTo(768);
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
  });

  it('a resize that stays narrow keeps the admin choice', async () => {
    await start('/admin', { width: 700 });
    await userEvent.setup().click(toggle());
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
    resizeTo(720);
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
  });

  it('at 700px starts minimized; expanded, its close button minimizes it', async () => {
    await start('/admin', { width: 700 });
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
    expect(sidebar()).not.toHaveAttribute('inert');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
    await user.click(within(sidebar()).getByRole('button', { name: 'Close sidebar' }));
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
  });

  it('on a narrow screen, following a link minimizes the sidebar', async () => {
    const { router } = await start('/admin', { width: 700 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    await user.click(within(sidebar()).getByRole('link', { name: 'Battle Management' }));
    expect(router.state.location.pathname).toBe('/admin/battle');
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
  });

  it('at 600px minimized (width 0), it is out of the way: inert, so not focusable nor in the accessibility tree', async () => {
    await start('/admin', { width: 600 });
    const nav = sidebar();
    expect(nav).toHaveAttribute('data-viewport', 'tiny');
    expect(nav).toHaveAttribute('data-minimized', 'true');
    expect(nav).toHaveAttribute('inert');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar()).not.toHaveAttribute('inert');
    expect(within(sidebar()).getByRole('button', { name: 'Close sidebar' })).toBeInTheDocument();
  });

  it('lists the menu in order, Points Management as a group of ten (the seed’s nine and the Economy Report)', async () => {
    await start();
    const nav = sidebar();
    const group = within(nav).getByRole('button', { name: 'Points Management' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent?.replace(/^\S{1,2}(?=[A-Z])/, ''));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin', ...menuLinks(adminTable().menu).map((l) => `/admin/${l.target}`)]);
    // The dashboard first (the host's page), then the seed's menu.
    expect(names[0]).toBe('Dashboard');
    expect(names).toHaveLength(menuLinks(adminTable().menu).length + 1);
    for (const link of menuLinks(adminTable().menu)) {
      expect(within(nav).getByRole('link', { name: link.label.en })).toHaveAttribute('href', `/admin/${link.target}`);
    }
    const points = adminTable().menu.find((e) => e.kind === 'group');
    // The seed's nine, then the Economy Report (a page the seed lacks, at the end of its group).
    expect(points?.kind === 'group' && points.children.map((c) => c.target).slice(-2)).toEqual(['points/maintenance', 'points/economy']);
    expect(points?.kind === 'group' && points.children).toHaveLength(10);
  });

  it('leads back to the dashboard from any page, marked as current on the dashboard', async () => {
    await start('/admin/points-lootbox');
    const link = within(sidebar()).getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('href', '/admin');
    expect(link).not.toHaveAttribute('aria-current');
    await userEvent.setup().click(link);
    expect(await within(sidebar()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks the current page, and opens the group holding it', async () => {
    await start('/admin/points-lootbox');
    const nav = sidebar();
    expect(within(nav).getByRole('button', { name: 'Points Management' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'LootBox Configuration' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  });

  it('marks only the most specific entry (Present 配布, not Present Management)', async () => {
    await start('/admin/present/distribution');
    const nav = sidebar();
    expect(within(nav).getByRole('link', { name: 'Present 配布' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Present Management' })).not.toHaveAttribute('aria-current');
  });

  it('marks the parent entry on a sub-page (policies/edit → Policy Management)', async () => {
    await start('/admin/policies/edit?id=3');
    expect(within(sidebar()).getByRole('link', { name: 'Policy Management' })).toHaveAttribute('aria-current', 'page');
  });
});
