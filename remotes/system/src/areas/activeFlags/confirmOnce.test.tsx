import { fakeBff, json, page, renderRemotePage, unlessScopeTyped, watchDialogs } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import pages from '../../pages';
import { doubleUp } from './fixtures';

/**
 * A "confirm" environment (CHANGE_CONTROL=confirm): the switch's own confirm asks the flag's scope
 * typed and the PATCH carries it, so the server's 428 never opens a second dialog.
 */
describe('a flag switched in a "confirm" environment', () => {
  it('asks once: the switch confirm with "flag <id>" typed (the action is declared global)', async () => {
    const dialogs = watchDialogs();
    const bff = fakeBff()
      .get('/change-requests/settings', () =>
        json({
          mode: 'confirm',
          ttlHours: 24,
          operations: [{ name: 'activeFlag.enabled', method: 'PATCH', url: '/active-flags/:id/enabled' }],
        }),
      )
      .get('/active-flags', () => json(page([doubleUp])))
      .patch(
        '/active-flags/:id/enabled',
        (req) =>
          unlessScopeTyped(req.headers, `flag ${doubleUp.id}`, 'activeFlag.enabled') ??
          json({ ...doubleUp, enabled: false, version: doubleUp.version + 1 }),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/activeFlag' });
    await user.click(await screen.findByRole('switch', { name: 'battle.double-up' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Turn off battle.double-up?' });
    // Typed where this confirm asks it (one without the field meets the server's 428: a second dialog).
    const field = within(dialog).queryByLabelText(`Type "flag ${doubleUp.id}" to confirm`);
    if (field) {
      expect(within(dialog).getByRole('button', { name: 'Turn off' })).toBeDisabled();
      await user.type(field, `flag ${doubleUp.id}`);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() =>
      expect(
        screen.queryByRole('alertdialog', { name: /^Confirm a change to/ }) ?? screen.queryByText('battle.double-up is now off.'),
      ).not.toBeNull(),
    );
    dialogs.stop();
    expect(dialogs.titles).toEqual(['Turn off battle.double-up?']);
    expect(bff.calls('PATCH', `/active-flags/${doubleUp.id}/enabled`)).toHaveLength(1);
    expect(bff.calls('PATCH', `/active-flags/${doubleUp.id}/enabled`)[0]!.headers.get('x-confirm-scope')).toBe(`flag ${doubleUp.id}`);
  });

  it('a delete asks once: its confirm with "flag <id>" typed (the operation is declared global)', async () => {
    const dialogs = watchDialogs();
    const bff = fakeBff()
      .get('/change-requests/settings', () =>
        json({ mode: 'confirm', ttlHours: 24, operations: [{ name: 'activeFlag.delete', method: 'DELETE', url: '/active-flags/:id' }] }),
      )
      .get('/active-flags', () => json(page([doubleUp])))
      .delete(
        '/active-flags/:id',
        (req) => unlessScopeTyped(req.headers, `flag ${doubleUp.id}`, 'activeFlag.delete') ?? json({ ok: true }),
      );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/activeFlag' });
    await user.click(await screen.findByRole('button', { name: 'Delete battle.double-up' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete flag battle.double-up?' });
    const field = within(dialog).queryByLabelText(`Type "flag ${doubleUp.id}" to confirm`);
    if (field) {
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
      await user.type(field, `flag ${doubleUp.id}`);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: /^Confirm a change to/ }) ?? screen.queryByText(/^Deleted/)).not.toBeNull(),
    );
    dialogs.stop();
    expect(dialogs.titles).toEqual(['Delete flag battle.double-up?']);
    expect(bff.calls('DELETE', `/active-flags/${doubleUp.id}`)).toHaveLength(1);
    expect(bff.calls('DELETE', `/active-flags/${doubleUp.id}`)[0]!.query.get('version')).toBe(String(doubleUp.version));
  });
});
