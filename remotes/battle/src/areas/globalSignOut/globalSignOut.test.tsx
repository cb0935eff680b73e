import { apiError, fakeBff, json, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { GlobalSignOutRun, GlobalSignOutSummary } from '@phoenix/contract';
import pages from '../../pages';

const PATH = '/admin/logoutAndBattleForceEnd';
const before: GlobalSignOutSummary = { openSessions: 1234, ongoingBattles: 56, lastRunId: 3, checkedAt: '2025-03-01T10:00:00.000Z' };
const earlier: GlobalSignOutRun = {
  id: 3,
  ranAt: '2025-02-20T08:00:00.000Z',
  adminEmail: 'ops@example.com',
  reason: 'Patch rollout',
  confirmedSessions: 900,
  confirmedBattles: 20,
  sessionsEnded: 901,
  battlesEnded: 19,
};

/** `refuse`: the first run is refused with that message (409), with `current` as its current figure. */
function signOutBff(refuse?: string, current: GlobalSignOutSummary | null = null) {
  let runs = [earlier];
  let summary = before;
  let refusals = 0;
  return fakeBff()
    .get('/global-sign-out', () => json(summary))
    .get('/global-sign-out/runs', () => json({ items: runs, total: runs.length, page: 1, pageSize: 10 }))
    .post('/global-sign-out', (req) => {
      if (refuse && (current === null || refusals++ === 0)) return apiError(409, 'conflict', refuse, { current });
      const body = req.body as { confirmedSessions: number; confirmedBattles: number; reason: string };
      const run: GlobalSignOutRun = {
        id: 4,
        ranAt: '2025-03-01T10:00:10.000Z',
        adminEmail: 'me@example.com',
        reason: body.reason,
        confirmedSessions: body.confirmedSessions,
        confirmedBattles: body.confirmedBattles,
        sessionsEnded: 1230,
        battlesEnded: 55,
      };
      runs = [run, ...runs];
      summary = { ...summary, openSessions: 0, ongoingBattles: 0, lastRunId: 4 };
      return json(run);
    });
}

describe('global sign-out (logout and battle force end)', () => {
  it('shows both counts, runs after typing the session count, says what it did and lists the run', async () => {
    const bff = signOutBff();
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    const facts = (await screen.findByText('Players signed in (open sessions)')).closest('dl')!;
    expect(facts).toHaveTextContent('1,234');
    expect(facts).toHaveTextContent('Ongoing battles56');
    const runs = await screen.findByRole('table', { name: 'Last runs' });
    expect(within(runs).getByText('ops@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out every player and end every battle…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out every player and end every battle?' });
    expect(dialog).toHaveTextContent('1,234 open player sessions will be ended and 56 ongoing battles force-ended');
    const ok = within(dialog).getByRole('button', { name: 'Sign out all and end battles' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Number of open sessions'), '1234');
    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), 'Token leak');
    await user.click(ok);

    await waitFor(() => expect(bff.calls('POST', '/global-sign-out')).toHaveLength(1));
    expect(bff.calls('POST', '/global-sign-out')[0].body).toEqual({
      lastRunId: 3,
      confirmedSessions: 1234,
      confirmedBattles: 56,
      reason: 'Token leak',
    });
    expect(await screen.findByText('Sessions ended: 1,230. Battles force-ended: 55.')).toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: 'Last runs' })).findByText('Token leak')).toBeInTheDocument();
  });

  it('a refused run says why and changes nothing on the page', async () => {
    const message = 'A sign-out of every player is running right now. Wait for it to finish, then check the counts again.';
    const bff = signOutBff(message);
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    await user.click(await screen.findByRole('button', { name: 'Sign out every player and end every battle…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Number of open sessions'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all and end battles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Nothing was done${message}`);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a session opened or a battle started since the count: the dialog says the new counts and is confirmed again with them', async () => {
    const now: GlobalSignOutSummary = { ...before, openSessions: 1240, ongoingBattles: 57, checkedAt: '2025-03-01T10:00:05.000Z' };
    const bff = signOutBff('The count changed: now 1240 sessions and 57 battles. Confirm again with the new count.', now);
    const { user } = renderRemotePage(pages, { bff, url: PATH });
    await user.click(await screen.findByRole('button', { name: 'Sign out every player and end every battle…' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Number of open sessions'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all and end battles' }));

    await waitFor(() => expect(bff.calls('POST', '/global-sign-out')).toHaveLength(1));
    dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText(/^The count changed: now 1,240 open sessions and 57 ongoing battles\./)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1,240 open player sessions will be ended and 57 ongoing battles force-ended');
    expect(within(dialog).getByLabelText('Number of open sessions')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Number of open sessions'), '1240');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all and end battles' }));

    await waitFor(() => expect(bff.calls('POST', '/global-sign-out')).toHaveLength(2));
    expect(bff.calls('POST', '/global-sign-out')[1].body).toEqual({
      lastRunId: 3,
      confirmedSessions: 1240,
      confirmedBattles: 57,
      reason: 'Global sign-out',
    });
    expect(await screen.findByText('Every player was signed out.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
