import { API, defaultHandlers, renderApp, storeSession } from '../testing/renderApp';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage, linkTo } from '@phoenix/shell';
import type { SearchResponse } from '@phoenix/contract';
import type { RemoteManifests } from '../routes/composeRoutes';
import { adding, crudArea } from '../routes/manifestFixtures';
import { declaredManifests } from '../testing/declaredRoutes';

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
async function start(bff: SearchAnswer, points: SearchAnswer | 'down', manifests?: RemoteManifests) {
  const app = await renderApp('/admin', { handlers: defaultHandlers(), manifests });
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
    const box = within(dialog).getByRole('combobox', { name: /Page, player/ });
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
