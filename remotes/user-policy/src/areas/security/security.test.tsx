import { act, screen, waitFor, within } from '@testing-library/react';
import { accountAtom } from '@phoenix/shell';
import { apiError, currentUrl, fakeBff, json, renderWithShell, type FakeBff } from '@phoenix/shell/src/testing';
import type { AdminSession } from '@phoenix/contract';
import '../../i18n';
import SecurityPage from './SecurityPage';

const session = (over: Partial<AdminSession>): AdminSession => ({
  id: 1,
  browser: 'Chrome 131 on Linux',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
  clientAddress: '10.0.0.5',
  createdAt: '2030-01-15T09:00:00.000Z',
  lastUsedAt: '2030-01-15T09:30:00.000Z',
  expiresAt: '2030-01-15T21:00:00.000Z',
  current: false,
  ...over,
});
const mine = session({ id: 7, current: true });
const phone = session({ id: 3, browser: 'Safari 18 on iOS', clientAddress: '10.0.0.9' });

const NO_FACTORS = { required: false, items: [], recoveryCodesLeft: 0 };

/**
 * `factors`: what GET /security/factors answers, unless the test's `bff` answers it itself;
 * `failures`: the account's recent failed sign-ins.
 */
function renderSecurity(bff: FakeBff, factors: object | null = NO_FACTORS, failures: object[] = []) {
  if (factors) bff.get('/security/factors', () => json(factors));
  bff.get('/security/sign-in-failures', () => json({ items: failures }));
  const view = renderWithShell(<SecurityPage />, {
    bff,
    url: '/admin/security',
    path: '/admin/security',
    routes: [{ path: '/auth/login', element: <p>The sign-in page</p> }],
  });
  act(() => view.store.set(accountAtom, { email: 'me@phoenix.local' }));
  return view;
}

describe('the Security page', () => {
  it('shows the account’s recent failed sign-ins: when, what failed, from where', async () => {
    const bff = fakeBff().get('/security/sessions', () => json({ items: [mine] }));
    renderSecurity(bff, NO_FACTORS, [
      { at: '2030-01-15T08:00:00.000Z', reason: 'wrongPassword', clientAddress: '203.0.113.7' },
      { at: '2030-01-14T08:00:00.000Z', reason: 'wrongSecondFactor', clientAddress: null },
    ]);
    const panel = (await screen.findByRole('heading', { name: 'Failed sign-ins' })).closest('section') as HTMLElement;
    const rows = await within(panel).findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Wrong password203.0.113.7'),
      expect.stringContaining('Wrong second factor—'),
    ]);
  });

  it('lists the open sessions, marks the one in use, and ends another after a confirm', async () => {
    let items = [mine, phone];
    const bff = fakeBff()
      .get('/security/sessions', () => json({ items }))
      .delete('/security/sessions/:sessionId', () => {
        items = [mine];
        return json({ endedSessions: 1 });
      });
    const { user } = renderSecurity(bff);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Chrome 131 on Linux', 'Safari 18 on iOS']);
    expect(within(rows[0]!).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[1]!).getByRole('button', { name: /End session: Safari 18 on iOS/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(bff.calls('DELETE', '/security/sessions/3')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Safari 18 on iOS')).toBeNull());
  });

  it('signs out everywhere after a confirm that counts the sessions, then leaves for the sign-in page', async () => {
    const bff = fakeBff()
      .get('/security/sessions', () => json({ items: [mine, phone] }))
      .post('/security/sign-out-everywhere', () => json({ endedSessions: 2 }))
      .post('/users/logout', () => json({ ok: true }));
    const { user, router } = renderSecurity(bff);
    await screen.findByText('Safari 18 on iOS');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/ends all 2 of your sessions, this one included/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('The sign-in page')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/auth/login');
    expect(bff.calls('POST', '/security/sign-out-everywhere')).toHaveLength(1);
  });

  it('changes the password: checked before sending, the server’s refusal on its field with what was typed kept', async () => {
    let answer = () =>
      apiError(400, 'validation_failed', 'This is not your current password', {
        fieldErrors: { currentPassword: ['This is not your current password'] },
      });
    const bff = fakeBff()
      .get('/security/sessions', () => json({ items: [mine] }))
      .post('/security/password', () => answer());
    const { user } = renderSecurity(bff);
    const form = (await screen.findByRole('button', { name: 'Change password' })).closest('form')!;
    const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`));

    await user.type(field('Current password'), 'my old password');
    await user.type(field('New password'), 'short');
    await user.type(field('Repeat new password'), 'shorter');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Use at least 12 characters')).toBeInTheDocument();
    expect(within(form).getByText('The two new passwords differ')).toBeInTheDocument();
    expect(bff.calls('POST', '/security/password')).toHaveLength(0);

    await user.clear(field('New password'));
    await user.type(field('New password'), 'a brand new passphrase');
    await user.clear(field('Repeat new password'));
    await user.type(field('Repeat new password'), 'a brand new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('This is not your current password')).toBeInTheDocument();
    expect(field('Current password')).toHaveValue('my old password');
    expect(field('New password')).toHaveValue('a brand new passphrase');

    const listedBefore = bff.calls('GET', '/security/sessions').length;
    answer = () => json({ endedSessions: 2 });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. 2 other sessions ended.')).toBeInTheDocument();
    expect(bff.calls('POST', '/security/password').at(-1)!.body).toEqual({
      currentPassword: 'my old password',
      newPassword: 'a brand new passphrase',
    });
    expect(field('Current password')).toHaveValue('');
    // The sessions just ended leave the list.
    await waitFor(() => expect(bff.calls('GET', '/security/sessions').length).toBeGreaterThan(listedBefore));
  });
});

describe('the Security page: two-step sign-in', () => {
  const phone = { id: 5, kind: 'totp', label: 'Pixel', createdAt: '2030-01-15T09:00:00.000Z', lastUsedAt: null };

  it('adds an authenticator app: a name, then the QR code and key, then the first code; the recovery codes are shown once', async () => {
    let listed: object = NO_FACTORS;
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fghj${i}`);
    const bff = fakeBff()
      .get('/security/sessions', () => json({ items: [mine] }))
      .get('/security/factors', () => json(listed))
      .post('/security/factors/totp', () =>
        json({ id: 5, secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      )
      .post('/security/factors/:id/confirm', ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return apiError(400, 'validation_failed', 'Some fields are invalid', {
            fieldErrors: { code: ['That code is not the one the app shows now: try the next one'] },
          });
        }
        listed = { required: false, items: [phone], recoveryCodesLeft: 10 };
        return json({ recoveryCodes: codes });
      });
    const { user } = renderSecurity(bff, null);
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(within(panel).getByRole('button', { name: 'Add an authenticator app' }));
    const name = within(panel).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Pixel');
    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    expect(await within(panel).findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(panel).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(bff.calls('POST', '/security/factors/totp')[0].body).toEqual({ label: 'Pixel' });

    await user.type(within(panel).getByLabelText(/^Code from the app/), '12');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(within(panel).getByText('Enter the 6-digit code from the app')).toBeInTheDocument();
    expect(bff.calls('POST', '/security/factors/:id/confirm')).toHaveLength(0);
    await user.clear(within(panel).getByLabelText(/^Code from the app/));
    await user.type(within(panel).getByLabelText(/^Code from the app/), '654321');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByText('That code is not the one the app shows now: try the next one')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText(/^Code from the app/));
    await user.type(within(panel).getByLabelText(/^Code from the app/), '123456');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));

    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    await user.click(within(shown).getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByText(codes[0]!)).toBeNull();
    expect(await within(panel).findByRole('cell', { name: 'Pixel' })).toBeInTheDocument();
    expect(within(panel).getByText('10 unused recovery codes left.')).toBeInTheDocument();
  });

  it('where a factor is required and none is enrolled, only the enrolment shows', async () => {
    const bff = fakeBff().get('/security/sessions', () => json({ items: [mine] }));
    renderSecurity(bff, { required: true, items: [], recoveryCodesLeft: 0 });
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(within(panel).getByText(/requires a second factor/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Password' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sessions' })).toBeNull();
    expect(bff.calls('GET', '/security/sessions')).toHaveLength(0);
  });

  it('keeps the only factor where one is required, and says why', async () => {
    const bff = fakeBff().get('/security/sessions', () => json({ items: [mine] }));
    renderSecurity(bff, { required: true, items: [phone], recoveryCodesLeft: 7 });
    const panel = await screen.findByRole('region', { name: 'Two-step sign-in' });
    const remove = await within(panel).findByRole('button', { name: 'Remove Pixel' });
    expect(remove).toBeDisabled();
    expect(within(panel).getByText(/cannot be removed while one is required/)).toBeInTheDocument();
    expect(within(panel).getByText('7 unused recovery codes left.')).toBeInTheDocument();
  });
});
