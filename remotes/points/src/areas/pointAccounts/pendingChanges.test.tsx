import { screen } from '@testing-library/react';
import type { ChangeRequest, PointAccount } from '@phoenix/contract';
import { fakeBff, json, page, renderRemotePage, type FakeRequest } from '@phoenix/shell/src/testing';
import pages from '../../pages';

/**
 * A point account's detail shows the adjustments above the threshold still waiting for a second
 * admin (or their time): the points API declares them global (its own settings), the BFF lists them.
 */
const alice: PointAccount = {
  id: 7,
  wallet: null,
  balance: 130,
  boosterPercent: 0,
  lastActivityAt: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  updatedBy: null,
};

const adjustment: ChangeRequest = {
  id: 61,
  service: 'points',
  operation: 'pointAccount.adjust',
  method: 'POST',
  path: '/point-accounts/7/adjustments',
  body: { amount: 500000, reason: 'Tournament prize' },
  scope: '500000 points on point account 7',
  preview: { scope: '500000 points on point account 7', current: alice, diff: [] },
  reason: 'Tournament prize',
  preparedVersion: 'version:3',
  status: 'scheduled',
  scheduledAt: '2030-01-20T09:00:00.000Z',
  expiresAt: '2030-01-16T09:00:00.000Z',
  requestedBy: { id: 1, email: 'a@example.com' },
  decidedBy: { id: 2, email: 'b@example.com' },
  decisionComment: null,
  decidedAt: '2030-01-15T10:00:00.000Z',
  appliedAt: null,
  result: null,
  error: null,
  version: 2,
  createdAt: '2030-01-15T09:00:00.000Z',
};

const POINTS = 'http://points.test';

it("a point account's detail lists its scheduled adjustment (declared global by the points API)", async () => {
  const api = fakeBff()
    // Only the points API declares the adjustment: the BFF's settings have nothing on point accounts.
    .get('/change-requests/settings', (req) =>
      json({
        mode: 'approve',
        ttlHours: 24,
        bulkIdsAbove: 1000,
        adjustmentPointsAbove: 100000,
        operations: req.origin === POINTS ? [{ name: 'pointAccount.adjust', method: 'POST', url: '/point-accounts/:id/adjustments' }] : [],
      }),
    )
    .get('/change-requests', (req: FakeRequest) =>
      json(page(req.query.get('view') === 'scheduled' && req.query.get('target') === '/point-accounts/7' ? [adjustment] : [])),
    )
    .get('/point-accounts', () => json(page([alice])))
    .get('/point-accounts/7', () => json(alice))
    .get('/point-accounts/7/ledger', () => json(page([])));
  renderRemotePage(pages, { bff: api, url: '/admin/points/users?id=7' });

  expect(await screen.findByText(/^#61 by a@example\.com: approved, applies/)).toBeInTheDocument();
  // The detail's read (the list behind it reads the requests under /point-accounts for its row markers).
  const read = api.calls('GET', '/change-requests').find((call) => call.query.get('target') !== '/point-accounts')!;
  expect({ origin: read.origin, target: read.query.get('target'), service: read.query.get('service') }).toEqual({
    origin: 'http://api.test',
    target: '/point-accounts/7',
    service: 'points',
  });
});
