import { currentPath, defaultHandlers, renderApp, storeSession } from './testing/renderApp';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEY, accountAtom, tokenAtom } from '@phoenix/shell';

jest.mock('./federation/RemotePage', () => require('./testing/RemotePageMock'));

let cleanupFetch: (() => void) | undefined;
beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  cleanupFetch?.();
  cleanupFetch = undefined;
});

async function start(path: string, options?: Parameters<typeof renderApp>[1]) {
  const app = await renderApp(path, options);
  cleanupFetch = app.restoreFetch;
  return app;
}

async function signInAs(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('redirects', () => {
  it('sends an unknown path to login', async () => {
    const { router } = await start('/no/such/page');
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends /admin without a session to login', async () => {
    const { router } = await start('/admin');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends /, /auth/login and unknown paths to /admin with a valid stored session', async () => {
    storeSession();
    for (const path of ['/', '/auth/login', '/whatever']) {
      const { router, unmount } = await start(path);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin');
      unmount();
      cleanupFetch?.();
    }
  });

  it('ignores an expired stored session', async () => {
    storeSession('admin@example.com', 'tok-admin', Date.now() - 1);
    const { router } = await start('/admin');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('redirects points to points/tasks and renders the owning remote page', async () => {
    storeSession();
    const { router } = await start('/admin/points');
    expect(await screen.findByText('points:points/tasks')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/points/tasks');
  });

  it('opens an edit page with its query string', async () => {
    storeSession();
    const { router } = await start('/admin/present/edit?id=42');
    expect(await screen.findByText('present:present/edit')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/present/edit?id=42');
  });
});

describe('sign in', () => {
  it('role 2: stores email and token (no password) and goes to /admin', async () => {
    const { router, store } = await start('/auth/login');
    await signInAs('admin@example.com', 'secret');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    const raw = window.localStorage.getItem(STORAGE_KEY)!;
    expect(raw).not.toContain('secret');
    expect(JSON.parse(raw).data).toEqual({ email: 'admin@example.com', token: 'tok-admin' });
    expect(store.get(tokenAtom)).toBe('tok-admin');
    expect(store.get(accountAtom)).toEqual({ email: 'admin@example.com' });
  });

  it('no token returned: fails, stores nothing, keeps what was typed', async () => {
    const { router, store } = await start('/auth/login', { handlers: defaultHandlers({ 'POST /users/login': () => ({ body: {} }) }) });
    await signInAs('admin@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(store.get(tokenAtom)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
  });

  it('role other than 2: fails with the same message, stores nothing, revokes the token', async () => {
    const { backend, store } = await start('/auth/login');
    await signInAs('player@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Sign-in failed$/);
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(store.get(tokenAtom)).toBeNull();
    expect(backend.callsTo('POST', '/users/logout')[0].headers.get('token')).toBe('tok-player');
  });

  it('wrong password: the generic message, nothing about the email', async () => {
    await start('/auth/login');
    await signInAs('admin@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Sign-in failed$/);
  });

  it('429: says to try again later', async () => {
    await start('/auth/login', {
      handlers: defaultHandlers({
        'POST /users/login': () => ({ status: 429, body: { error: { code: 'too_many_requests', message: 'x' } } }),
      }),
    });
    await signInAs('admin@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again later');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
  });

  it('checks the fields before calling the server', async () => {
    const { backend } = await start('/auth/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(backend.calls).toHaveLength(0);
  });

  it('a signed-out deep link comes back to that page after signing in', async () => {
    const { router } = await start('/admin/logs?page=3');
    await signInAs('admin@example.com', 'secret');
    expect(await screen.findByText('system:logs')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/logs?page=3');
  });
});

describe('401 anywhere', () => {
  it('signs out, goes to login, and after signing in lands back on the page', async () => {
    storeSession();
    const { router, store } = await start('/admin/present/edit?id=42', {
      handlers: defaultHandlers({ 'GET /probe': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Call API' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(store.get(tokenAtom)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();

    await signInAs('admin@example.com', 'secret');
    expect(await screen.findByText('present:present/edit')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin/present/edit?id=42');
  });

  it('a stored token the server no longer accepts signs out at start', async () => {
    storeSession('admin@example.com', 'revoked');
    const { router } = await start('/admin/logs');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

describe('logout', () => {
  it('clears everything and goes to login', async () => {
    storeSession();
    const { router, store, backend } = await start('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(accountAtom)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(backend.callsTo('POST', '/users/logout')).toHaveLength(1));
    expect(backend.callsTo('POST', '/users/logout')[0].headers.get('token')).toBe('tok-admin');
  });

  it('clears everything even when the logout call fails', async () => {
    storeSession();
    const { router, store } = await start('/admin', {
      handlers: defaultHandlers({
        'POST /users/logout': () => ({ status: 500, body: { error: { code: 'internal_error', message: 'down' } } }),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(store.get(tokenAtom)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('cross-tab', () => {
  it('another tab removing the session signs this tab out, without any API call', async () => {
    storeSession();
    const { router, backend } = await start('/admin/battle');
    await screen.findByText('battle:battle');
    const callsBefore = backend.calls.length;
    act(() => {
      window.localStorage.removeItem(STORAGE_KEY);
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEY, oldValue: 'x', newValue: null, storageArea: window.localStorage }),
      );
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(backend.calls.length).toBe(callsBefore);
  });
});
