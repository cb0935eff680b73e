import { screen, within } from '@testing-library/react';
import type { LedgerEntry, PointAccount } from '@phoenix/contract';
import { apiError, fakeBff, json, page, renderWithShell } from '@phoenix/shell/src/testing';
import '../../i18n';
import PlayerPointsSection from './PlayerPointsSection';

const account: PointAccount = {
  id: 42,
  version: 3,
  wallet: null,
  balance: 1250,
  boosterPercent: 25,
  lastActivityAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  updatedBy: null,
};
const checkin: LedgerEntry = {
  id: 5,
  playerId: 42,
  kind: 'checkin',
  amount: 25,
  balanceAfter: 1250,
  reason: 'Check-in day 7',
  reversesId: null,
  reversedById: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  createdBy: null,
};

const renderSection = (bff: ReturnType<typeof fakeBff>) =>
  renderWithShell(<PlayerPointsSection playerId={42} playerVersion={1} />, { bff });

/**
 * The points API as it answers: the list filtered by `q` (digits: the exact id; here an account whose id
 * merely starts with the same digits would not match), one account by id, else a 404.
 */
const pointsApi = (accounts: PointAccount[], ledger: LedgerEntry[] = []) =>
  fakeBff()
    .get('/point-accounts', (req) => json(page(accounts.filter((a) => String(a.id) === req.query.get('q')))))
    .get('/point-accounts/:id', (req) => {
      const found = accounts.find((a) => String(a.id) === req.params.id);
      return found ? json(found) : apiError(404, 'not_found', 'This point account does not exist');
    })
    .get('/point-accounts/:id/ledger', () => json(page(ledger)));

/** Every answer's status, by request, as the browser's network log would show them. */
function recordStatuses(bff: ReturnType<typeof fakeBff>) {
  const statuses: string[] = [];
  const fetch = bff.fetch;
  bff.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const request = input instanceof Request ? input : new Request(input, init);
    statuses.push(`${response.status} ${request.method} ${new URL(request.url).pathname}`);
    return response;
  }) as typeof fetch;
  return statuses;
}

describe("the player view's points section", () => {
  it('shows the account and its last ledger entries, in a table named by its caption', async () => {
    renderSection(pointsApi([account], [checkin]));
    const region = screen.getByRole('region', { name: 'Points account' });
    expect(await within(region).findByText('1,250 points')).toBeInTheDocument();
    expect(within(region).getByText('+25%')).toBeInTheDocument();
    const ledger = await within(region).findByRole('table', { name: 'Last ledger entries' });
    expect(within(ledger).getByRole('cell', { name: 'Check-in day 7' })).toBeInTheDocument();
    expect(within(ledger).getByRole('cell', { name: '+25' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Full ledger and adjustments' })).toHaveAttribute('href', '/admin/points/users?id=42');
  });

  it('says "No points account yet" for a player without one, and asks nothing that answers 404', async () => {
    const bff = pointsApi([{ ...account, id: 420 }]);
    const statuses = recordStatuses(bff);
    renderSection(bff);
    const region = screen.getByRole('region', { name: 'Points account' });
    expect(await within(region).findByText('No points account yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
    const points = statuses.filter((s) => s.includes('/point-accounts'));
    expect(points).toEqual(['200 GET /point-accounts']);
    expect(statuses.filter((s) => s.startsWith('404'))).toEqual([]);
    expect(bff.calls('GET', '/point-accounts')[0]!.query.get('q')).toBe('42');
  });

  it('says it in Japanese too', async () => {
    renderWithShell(<PlayerPointsSection playerId={42} playerVersion={1} />, { bff: pointsApi([]), language: 'ja' });
    expect(await screen.findByText('ポイントアカウントはまだありません。')).toBeInTheDocument();
  });

  it('says so when the ledger is empty', async () => {
    renderSection(pointsApi([account]));
    expect(await screen.findByText('No ledger entries yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed ledger with a retry under the account', async () => {
    renderSection(pointsApi([account]).get('/point-accounts/42/ledger', () => apiError(500, 'internal', 'Database unavailable')));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('1,250 points')).toBeInTheDocument();
  });
});
