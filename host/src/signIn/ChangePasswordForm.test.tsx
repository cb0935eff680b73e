import { defaultHandlers, renderApp } from '../testing/renderApp';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenAtom } from '@phoenix/shell';

jest.mock('../federation/RemotePage', () => require('../testing/RemotePageMock'));

const OTP = 'AbCde-FgHjk-MnPqr-StUvw';

/** A backend where admin@example.com holds a one-time password until it changes it. */
function oneTimePasswordBackend(options: { refuseChange?: boolean; downAfterChange?: number } = {}) {
  let password = OTP;
  let mustChange = true;
  let downFor = options.downAfterChange ?? 0;
  return defaultHandlers({
    'POST /users/login': ({ body }) => {
      if (!mustChange && downFor > 0) {
        downFor -= 1;
        return { status: 503, body: { error: { code: 'unavailable', message: 'Try again' } } };
      }
      const given = (body as { password: string }).password;
      if (given !== password) return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign-in failed' } } };
      return { body: mustChange ? { passwordChangeRequired: true } : { token: 'tok-admin' } };
    },
    'POST /users/change-password': ({ body }) => {
      if (options.refuseChange) return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign-in failed' } } };
      password = (body as { newPassword: string }).newPassword;
      mustChange = false;
      return { body: { ok: true } };
    },
  });
}

async function signInWithOneTimePassword(handlers: ReturnType<typeof defaultHandlers>) {
  const app = await renderApp('/auth/login', { handlers });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), OTP);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { ...app, user };
}

afterEach(() => window.localStorage.clear());

describe('forced password change after a one-time password', () => {
  it('asks for a new password on the login page, then signs in with it', async () => {
    const { user, store, router, backend, restoreFetch } = await signInWithOneTimePassword(oneTimePasswordBackend());
    try {
      expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
      expect(store.get(tokenAtom)).toBeNull();
      await user.type(screen.getByLabelText(/^New password/), 'short');
      await user.type(screen.getByLabelText(/^Repeat the new password/), 'short');
      await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
      expect(await screen.findByText('Use at least 12 characters')).toBeInTheDocument();
      expect(backend.callsTo('POST', '/users/change-password')).toHaveLength(0);

      await user.clear(screen.getByLabelText(/^New password/));
      await user.clear(screen.getByLabelText(/^Repeat the new password/));
      await user.type(screen.getByLabelText(/^New password/), 'my own long password');
      await user.type(screen.getByLabelText(/^Repeat the new password/), 'my own long passwor');
      await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
      expect(await screen.findByText('The two passwords differ')).toBeInTheDocument();

      await user.type(screen.getByLabelText(/^Repeat the new password/), 'd');
      await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
      await waitFor(() => expect(store.get(tokenAtom)).toBe('tok-admin'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
      expect(backend.callsTo('POST', '/users/change-password')[0].body).toEqual({
        email: 'admin@example.com',
        password: OTP,
        newPassword: 'my own long password',
      });
    } finally {
      restoreFetch();
    }
  });

  it('a refused change says so and offers the way back to sign-in', async () => {
    const { user, store, restoreFetch } = await signInWithOneTimePassword(oneTimePasswordBackend({ refuseChange: true }));
    try {
      await user.type(await screen.findByLabelText(/^New password/), 'my own long password');
      await user.type(screen.getByLabelText(/^Repeat the new password/), 'my own long password');
      await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('sign in again with the one-time password');
      expect(store.get(tokenAtom)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
      expect(await screen.findByLabelText('Password')).toHaveValue('');
    } finally {
      restoreFetch();
    }
  });

  it('a sign-in that fails after the change is retried with the new password only (the one-time password is spent)', async () => {
    const { user, store, backend, restoreFetch } = await signInWithOneTimePassword(oneTimePasswordBackend({ downAfterChange: 1 }));
    try {
      await user.type(await screen.findByLabelText(/^New password/), 'my own long password');
      await user.type(screen.getByLabelText(/^Repeat the new password/), 'my own long password');
      await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      expect(store.get(tokenAtom)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
      await waitFor(() => expect(store.get(tokenAtom)).toBe('tok-admin'));
      expect(backend.callsTo('POST', '/users/change-password')).toHaveLength(1);
    } finally {
      restoreFetch();
    }
  });
});
