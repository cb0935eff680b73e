import { fakeBff, json, renderRemotePage, unlessScopeTyped, watchDialogs } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { MaintenanceStatus } from '@phoenix/contract';
import pages from '../../pages';

/**
 * A "confirm" environment: turning maintenance on asks once. Its own confirm (naming the effect)
 * asks the scope the server's settings name ('maintenance') typed, and the save carries it.
 */
const off: MaintenanceStatus = {
  enabled: false,
  message: 'Patch 2.1 rollout',
  plannedStart: null,
  plannedEnd: null,
  allowedPlayerIds: [],
  version: 4,
  updatedAt: '2025-02-01T10:00:00.000Z',
  updatedBy: 'ops@example.com',
};

it('turning maintenance on asks once: its confirm with "maintenance" typed', async () => {
  const dialogs = watchDialogs();
  const bff = fakeBff()
    .get('/change-requests/settings', () =>
      json({
        mode: 'confirm',
        ttlHours: 24,
        bulkIdsAbove: 1000,
        adjustmentPointsAbove: 100000,
        operations: [{ name: 'maintenance.update', method: 'PUT', url: '/maintenance', scope: 'maintenance' }],
      }),
    )
    .get('/change-requests', () => json({ items: [], total: 0, page: 1, pageSize: 20 }))
    .get('/maintenance', () => json(off))
    .get('/maintenance/history', () => json({ items: [], total: 0, page: 1, pageSize: 10 }))
    .put(
      '/maintenance',
      (req) =>
        unlessScopeTyped(req.headers, 'maintenance', 'maintenance.update') ??
        json({ ...off, ...(req.body as object), enabled: true, version: 5 }),
    );
  const { user } = renderRemotePage(pages, { bff, url: '/admin/maintenance' });
  await user.click(await screen.findByRole('button', { name: 'Turn maintenance on' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Turn maintenance on?' });
  const field = within(dialog).queryByLabelText('Type "maintenance" to confirm');
  if (field) {
    expect(within(dialog).getByRole('button', { name: 'Turn maintenance on' })).toBeDisabled();
    await user.type(field, 'maintenance');
  }
  await user.click(within(dialog).getByRole('button', { name: 'Turn maintenance on' }));

  await waitFor(() =>
    expect(
      screen.queryByRole('alertdialog', { name: /^Confirm a change to/ }) ?? screen.queryByRole('heading', { name: /Maintenance is ON/ }),
    ).not.toBeNull(),
  );
  dialogs.stop();
  expect(dialogs.titles).toEqual(['Turn maintenance on?']);
  expect(bff.calls('PUT', '/maintenance')).toHaveLength(1);
  expect(bff.calls('PUT', '/maintenance')[0]!.headers.get('x-confirm-scope')).toBe('maintenance');
});
