import { act, screen, waitFor, within } from '@testing-library/react';
import { accountAtom } from '@phoenix/shell';
import { formatDateTime } from '@phoenix/ui';
import { describeResourcePages, fakeBff, json, page, renderRemotePage, apiError } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { colleague, me } from './fixtures';

describeResourcePages({
  pages,
  base: 'management',
  records: [me, colleague],
  sort: { header: /Last sign-in/, key: 'lastSignInAt' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Disabled', value: 'disabled' },
});

const OTP = 'AbCde-FgHjk-MnPqr-StUvw';
const EXPIRES_AT = '2030-01-02T03:04:00.000Z';

function renderManagement(bff = fakeBff().get('/admins', () => json(page([me, colleague])))) {
  const view = renderRemotePage(pages, { bff, url: '/admin/management' });
  act(() => view.store.set(accountAtom, { email: me.email }));
  return { ...view, bff };
}
/** A row, once the admin's roles have arrived (/users/info: an owner here) and its buttons with them. */
const rowOf = async (email: string) => {
  await screen.findByRole('button', { name: 'New admin' });
  return (await screen.findByText(email)).closest('tr') as HTMLElement;
};

describe('admin accounts: domain rules', () => {
  it('offers no disable, demote or reset on the signed-in account', async () => {
    renderManagement();
    const mine = await rowOf(me.email);
    // Only its history (every row has one).
    expect(
      within(mine)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['History']);
    expect(within(mine).getByText('you')).toBeInTheDocument();
    const theirs = await rowOf(colleague.email);
    expect(within(theirs).getByRole('button', { name: `Disable ${colleague.email}` })).toBeInTheDocument();
    expect(within(theirs).getByText('Password not chosen yet')).toBeInTheDocument();
  });

  it('describes both ways a new password reaches its owner: a mailed link, or a one-time password to hand over', async () => {
    renderManagement();
    await rowOf(colleague.email);
    expect(
      screen.getByText(
        'Console accounts. Only role 2 (administrator) can sign in. A new account or a password reset needs a password chosen by its owner: where a mail server is configured, they get a single-use link by email and you see no password; otherwise you get a one-time password to hand over, which they must change at the next sign-in.',
      ),
    ).toBeInTheDocument();
  });

  it('creates an account and shows its one-time password once, with a copy button', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me])))
      .post('/admins', () =>
        json({ account: { ...colleague, email: 'new@phoenix.local' }, oneTimePassword: OTP, expiresAt: EXPIRES_AT }, 201),
      );
    const { user } = renderManagement(bff);
    await user.click(await screen.findByRole('button', { name: 'New admin' }));
    const dialog = screen.getByRole('dialog', { name: 'New admin' });
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(bff.calls('POST', '/admins')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Email', { exact: false }), 'New@Phoenix.local');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    const shown = await screen.findByRole('dialog', { name: 'One-time password for new@phoenix.local' });
    expect(bff.calls('POST', '/admins')[0].body).toEqual({ email: 'new@phoenix.local', role: 2, roles: ['viewer'] });
    expect(within(shown).getByLabelText('One-time password')).toHaveValue(OTP);
    expect(
      within(shown).getByText(`It opens the password change until ${formatDateTime(EXPIRES_AT)}; after that, reset the password again.`),
    ).toBeInTheDocument();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(OTP);
    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(OTP)).toBeNull();
    expect(screen.queryByDisplayValue(OTP)).toBeNull();
  });

  it('shows the server refusing a taken email on the field', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me])))
      .post('/admins', () =>
        apiError(400, 'validation_failed', 'Some fields are invalid', {
          fieldErrors: { email: ['An admin with this email already exists'] },
        }),
      );
    const { user } = renderManagement(bff);
    await user.click(await screen.findByRole('button', { name: 'New admin' }));
    const dialog = screen.getByRole('dialog', { name: 'New admin' });
    await user.type(within(dialog).getByLabelText('Email', { exact: false }), me.email);
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('An admin with this email already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email', { exact: false })).toHaveValue(me.email);
  });

  it('disables after a confirm, sending the version seen', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .patch('/admins/2/status', () => json({ ...colleague, status: 'disabled', version: 3 }));
    const { user } = renderManagement(bff);
    await user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Disable ${colleague.email}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(bff.calls('PATCH', '/admins/2/status')).toHaveLength(1));
    expect(bff.calls('PATCH', '/admins/2/status')[0].body).toEqual({ status: 'disabled', version: 2 });
  });

  it('resets a password after a confirm and shows the new one-time password', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .post('/admins/2/reset-password', () => json({ account: { ...colleague, version: 3 }, oneTimePassword: OTP, expiresAt: EXPIRES_AT }));
    const { user } = renderManagement(bff);
    await user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Reset password of ${colleague.email}` }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText(
        'Their sessions end and their current password stops working. Where a mail server is configured, they get a single-use link by email to choose a new one; otherwise you get a one-time password to hand over.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: `One-time password for ${colleague.email}` });
    expect(within(shown).getByLabelText('One-time password')).toHaveValue(OTP);
    expect(bff.calls('POST', '/admins/2/reset-password')[0].body).toEqual({ version: 2 });
  });

  it('with a mail server, a reset says the invitation link was mailed and shows no password', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .post('/admins/2/reset-password', () =>
        json({ account: { ...colleague, version: 3 }, invitation: { sentTo: colleague.email, expiresAt: EXPIRES_AT } }),
      );
    const { user } = renderManagement(bff);
    await user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Reset password of ${colleague.email}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: `Invitation sent to ${colleague.email}` });
    expect(within(shown).getByText(new RegExp(`A single-use link went to ${colleague.email}`))).toBeInTheDocument();
    expect(
      within(shown).getByText(`The link works until ${formatDateTime(EXPIRES_AT)}; after that, reset the password to send another.`),
    ).toBeInTheDocument();
    expect(within(shown).queryByLabelText('One-time password')).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: /One-time password/ })).toBeNull();
  });

  it('with a mail server, creating an account says the invitation was mailed to its owner', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me])))
      .post('/admins', () =>
        json(
          {
            account: { ...colleague, email: 'new@phoenix.local' },
            invitation: { sentTo: 'new@phoenix.local', expiresAt: EXPIRES_AT },
          },
          201,
        ),
      );
    const { user } = renderManagement(bff);
    await user.click(await screen.findByRole('button', { name: 'New admin' }));
    const dialog = screen.getByRole('dialog', { name: 'New admin' });
    await user.type(within(dialog).getByLabelText('Email', { exact: false }), 'new@phoenix.local');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    const shown = await screen.findByRole('dialog', { name: 'Invitation sent to new@phoenix.local' });
    expect(within(shown).getByText(/A single-use link went to new@phoenix\.local/)).toBeInTheDocument();
    expect(within(shown).queryByRole('textbox')).toBeNull();
  });

  it('changes a role only after a confirm that names the new role; cancel sends nothing', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .put('/admins/2', () => json({ ...colleague, role: 1, version: 3 }));
    const { user } = renderManagement(bff);
    const demote = async () =>
      user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Make Operator (1): ${colleague.email}` }));
    await demote();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: `Make ${colleague.email} Operator (1)?` })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(bff.calls('PUT', '/admins/2')).toHaveLength(0);
    await demote();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make Operator (1)' }));
    await waitFor(() => expect(bff.calls('PUT', '/admins/2')).toHaveLength(1));
    expect(bff.calls('PUT', '/admins/2')[0].body).toEqual({ role: 1, version: 2 });
  });
});

describe('console roles', () => {
  it('changes an account’s roles in a dialog, sending the version seen', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .put('/admins/2', () => json({ ...colleague, roles: ['content', 'owner'], version: 3 }));
    const { user } = renderManagement(bff);
    await user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Change the console roles of ${colleague.email}` }));
    const dialog = await screen.findByRole('dialog', { name: `Console roles of ${colleague.email}` });
    expect(within(dialog).getByRole('checkbox', { name: 'Owner' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Content' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText(`${colleague.email} now holds: Content, Owner.`)).toBeInTheDocument();
    expect(bff.calls('PUT', '/admins/2')[0].body).toEqual({ role: 2, roles: ['content', 'owner'], version: 2 });
  });

  it('refuses to save no role at all, on the field, and sends nothing', async () => {
    const bff = fakeBff().get('/admins', () => json(page([me, colleague])));
    const { user } = renderManagement(bff);
    await user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Change the console roles of ${colleague.email}` }));
    const dialog = await screen.findByRole('dialog', { name: `Console roles of ${colleague.email}` });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Owner' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await within(dialog).findByText('Pick at least one role')).toBeInTheDocument();
    expect(bff.calls('PUT', '/admins/2')).toHaveLength(0);
  });

  it('shows a viewer the list only: no account changes, no export, and a note naming the roles that may', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .post('/users/info', () => json({ data: { userInfo: { id: 9, email: me.email, role: 2, roles: ['viewer'] } } }));
    renderManagement(bff);
    expect(await screen.findByText('You can view this page. Changing it needs one of these roles: Security, Owner.')).toBeInTheDocument();
    const theirs = (await screen.findByText(colleague.email)).closest('tr') as HTMLElement;
    expect(
      within(theirs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['History']);
    expect(screen.queryByRole('button', { name: 'New admin' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});

describe("another admin's sessions", () => {
  it('lists them in a dialog and ends one after a confirm', async () => {
    let items = [
      {
        id: 41,
        browser: 'Firefox 133 on Windows',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0',
        clientAddress: '10.0.0.8',
        createdAt: '2030-01-15T09:00:00.000Z',
        lastUsedAt: '2030-01-15T09:10:00.000Z',
        expiresAt: '2030-01-15T21:00:00.000Z',
        current: false,
      },
    ];
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .get('/admins/:id/sessions', () => json({ items }))
      .delete('/admins/:id/sessions/:sessionId', () => {
        items = [];
        return json({ endedSessions: 1 });
      });
    const { user } = renderManagement(bff);
    await user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Sessions of ${colleague.email}` }));
    const dialog = await screen.findByRole('dialog', { name: `Sessions of ${colleague.email}` });
    expect(await within(dialog).findByText('Firefox 133 on Windows')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /End session: Firefox 133 on Windows/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End session' }));
    expect(await within(dialog).findByText('No open sessions.')).toBeInTheDocument();
    expect(bff.calls('DELETE', `/admins/${colleague.id}/sessions/41`)).toHaveLength(1);
  });
});

describe('a lost second factor', () => {
  it('resets the account’s two-step sign-in after a confirm that says what goes, and reports the counts', async () => {
    const bff = fakeBff()
      .get('/admins', () => json(page([me, colleague])))
      .post('/admins/:id/reset-factors', () => json({ removedFactors: 1, removedRecoveryCodes: 10, endedSessions: 2 }));
    const { user } = renderManagement(bff);
    await user.click(within(await rowOf(colleague.email)).getByRole('button', { name: `Reset two-step sign-in of ${colleague.email}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Every authenticator app and recovery code of/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-step sign-in' }));
    expect(await screen.findByText(`${colleague.email}: 1 factor(s) removed, 2 session(s) ended`)).toBeInTheDocument();
    expect(bff.calls('POST', `/admins/${colleague.id}/reset-factors`)).toHaveLength(1);
  });
});
