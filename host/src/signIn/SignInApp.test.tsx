import { authHandlers, fakeBackend, type FakeHandler } from '@phoenix/shell/src/auth/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { LANGUAGE_STORAGE_KEY, STORAGE_KEY, readSession } from '@phoenix/shell';
import { themeFor } from '@phoenix/ui';
import { SignInApp } from './SignInApp';
import { startSignInPage } from './boot';

const API = 'http://api.test';
const OTP = 'AbCde-FgHjk-MnPqr-StUvw';

function renderSignIn(
  options: { handlers?: Record<string, FakeHandler>; target?: string; fetch?: typeof fetch; invitationToken?: string } = {},
) {
  const backend = fakeBackend(options.handlers ?? authHandlers());
  const navigate = jest.fn();
  const view = render(
    <ThemeProvider theme={themeFor('stg')}>
      <SignInApp
        config={{ apiBase: API, environment: 'stg' }}
        target={options.target ?? '/admin'}
        storage={window.localStorage}
        navigate={navigate}
        fetch={options.fetch ?? backend.fetch}
        invitationToken={options.invitationToken}
      />
    </ThemeProvider>,
  );
  return { ...view, backend, navigate, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => window.localStorage.clear());
afterEach(() => window.history.replaceState(null, ''));

describe('the lean sign-in page: an invitation link', () => {
  const TOKEN = 'inv_' + 'a'.repeat(40);
  const invitationHandlers = (accept: FakeHandler = () => ({ body: { email: 'admin@example.com' } })) =>
    authHandlers({
      'POST /users/invitation': () => ({ body: { email: 'admin@example.com', kind: 'invite', expiresAt: '2030-01-02T00:00:00Z' } }),
      'POST /users/invitation/accept': accept,
      'POST /users/login': () => ({ body: { token: 'tok-admin', enrolmentRequired: true } }),
    });

  it('says whom the link is for, sets the password through it, signs in and opens the Security page to enrol a factor', async () => {
    const { user, backend, navigate } = renderSignIn({ handlers: invitationHandlers(), invitationToken: TOKEN });
    expect(await screen.findByText(/Choose the password for admin@example.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'a long new password 42');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a long new password 42');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin?enrol=1'));
    expect(backend.calls.find((c) => c.path === '/users/invitation/accept')?.body).toEqual({
      token: TOKEN,
      newPassword: 'a long new password 42',
    });
    expect(readSession(window.localStorage)).toMatchObject({ email: 'admin@example.com', token: 'tok-admin' });
  });

  it('a used or expired link says so and offers the sign-in form', async () => {
    const handlers = authHandlers({
      'POST /users/invitation': () => ({ status: 404, body: { error: { code: 'invitation_invalid', message: 'gone' } } }),
    });
    const { user } = renderSignIn({ handlers, invitationToken: TOKEN });
    expect(await screen.findByRole('alert')).toHaveTextContent(/does not work any more/);
    await user.click(screen.getByRole('button', { name: 'Go to sign-in' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('a password the server refuses is shown by its field, and what was typed stays', async () => {
    const refuse: FakeHandler = () => ({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'weak', fieldErrors: { newPassword: ['This password is too common'] } } },
    });
    const { user, navigate } = renderSignIn({ handlers: invitationHandlers(refuse), invitationToken: TOKEN });
    await screen.findByText(/Choose the password for/);
    await user.type(screen.getByLabelText(/^New password/), 'password1234');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveValue('password1234');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('the lean sign-in page: a second factor', () => {
  const factorHandlers = () =>
    authHandlers({
      'POST /users/login': () => ({ body: { secondFactorRequired: true, challenge: 'chal-1' } }),
      'POST /users/login/second-factor': ({ body }) =>
        (body as { code?: string }).code === '123456'
          ? { body: { token: 'tok-admin' } }
          : { status: 401, body: { error: { code: 'unauthorized', message: 'Sign-in failed' } } },
    });

  it('asks for the code after the password; a wrong one says so and keeps the form, the right one signs in', async () => {
    const { user, backend, navigate } = renderSignIn({ handlers: factorHandlers() });
    await signIn(user, 'admin@example.com', 'secret');
    const heading = await screen.findByRole('heading', { name: 'Enter your code' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull(); // nothing stored before the code

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(screen.getByText('Enter the code')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(/That code did not work/)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin'));
    const sent = backend.calls.filter((c) => c.path === '/users/login/second-factor').map((c) => c.body);
    expect(sent).toEqual([
      { challenge: 'chal-1', code: '000000' },
      { challenge: 'chal-1', code: '123456' },
    ]);
    expect(readSession(window.localStorage)).toMatchObject({ email: 'admin@example.com', token: 'tok-admin' });
  });

  it('sends an admin who must enrol a second factor to the Security page, whatever the target', async () => {
    const handlers = authHandlers({ 'POST /users/login': () => ({ body: { token: 'tok-admin', enrolmentRequired: true } }) });
    const { user, navigate } = renderSignIn({ handlers, target: '/admin/logs' });
    await signIn(user, 'admin@example.com', 'secret');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin?enrol=1'));
  });
});

describe('the lean sign-in page', () => {
  it('shows the console’s sign-in frame: title, environment, the Login tab, the fields and the language switch', () => {
    renderSignIn();
    // The environment label from apiBase, as the console shows it (api.test: no known prefix → PRD).
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Phoenix AdminPRD$/);
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Language')).toHaveValue('en');
    expect(document.title).toBe('Sign in · Phoenix Admin');
  });

  it('checks the fields before any request, with the console’s messages', async () => {
    const { user, backend } = renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(backend.calls).toHaveLength(0);
  });

  it('signs in: stores the session as the shell reads it (no password) and loads the console at the target', async () => {
    const { user, backend, navigate } = renderSignIn({ target: '/admin/logs?page=2' });
    await signIn(user, '  admin@example.com ', 'secret');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/logs?page=2'));
    const raw = window.localStorage.getItem(STORAGE_KEY)!;
    expect(raw).not.toContain('secret');
    const record = JSON.parse(raw) as { data: unknown; expiry: number };
    expect(record.data).toEqual({ email: 'admin@example.com', token: 'tok-admin' });
    expect(record.expiry).toBeGreaterThan(Date.now() + 364 * 24 * 3600 * 1000);
    expect(readSession(window.localStorage)).toEqual({ email: 'admin@example.com', token: 'tok-admin' });
    expect(backend.callsTo('POST', '/users/login')[0].body).toEqual({ email: 'admin@example.com', password: 'secret' });
    expect(backend.callsTo('POST', '/users/info')[0].headers.get('token')).toBe('tok-admin');
  });

  it('says only that sign-in failed for a wrong password or a non-admin account, and stores nothing', async () => {
    const { user, backend, navigate } = renderSignIn();
    await signIn(user, 'admin@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed');
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await signIn(user, 'player@example.com', 'secret');
    await waitFor(() => expect(backend.callsTo('POST', '/users/logout')).toHaveLength(1)); // the player's token is revoked
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed');
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('tells throttling and an unreachable server apart', async () => {
    const throttled = renderSignIn({
      handlers: authHandlers({
        'POST /users/login': () => ({ status: 429, body: { error: { code: 'too_many_requests', message: 'x' } } }),
      }),
    });
    await signIn(throttled.user, 'admin@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again later');
    throttled.unmount();

    const down = renderSignIn({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await signIn(down.user, 'admin@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed: the server could not be reached.');
    expect(down.navigate).not.toHaveBeenCalled();
  });

  it('after a one-time password asks for a new one, then signs in with it', async () => {
    let password = OTP;
    let mustChange = true;
    const { user, backend, navigate } = renderSignIn({
      handlers: authHandlers({
        'POST /users/login': ({ body }) => {
          if ((body as { password: string }).password !== password)
            return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign-in failed' } } };
          return { body: mustChange ? { passwordChangeRequired: true } : { token: 'tok-admin' } };
        },
        'POST /users/change-password': ({ body }) => {
          password = (body as { newPassword: string }).newPassword;
          mustChange = false;
          return { body: { ok: true } };
        },
      }),
    });
    await signIn(user, 'admin@example.com', OTP);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText('At least 12 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'my own long password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'my own long password');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin'));
    expect(backend.callsTo('POST', '/users/change-password')[0].body).toEqual({
      email: 'admin@example.com',
      password: OTP,
      newPassword: 'my own long password',
    });
    expect(readSession(window.localStorage)).toEqual({ email: 'admin@example.com', token: 'tok-admin' });
  });

  it('switches the language of the page, <html lang> with it, and remembers the choice', async () => {
    const { user } = renderSignIn();
    await user.selectOptions(screen.getByLabelText('Language'), 'ja');
    expect(screen.getByLabelText('メールアドレス')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'サインイン' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    await user.click(screen.getByRole('button', { name: 'サインイン' }));
    expect(screen.getByText('メールアドレスを入力してください')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('言語'), 'en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('goes on to the console when another tab signs in meanwhile', () => {
    const { navigate } = renderSignIn();
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ data: { email: 'a@example.com', token: 't' }, expiry: Date.now() + 60_000 }));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY })));
    expect(navigate).toHaveBeenCalledWith('/admin');
  });
});

describe('startSignInPage', () => {
  const configFetch = (body: unknown) =>
    jest.fn(async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch;

  it('with a stored session goes straight on to the console, to the page the console sent here from', async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ data: { email: 'a@example.com', token: 't' }, expiry: Date.now() + 60_000 }));
    window.history.replaceState({ usr: { from: '/admin/battle?id=3' }, key: 'k', idx: 0 }, '');
    const navigate = jest.fn();
    const fetch = configFetch({});
    await startSignInPage({ root: document.createElement('div'), navigate, fetch });
    expect(navigate).toHaveBeenCalledWith('/admin/battle?id=3');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never goes back to a page outside the console', async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ data: { email: 'a@example.com', token: 't' }, expiry: Date.now() + 60_000 }));
    window.history.replaceState({ usr: { from: 'https://evil.example/admin' } }, '');
    const navigate = jest.fn();
    await startSignInPage({ root: document.createElement('div'), navigate, fetch: configFetch({}) });
    expect(navigate).toHaveBeenCalledWith('/admin');
  });

  it('renders the form once /config.json is read, and refuses an invalid one with the console’s message', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    await act(() =>
      startSignInPage({ root, navigate: jest.fn(), fetch: configFetch({ apiBase: 'https://stg-bff.example.com', environment: 'stg' }) }),
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('STG');
    await expect(
      startSignInPage({ root: document.createElement('div'), navigate: jest.fn(), fetch: configFetch({ environment: 'stg' }) }),
    ).rejects.toThrow('/config.json is invalid: apiBase: Invalid URL');
  });
});
