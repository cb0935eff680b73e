import { API, defaultHandlers, renderApp, storeSession } from '../testing/renderApp';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage, linkTo } from '@phoenix/shell';
import type { SearchResponse } from '@phoenix/contract';
import type { RemoteManifests } from '../routes/composeRoutes';
import { adding, crudArea } from '../routes/manifestFixtures';
import { declaredManifests } from '../testing/declaredRoutes';
import { readRecent, rememberRecent, RECENT_MAX } from './recentItems';

const PLAYER_42: SearchResponse = {
  items: [
    {
      area: 'players',
      id: '42',
      label: 'Alice Moreau',
      detail: '#42 · 0x52908400098527886E0F7030069857D2E4169EE7',
      match: 'name',
    },
  ],
  unavailable: [],
};

let restore: (() => void) | undefined;
beforeEach(() => {
  window.localStorage.clear();
  storeSession();
});
afterEach(() => {
  restore?.();
  restore = undefined;
  changeLanguage('en');
});

/** A service's answer to GET /search?q=…: its hits, or a whole response (a refusal with its headers). */
type SearchAnswer = (q: string) => SearchResponse | Response;

/** The console with the BFF's GET /search answering `bff`; the points API's GET /search answers `points` (or fails). */
async function start(bff: SearchAnswer, points: SearchAnswer | 'down', manifests?: RemoteManifests, roles?: string[]) {
  const userInfo = roles && {
    'POST /users/info': () => ({ body: { data: { userInfo: { id: 1, email: 'admin@example.com', role: 2, roles } } } }),
  };
  const app = await renderApp('/admin', { handlers: defaultHandlers(userInfo), manifests });
  const bffFetch = globalThis.fetch;
  // The fake backend routes by path only and sends no headers of a test's choosing: both services' /search are answered here.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = url.origin === API ? bff : url.origin === 'http://points.test' ? points : null;
    if (!answer || url.pathname !== '/search') return bffFetch(input, init);
    if (answer === 'down') return new Response(JSON.stringify({ error: { code: 'internal', message: 'down' } }), { status: 503 });
    const reply = answer(url.searchParams.get('q') ?? '');
    return reply instanceof Response ? reply : new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  restore = () => {
    globalThis.fetch = bffFetch;
    app.restoreFetch();
  };
  await screen.findByRole('navigation', { name: 'Main' });
  return app;
}

const none = (): SearchResponse => ({ items: [], unavailable: [] });

/** What the servers answer past an admin's searches a minute (shared/server requestLimits.ts): 429, Retry-After, the API's error shape. */
const tooManySearches = (seconds: number) => () =>
  new Response(
    JSON.stringify({
      error: {
        code: 'too_many_requests',
        message: `Too many searches: at most 60 a minute. Try again in ${seconds} seconds.`,
        messageKey: 'too_many_searches_try_again_in_n_seconds',
        messageParams: { max: 60, seconds },
      },
    }),
    { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(seconds) } },
  );

describe('Find anything (Ctrl/Cmd+K)', () => {
  it('opens with Ctrl+K, finds a player by name with the keyboard alone, opens the player view, and gives focus back on Esc', async () => {
    const { router } = await start((q) => (q.toLowerCase().startsWith('alice') ? PLAYER_42 : none()), none);
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    const box = within(dialog).getByRole('combobox', { name: /Page, action, player/ });
    expect(box).toHaveFocus();
    await user.type(box, 'alice');
    const option = await within(dialog).findByRole('option', { name: /Alice Moreau/ });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/admin/user?id=42'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // ⌘K too; Esc closes and focus goes back to where it was.
    const opener = screen.getByRole('button', { name: /Find anything/ });
    act(() => opener.focus());
    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('pages by title in both languages, arrows move the active option, and the points API being down leaves the rest', async () => {
    const { router } = await start(none, 'down');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Find anything/ }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('combobox');
    // A Japanese title found from the English console: the option shows the English one.
    await user.type(box, 'ポリシー管理');
    const policies = await within(dialog).findByRole('option', { name: /Policy Management/ });
    expect(await within(dialog).findByText(/Some areas did not answer: points/)).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'polic');
    const options = await within(dialog).findAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}'); // wraps to the last
    const all = within(dialog).getAllByRole('option');
    expect(all[all.length - 1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/policies'));
    expect(policies).not.toBeInTheDocument();
  });

  it('finds an area a remote adds (its routes.json alone): in the sidebar, as a page, and its records, which open where the area says', async () => {
    const manifests = adding(declaredManifests(), 'battle', crudArea('potions', 'potions', 'Potions', 'Potion', 10_000));
    const potion: SearchResponse = { items: [{ area: 'potions', id: '3', label: 'Healing potion', match: 'name' }], unavailable: [] };
    const { router } = await start((q) => (q.startsWith('potion') ? potion : none()), none, manifests);
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: 'Potions' })).toHaveAttribute('href', '/admin/potions');
    expect([linkTo('potions', 'create'), linkTo('potions', 'record', 3)]).toEqual(['/admin/potions/create', '/admin/potions/edit?id=3']);

    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    await user.type(within(dialog).getByRole('combobox'), 'potion');
    expect(await within(dialog).findByRole('option', { name: /Page\s*Potions/ })).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('option', { name: /Potion\s*Healing potion/ }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/admin/potions/edit?id=3'));
  });

  it('leaves out a record of an area this console does not serve', async () => {
    const stray: SearchResponse = {
      items: [{ area: 'potions', id: '3', label: 'Healing potion', match: 'name' }, ...PLAYER_42.items],
      unavailable: [],
    };
    await start(() => stray, none);
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    await user.type(within(dialog).getByRole('combobox'), 'alice');
    expect(await within(dialog).findByRole('option', { name: /Player\s*Alice Moreau/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Healing potion/ })).toBeNull();
  });

  it('says the admin searched too often and when to try again (in both languages), keeping what was typed', async () => {
    await start(tooManySearches(12), tooManySearches(7));
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    const box = within(dialog).getByRole('combobox');
    await user.type(box, 'alice');
    // The longer wait of the two services; not "unavailable", not "nothing matches".
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Too many searches: try again in 12 s.'));
    expect(status).not.toHaveTextContent(/did not answer|Nothing matches/);
    expect(box).toHaveValue('alice');
    expect(box).toHaveFocus();
    act(() => changeLanguage('ja'));
    expect(status).toHaveTextContent('検索が多すぎます。12 秒後にもう一度お試しください。');
    expect(box).toHaveValue('alice');
  });

  it('keeps the pages and the other service’s hits when one service refuses, and says "in a minute" when the answer names no wait', async () => {
    await start(
      () => new Response(JSON.stringify({ error: { code: 'too_many_requests', message: 'Too Many Requests' } }), { status: 429 }),
      (q) => (q === 'polic' ? PLAYER_42 : none()),
    );
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    await user.type(within(dialog).getByRole('combobox'), 'polic');
    expect(await within(dialog).findByRole('option', { name: /Alice Moreau/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: /Policy Management/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(/results Too many searches: try again in a minute\.$/),
    );
  });

  it('speaks Japanese on the Japanese console, and says when nothing matches', async () => {
    await start(none, none);
    act(() => changeLanguage('ja'));
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'なんでも検索' });
    await user.type(within(dialog).getByRole('combobox'), 'Policy Management');
    expect(await within(dialog).findByRole('option', { name: /ポリシー管理/ })).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('combobox'));
    await user.type(within(dialog).getByRole('combobox'), 'zzzz');
    expect(await within(dialog).findByText('「zzzz」に一致するものはありません。')).toBeInTheDocument();
  });
});

describe('Find anything: actions and recent items', () => {
  const open = async () => {
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    return { user, dialog, box: within(dialog).getByRole('combobox') };
  };
  const where = (router: { state: { location: { pathname: string; search: string } } }) =>
    router.state.location.pathname + router.state.location.search;

  it('offers actions by their title in either language, opening their page or form with the keyboard', async () => {
    const { router } = await start(none, none);
    const { user, dialog, box } = await open();
    await user.type(box, 'new news');
    const action = await within(dialog).findByRole('option', { name: /Action\s*New news/ });
    // Only the action matches every word: it is the one option, active, and Enter opens the news form.
    expect(within(dialog).getAllByRole('option')).toEqual([action]);
    expect(action).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where(router)).toBe('/admin/information?create=1'));

    const again = await open();
    await again.user.type(again.box, 'ポイントを付与');
    await again.user.click(await within(again.dialog).findByRole('option', { name: /Grant points…/ }));
    await waitFor(() => expect(where(router)).toBe('/admin/points/users'));
    const third = await open();
    await third.user.type(third.box, 'ban');
    expect(await within(third.dialog).findByRole('option', { name: /Action\s*Ban player…/ })).toBeInTheDocument();
  });

  it('offers only the actions the admin’s roles allow', async () => {
    await start(none, none, undefined, ['content']);
    const { user, dialog, box } = await open();
    await user.type(box, 'new');
    expect(await within(dialog).findByRole('option', { name: /New news/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: /New world message/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: /Action\s*(New present|New policy|New points task)/ })).toBeNull();
    await user.clear(box);
    await user.type(box, 'ban');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Nothing matches "ban".'));
  });

  it('a viewer gets no action at all', async () => {
    await start(none, none, undefined, ['viewer']);
    const { user, dialog, box } = await open();
    await user.type(box, 'new news');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Nothing matches "new news".'));
  });

  it('remembers the records opened from it: shown when the field is empty, newest first, ids and labels only, per admin', async () => {
    const ledger: SearchResponse = {
      items: [
        {
          area: 'pointAccounts',
          id: '7',
          kind: 'ledgerEntry',
          label: '#5 · +40 (adjustment)',
          detail: 'player #7 · 2026-11-01',
          match: 'id',
        },
      ],
      unavailable: [],
    };
    const { router } = await start(
      (q) => (q.toLowerCase().startsWith('alice') ? PLAYER_42 : none()),
      (q) => (q === '5' ? ledger : none()),
    );
    let { user, dialog, box } = await open();
    // Nothing opened yet: the hint, no list.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Type a page name');
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
    await user.type(box, 'alice');
    await within(dialog).findByRole('option', { name: /Alice Moreau/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where(router)).toBe('/admin/user?id=42'));

    ({ user, dialog, box } = await open());
    await user.type(box, '5');
    // A ledger entry is named as such and opens its account.
    await user.click(await within(dialog).findByRole('option', { name: /Ledger entry\s*#5 · \+40/ }));
    await waitFor(() => expect(where(router)).toBe('/admin/points/users?id=7'));

    ({ user, dialog, box } = await open());
    const list = within(dialog).getByRole('listbox', { name: 'Recent items' });
    const recent = within(list).getAllByRole('option');
    expect(recent.map((option) => option.textContent)).toEqual(['Ledger entry#5 · +40 (adjustment)', 'PlayerAlice Moreau#42']);
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 recent items. Type to search.');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(where(router)).toBe('/admin/user?id=42'));

    // Stored: the area, id, label (and kind), never the detail line (a wallet) or the token.
    const stored = Object.keys(window.localStorage).filter((key) => key.startsWith('phoenix.findAnything.recent:'));
    expect(stored).toEqual(['phoenix.findAnything.recent:admin@example.com']);
    const raw = window.localStorage.getItem(stored[0])!;
    expect(JSON.parse(raw)).toEqual([
      { area: 'players', id: '42', label: 'Alice Moreau' },
      { area: 'pointAccounts', id: '7', label: '#5 · +40 (adjustment)', kind: 'ledgerEntry' },
    ]);
    expect(raw).not.toMatch(/0x|tok-admin/);
    // Another admin on this browser has a list of their own.
    expect(readRecent('someone.else@example.com')).toEqual([]);
  });

  it('clears the recent items from the dialog, and keeps at most a few', async () => {
    for (let i = 1; i <= RECENT_MAX + 3; i++) rememberRecent('admin@example.com', { area: 'players', id: String(i), label: `Player ${i}` });
    expect(readRecent('ADMIN@example.com').map((item) => item.id)).toEqual(
      Array.from({ length: RECENT_MAX }, (_, i) => String(RECENT_MAX + 3 - i)),
    );
    window.localStorage.setItem('phoenix.findAnything.recent:broken@example.com', '{not json');
    expect(readRecent('broken@example.com')).toEqual([]);
    await start(none, none);
    const { user, dialog, box } = await open();
    expect(within(dialog).getAllByRole('option')).toHaveLength(RECENT_MAX);
    await user.click(within(dialog).getByRole('button', { name: 'Clear recent items' }));
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
    expect(box).toHaveFocus();
    expect(readRecent('admin@example.com')).toEqual([]);
  });

  it('speaks Japanese: actions, recent items', async () => {
    rememberRecent('admin@example.com', { area: 'players', id: '42', label: 'Alice Moreau' });
    await start(none, none);
    act(() => changeLanguage('ja'));
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'なんでも検索' });
    expect(within(dialog).getByRole('listbox', { name: '最近開いた項目' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '最近開いた項目を消去' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox'), 'new news');
    expect(await within(dialog).findByRole('option', { name: /操作\s*お知らせを作成/ })).toBeInTheDocument();
  });
});
