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

describe("the player view's points section", () => {
  it('shows the account and its last ledger entries, in a table named by its caption', async () => {
    renderSection(
      fakeBff()
        .get('/point-accounts/42', () => json(account))
        .get('/point-accounts/42/ledger', () => json(page([checkin]))),
    );
    const region = screen.getByRole('region', { name: 'Points account' });
    expect(await within(region).findByText('1,250 points')).toBeInTheDocument();
    expect(within(region).getByText('+25%')).toBeInTheDocument();
    const ledger = await within(region).findByRole('table', { name: 'Last ledger entries' });
    expect(within(ledger).getByRole('cell', { name: 'Check-in day 7' })).toBeInTheDocument();
    expect(within(ledger).getByRole('cell', { name: '+25' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Full ledger and adjustments' })).toHaveAttribute('href', '/admin/points/users?id=42');
  });

  it('says so when the player has no account (404), and when the ledger is empty', async () => {
    const { unmount } = renderSection(fakeBff().get('/point-accounts/42', () => apiError(404, 'not_found', 'No such account')));
    expect(await screen.findByText('This player has no points account yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    renderSection(
      fakeBff()
        .get('/point-accounts/42', () => json(account))
        .get('/point-accounts/42/ledger', () => json(page([]))),
    );
    expect(await screen.findByText('No ledger entries yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed ledger with a retry under the account', async () => {
    renderSection(
      fakeBff()
        .get('/point-accounts/42', () => json(account))
        .get('/point-accounts/42/ledger', () => apiError(500, 'internal', 'Database unavailable')),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('1,250 points')).toBeInTheDocument();
  });
});
