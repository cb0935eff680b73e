import { fakeBff, json, renderRemotePage, unlessScopeTyped, watchDialogs } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { DocumentVersion, HealthSettings } from '@phoenix/contract';
import pages from '../../pages';

/**
 * A "confirm" environment: restoring an old version of a global document asks once. The server
 * names its scope in its own words ('game balance health'); its settings say them, so the restore
 * confirm asks that scope typed and the call carries it: the server's 428 never opens a second dialog.
 */
const v1: HealthSettings = { maxHealth: 100, regenerationPerMinute: 1, version: 1, updatedAt: '2025-01-01T00:00:00.000Z', updatedBy: null };
const v2: HealthSettings = { ...v1, maxHealth: 150, version: 2, updatedAt: '2025-02-01T00:00:00.000Z', updatedBy: 'ops@example.com' };
const saved = (doc: HealthSettings): DocumentVersion<HealthSettings> => ({
  version: doc.version,
  savedAt: doc.updatedAt,
  savedBy: doc.updatedBy,
  restoredFrom: null,
  value: doc,
});
const SCOPE = 'game balance health';

function healthBff(mode: 'confirm' | 'off') {
  return fakeBff()
    .get('/change-requests/settings', () =>
      json({
        mode,
        ttlHours: 24,
        bulkIdsAbove: 1000,
        adjustmentPointsAbove: 100000,
        operations: [
          { name: 'health.update', method: 'PUT', url: '/game-balance/health', scope: SCOPE },
          { name: 'health.restore', method: 'POST', url: '/game-balance/health/history/:version/restore', scope: SCOPE },
        ],
      }),
    )
    .get('/change-requests', () => json({ items: [], total: 0, page: 1, pageSize: 20 }))
    .get('/game-balance/health', () => json(v2))
    .get('/game-balance/health/history', () => json({ items: [saved(v2), saved(v1)], total: 2, page: 1, pageSize: 10 }))
    .post(
      '/game-balance/health/history/:version/restore',
      (req) =>
        (mode === 'confirm' ? unlessScopeTyped(req.headers, SCOPE, 'health.restore') : null) ??
        json({ ...v1, version: 3, updatedAt: '2025-03-01T00:00:00.000Z', updatedBy: 'me@example.com' }),
    );
}

it('restoring a version asks once: the restore confirm with "game balance health" typed', async () => {
  const dialogs = watchDialogs();
  const bff = healthBff('confirm');
  const { user } = renderRemotePage(pages, { bff, url: '/admin/health' });
  await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 1 of the health settings?' });
  // Typed where this confirm asks it (one without the field meets the server's 428: a second dialog).
  const field = within(dialog).queryByLabelText(`Type "${SCOPE}" to confirm`);
  if (field) {
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeDisabled();
    await user.type(field, SCOPE);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

  await waitFor(() =>
    expect(
      screen.queryByRole('alertdialog', { name: /^Confirm a change to/ }) ?? screen.queryByText('Restored version 1 as version 3.'),
    ).not.toBeNull(),
  );
  dialogs.stop();
  expect(dialogs.titles).toEqual(['Restore version 1 of the health settings?']);
  expect(bff.calls('POST', '/game-balance/health/history/1/restore')).toHaveLength(1);
  expect(bff.calls('POST', '/game-balance/health/history/1/restore')[0]!.headers.get('x-confirm-scope')).toBe(SCOPE);
});

it('"off": the restore confirm asks no scope and the call carries none', async () => {
  const bff = healthBff('off');
  const { user } = renderRemotePage(pages, { bff, url: '/admin/health' });
  await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 1 of the health settings?' });
  expect(within(dialog).queryByLabelText(/to confirm$/)).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
  expect(await screen.findByText('Restored version 1 as version 3.')).toBeInTheDocument();
  expect(bff.calls('POST', '/game-balance/health/history/1/restore')[0]!.headers.get('x-confirm-scope')).toBeNull();
});
