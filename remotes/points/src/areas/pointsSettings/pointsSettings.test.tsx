import { apiError, fakeBff, json, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { DailyCheckin, DocumentVersion, PointsMaintenance, ReferralSettings } from '@phoenix/contract';
import pages from '../../pages';

const audit = { version: 3, updatedAt: '2026-01-01T10:00:00.000Z', updatedBy: 'ops@example.com' };

/** A points API holding one document at `path`, with its history, 409 on a stale version. */
function documentApi<T extends { version: number }>(path: string, initial: T) {
  let doc = initial;
  const history: DocumentVersion<T>[] = [
    { version: doc.version, savedAt: audit.updatedAt, savedBy: audit.updatedBy, restoredFrom: null, value: doc },
  ];
  const api = fakeBff()
    .get(path, () => json(doc))
    .get(`${path}/history`, () => json({ items: [...history].reverse(), total: history.length, page: 1, pageSize: 10 }))
    .put(path, (req) => {
      const body = req.body as T;
      if (body.version !== doc.version) return apiError(409, 'conflict', 'Version mismatch', { current: doc });
      doc = { ...doc, ...body, version: doc.version + 1 };
      history.push({ version: doc.version, savedAt: audit.updatedAt, savedBy: 'admin@phoenix.local', restoredFrom: null, value: doc });
      return json(doc);
    });
  return api;
}

test('daily check-in: edits one streak day, refuses a negative one on the client, and the history shows the new version', async () => {
  const api = documentApi<DailyCheckin>('/settings/daily-checkin', { rewards: [10, 20, 30, 40, 50, 60, 100], ...audit });
  const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-daily-checkin' });

  const day7 = await screen.findByLabelText('Day 7');
  await user.clear(day7);
  await user.type(day7, '-5');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(day7).toHaveAccessibleDescription(expect.stringContaining('Points cannot be negative')));
  expect(api.calls('PUT', '/settings/daily-checkin')).toHaveLength(0);

  await user.clear(day7);
  await user.type(day7, '250');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(api.calls('PUT', '/settings/daily-checkin')).toHaveLength(1));
  expect(api.calls('PUT', '/settings/daily-checkin')[0]!.body).toEqual({ rewards: [10, 20, 30, 40, 50, 60, 250], version: 3 });
  const history = await screen.findByRole('region', { name: 'History' });
  expect(await within(history).findByRole('button', { name: 'Restore version 3' })).toBeInTheDocument();
});

test('referral: an empty cap is sent as "no cap" (null)', async () => {
  const api = documentApi<ReferralSettings>('/settings/referral', {
    referrerReward: 100,
    refereeReward: 50,
    capPerReferrer: 10,
    totalCap: null,
    requiredActivity: 'firstCheckin',
    ...audit,
  });
  const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-referral' });
  await user.clear(await screen.findByLabelText('Rewarded referrals per referrer'));
  await user.selectOptions(screen.getByLabelText('Referee must reach'), 'First completed task');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(api.calls('PUT', '/settings/referral')).toHaveLength(1));
  expect(api.calls('PUT', '/settings/referral')[0]!.body).toMatchObject({
    capPerReferrer: null,
    totalCap: null,
    requiredActivity: 'firstTask',
  });
});

test('points maintenance: turning it on needs a message and a confirm', async () => {
  const api = documentApi<PointsMaintenance>('/settings/maintenance', { enabled: false, message: '', ...audit });
  const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/maintenance' });
  expect(await screen.findByText('Points maintenance is OFF')).toBeInTheDocument();
  await user.click(screen.getByRole('switch', { name: 'Points programme in maintenance' }));
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Message to players')).toHaveAccessibleDescription(expect.stringContaining('Tell players why')),
  );
  expect(screen.queryByRole('alertdialog')).toBeNull();

  await user.type(screen.getByLabelText('Message to players'), 'Ledger upgrade');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Turn points maintenance on?' });
  await user.click(within(dialog).getByRole('button', { name: 'Turn points maintenance on' }));
  expect(await screen.findByText('Points maintenance is ON')).toBeInTheDocument();
  expect(api.calls('PUT', '/settings/maintenance')[0]!.body).toEqual({ enabled: true, message: 'Ledger upgrade', version: 3 });
});

test('points maintenance where a second admin approves: filed as a change request at the points API, listed above the form', async () => {
  const api = documentApi<PointsMaintenance>('/settings/maintenance', { enabled: false, message: '', ...audit })
    .put('/settings/maintenance', () =>
      apiError(428, 'approval_required', 'needs approval', {
        current: { scope: 'points maintenance', operation: 'pointsMaintenance.update' },
      }),
    )
    .post('/change-requests', (req) => json({ id: 21, scope: 'points maintenance', ...(req.body as object) }, 201))
    .get('/change-requests', (req) =>
      json({
        items:
          req.query.get('view') === 'pending' && req.query.get('service') === 'points'
            ? [{ id: 20, status: 'pending', requestedBy: { id: 1, email: 'b@example.com' }, scheduledAt: null }]
            : [],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    );
  const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/maintenance' });
  expect(await screen.findByText(/#20 by b@example.com: waiting for approval/)).toBeInTheDocument();
  const read = api.calls('GET', '/change-requests')[0]!;
  expect({ origin: read.origin, path: read.query.get('path'), service: read.query.get('service') }).toEqual({
    origin: 'http://api.test',
    path: '/settings/maintenance',
    service: 'points',
  });

  await user.click(screen.getByRole('switch', { name: 'Points programme in maintenance' }));
  await user.type(screen.getByLabelText('Message to players'), 'Ledger upgrade');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Turn points maintenance on?' })).getByRole('button', {
      name: 'Turn points maintenance on',
    }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Request approval: points maintenance' });
  await user.type(within(dialog).getByLabelText(/Reason/), 'Ledger upgrade tonight');
  await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
  await waitFor(() => expect(api.calls('POST', '/change-requests')).toHaveLength(1));
  const filed = api.calls('POST', '/change-requests')[0]!;
  expect(filed.origin).toBe('http://points.test');
  expect(filed.body).toMatchObject({
    method: 'PUT',
    path: '/settings/maintenance',
    body: { enabled: true, message: 'Ledger upgrade', version: 3 },
  });
  expect(screen.getByText('Points maintenance is OFF')).toBeInTheDocument();
});
