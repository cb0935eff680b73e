import { fakeBff, json, renderRemotePage, unlessScopeTyped, watchDialogs } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { GlobalSignOutSummary } from '@phoenix/contract';
import pages from '../../pages';

/**
 * A "confirm" environment (CHANGE_CONTROL=confirm): the forms with their own typed confirm ask the
 * operation's scope in it and send it, so the server's 428 never opens a second dialog.
 */
const confirmMode = () => fakeBff().get('/change-requests/settings', () => json({ mode: 'confirm', ttlHours: 24, operations: [] }));

let dialogs: ReturnType<typeof watchDialogs>;
beforeEach(() => {
  dialogs = watchDialogs();
});
afterEach(() => dialogs.stop());

/** Types the scope where the form's dialog asks it (a form without the field meets the server's 428: a second dialog). */
async function typeScopeIfAsked(user: { type: (el: HTMLElement, text: string) => Promise<void> }, dialog: HTMLElement, scope: string) {
  const field = await within(dialog)
    .findByLabelText(`Type "${scope}" to confirm`)
    .catch(() => null);
  if (field) await user.type(field, scope);
}

/** The form's outcome, or the second dialog the fix removes (whichever comes first). */
const settled = (done: string) =>
  waitFor(() => expect(screen.queryByText(done) ?? screen.queryByRole('alertdialog', { name: /^Confirm a change to/ })).not.toBeNull());

describe('global operations with their own confirm, in a "confirm" environment', () => {
  it('force end all: one dialog, with the count and the scope typed', async () => {
    const bff = confirmMode()
      .get('/battle-force-end', () => json({ ongoing: 12, checkedAt: '2025-03-01T10:00:00.000Z' }))
      .post('/battle-force-end', (req) => {
        const { confirmedCount } = req.body as { confirmedCount: number };
        return (
          unlessScopeTyped(req.headers, 'all battles', 'battle.forceEndAll') ??
          json({ ended: confirmedCount, confirmedCount, endedAt: '2025-03-01T10:00:05.000Z' })
        );
      });
    const { user } = renderRemotePage(pages, { bff, url: '/admin/battle/forceEnd' });
    await user.click(await screen.findByRole('button', { name: 'Force end all 12 battles…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Force end all 12 ongoing battles?' });
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '12');
    await typeScopeIfAsked(user, dialog, 'all battles');
    await user.click(within(dialog).getByRole('button', { name: 'End 12 battles' }));

    await settled('12 battles were force-ended.');
    expect(dialogs.titles).toEqual(['Force end all 12 ongoing battles?']);
    expect(screen.getByText('12 battles were force-ended.')).toBeInTheDocument();
    expect(bff.calls('POST', '/battle-force-end')).toHaveLength(1);
    expect(bff.calls('POST', '/battle-force-end')[0]!.headers.get('x-confirm-scope')).toBe('all battles');
  });

  it('global sign-out: one dialog, with the sessions and the scope typed', async () => {
    const now: GlobalSignOutSummary = { openSessions: 30, ongoingBattles: 4, lastRunId: null, checkedAt: '2025-03-01T10:00:00.000Z' };
    const bff = confirmMode()
      .get('/global-sign-out', () => json(now))
      .get('/global-sign-out/runs', () => json({ items: [], total: 0, page: 1, pageSize: 10 }))
      .post('/global-sign-out', (req) => {
        const body = req.body as { confirmedSessions: number; confirmedBattles: number; reason: string };
        return (
          unlessScopeTyped(req.headers, 'all players', 'globalSignOut.run') ??
          json({ id: 1, ranAt: '2025-03-01T10:00:10.000Z', adminEmail: 'me@example.com', sessionsEnded: 30, battlesEnded: 4, ...body })
        );
      });
    const { user } = renderRemotePage(pages, { bff, url: '/admin/logoutAndBattleForceEnd' });
    await user.click(await screen.findByRole('button', { name: 'Sign out every player and end every battle…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out every player and end every battle?' });
    await user.type(within(dialog).getByLabelText('Number of open sessions'), '30');
    await typeScopeIfAsked(user, dialog, 'all players');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all and end battles' }));

    await settled('Every player was signed out.');
    expect(dialogs.titles).toEqual(['Sign out every player and end every battle?']);
    expect(screen.getByText('Every player was signed out.')).toBeInTheDocument();
    expect(bff.calls('POST', '/global-sign-out')).toHaveLength(1);
  });

  it('the own dialog holds OK until the scope is typed exactly', async () => {
    const bff = confirmMode().get('/battle-force-end', () => json({ ongoing: 3, checkedAt: '2025-03-01T10:00:00.000Z' }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/battle/forceEnd' });
    await user.click(await screen.findByRole('button', { name: 'Force end all 3 battles…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '3');
    const ok = within(dialog).getByRole('button', { name: 'End 3 battles' });
    await user.type(await within(dialog).findByLabelText('Type "all battles" to confirm'), 'all battle');
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type "all battles" to confirm'), 's');
    expect(ok).toBeEnabled();
  });

  it('"off": the dialog asks no scope and the call carries none', async () => {
    const bff = fakeBff()
      .get('/change-requests/settings', () => json({ mode: 'off', ttlHours: 24, operations: [] }))
      .get('/battle-force-end', () => json({ ongoing: 2, checkedAt: '2025-03-01T10:00:00.000Z' }))
      .post('/battle-force-end', () => json({ ended: 2, confirmedCount: 2, endedAt: '2025-03-01T10:00:05.000Z' }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/battle/forceEnd' });
    await user.click(await screen.findByRole('button', { name: 'Force end all 2 battles…' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByLabelText(/to confirm$/)).toBeNull();
    await user.type(within(dialog).getByLabelText('Number of battles to end'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'End 2 battles' }));
    expect(await screen.findByText('2 battles were force-ended.')).toBeInTheDocument();
    expect(bff.calls('POST', '/battle-force-end')[0]!.headers.get('x-confirm-scope')).toBeNull();
  });
});
