import { defaultHandlers, renderApp, storeSession, appRendererPerTest } from '../testing/renderApp';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY, STORAGE_KEY } from '@phoenix/shell';
import { SEED_TABLES } from '../routes/composeRoutes';
import { SIDEBAR_ID } from './Sidebar';

jest.mock('../federation/RemotePage', () => require('../testing/RemotePageMock'));

const render = appRendererPerTest();

async function start(path: string, options?: Parameters<typeof renderApp>[1]) {
  return render(path, options ?? { handlers: defaultHandlers() });
}

describe('language switch', () => {
  it('switches the console to Japanese and back from the navbar, remembering the choice apart from the session', async () => {
    storeSession();
    await start('/admin/battle');
    const user = userEvent.setup();
    const sidebarLabels = () => [...document.querySelectorAll(`#${SIDEBAR_ID} a`)].map((a) => a.lastElementChild?.textContent);
    // The seed's labels, in order (seed.json): in English the sidebar shows these as they are, the pages
    // beyond the seed (whatever the remotes add) among them only after their group's or the menu's seed entries.
    const seedLabels = SEED_TABLES.menu.flatMap((e) => ('children' in e ? e.children.map((l) => l.label) : [e.label]));
    const isSeed = (label: string | null | undefined) => seedLabels.includes(label ?? '');
    const englishLabels = sidebarLabels();
    expect(englishLabels.filter(isSeed)).toEqual(seedLabels);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ja');
    expect(sidebarLabels()).toContain('バトル管理');
    expect(sidebarLabels()).not.toContain('Battle Management');
    expect(within(screen.getByRole('navigation', { name: 'メイン' })).getByRole('link', { name: 'プレゼント配布' })).toHaveAttribute(
      'href',
      '/admin/present/distribution',
    );
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'バージョン情報' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
    expect(document.title).toBe('バトル管理 · Phoenix Admin');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(window.localStorage.getItem(STORAGE_KEY)).not.toContain('ja');

    await user.selectOptions(screen.getByRole('combobox', { name: '言語' }), 'en');
    expect(sidebarLabels()).toEqual(englishLabels);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(document.title).toBe('Battle Management · Phoenix Admin');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  }, 20_000);

  it('offers the switch on the login page, and signing in keeps the language', async () => {
    await start('/auth/login', { handlers: defaultHandlers(), language: 'ja' });
    expect(await screen.findByRole('button', { name: 'サインイン' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'ログイン' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'サインイン' }));
    expect(screen.getByText('メールアドレスを入力してください')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: '言語' }), 'en');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
