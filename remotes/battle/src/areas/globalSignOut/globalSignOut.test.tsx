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

function signOutBff(refuse?: string) {
  let runs = [earlier];
  let summary = before;
  return fakeBff()
    .get('/global-sign-out', () => json(summary))
    .get('/global-sign-out/runs', () => json({ items: runs, total: runs.length, page: 1, pageSize: 10 }))
    .post('/global-sign-out', (req) => {
      if (refuse) return apiError(409, 'conflict', refuse, { current: null });
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

describe('logout and battle force end', () => {
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
});
