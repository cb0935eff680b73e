import { screen, waitFor, within } from '@testing-library/react';
import { fakeBff, json, page, renderRemotePage, unlessScopeTyped, watchDialogs } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { doneSend, welcomePack } from '../fixtures';

/**
 * A "confirm" environment (CHANGE_CONTROL=confirm): a present to all players is confirmed once, in
 * the form's own confirm with the count, where the scope is typed; the server's 428 never follows.
 */
describe('present to all players in a "confirm" environment', () => {
  it('asks once: the count and the typed scope in one dialog, sent with the call', async () => {
    const dialogs = watchDialogs();
    const bff = fakeBff()
      .get('/change-requests/settings', () => json({ mode: 'confirm', ttlHours: 24, operations: [] }))
      .get('/presents', () => json(page([welcomePack])))
      .get('/present-distributions', () => json(page([])))
      .post('/present-distributions/preview', () => json({ recipients: 1200, unknownIds: 0 }))
      .post(
        '/present-distributions',
        (req) =>
          unlessScopeTyped(req.headers, 'all players', 'presentDistribution.create') ??
          json({ ...doneSend, id: 41, status: 'scheduled', recipientCount: 1200 }, 201),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/present/distribution' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    expect(await screen.findByText('1,200 players will receive it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/1,200 players receive it now/)).toBeInTheDocument();
    // Typed where this dialog asks it (a confirm without the field meets the server's 428: a second dialog).
    const field = within(confirm).queryByLabelText('Type "all players" to confirm');
    if (field) {
      expect(within(confirm).getByRole('button', { name: 'Send' })).toBeDisabled();
      await user.type(field, 'all players');
    }
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(bff.calls('POST', '/present-distributions').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: /^Confirm a change to/ }) ?? screen.queryByText(/queued for/)).not.toBeNull(),
    );
    dialogs.stop();
    expect(dialogs.titles).toEqual(['Send "Welcome pack"?']);
    expect(bff.calls('POST', '/present-distributions')).toHaveLength(1);
    expect(bff.calls('POST', '/present-distributions')[0]!.headers.get('x-confirm-scope')).toBe('all players');
  });

  it('a list above the BFF\'s bulk limit (its settings say it) asks once: "<n> players" typed in the same confirm', async () => {
    const bff = fakeBff()
      .get('/change-requests/settings', () =>
        json({ mode: 'confirm', ttlHours: 24, bulkIdsAbove: 2, adjustmentPointsAbove: 100000, operations: [] }),
      )
      .get('/presents', () => json(page([welcomePack])))
      .get('/present-distributions', () => json(page([])))
      .post('/present-distributions/preview', (req) =>
        json({ recipients: (req.body as { playerIds: number[] }).playerIds.length, unknownIds: 0 }),
      )
      .post('/players/validate-ids', () => json({ unknown: [] }))
      .post(
        '/present-distributions',
        (req) =>
          unlessScopeTyped(req.headers, '3 players', 'presentDistribution.create') ??
          json({ ...doneSend, id: 42, status: 'scheduled', recipientCount: 3 }, 201),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/present/distribution' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^Present/ }),
      await screen.findByRole('option', { name: /Welcome pack/ }),
    );
    await user.click(screen.getByLabelText('A list of player ids'));
    await user.click(screen.getByRole('button', { name: 'Paste or upload ids' }));
    const paste = await screen.findByRole('dialog');
    await user.type(within(paste).getByRole('textbox'), '5, 6, 7');
    await user.click(within(paste).getByRole('button', { name: 'Check ids' }));
    await user.click(await within(paste).findByRole('button', { name: 'Use these ids' }));
    expect(await screen.findByText('3 players will receive it.')).toBeInTheDocument();
    // Watched from the send on (the paste dialog is closed by now).
    const dialogs = watchDialogs();
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const confirm = await screen.findByRole('alertdialog');
    const field = within(confirm).queryByLabelText('Type "3 players" to confirm');
    if (field) {
      expect(within(confirm).getByRole('button', { name: 'Send' })).toBeDisabled();
      await user.type(field, '3 players');
    }
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(bff.calls('POST', '/present-distributions').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: /^Confirm a change to/ }) ?? screen.queryByText(/queued for/)).not.toBeNull(),
    );
    dialogs.stop();
    expect(dialogs.titles).toEqual(['Send "Welcome pack"?']);
    expect(bff.calls('POST', '/present-distributions')).toHaveLength(1);
    expect(bff.calls('POST', '/present-distributions')[0]!.headers.get('x-confirm-scope')).toBe('3 players');
  });
});
