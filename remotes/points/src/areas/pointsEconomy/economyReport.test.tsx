import { screen, waitFor, within } from '@testing-library/react';
import type { EconomyReconciliation, EconomyReport } from '@phoenix/contract';
import { apiError, fakeBff, json, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';

const balanced: EconomyReconciliation = {
  at: '2030-01-15T09:00:00.000Z',
  entriesTotal: 15_000,
  balancesTotal: 15_000,
  accountsOff: 0,
  ticketsWithoutDebit: 0,
  unpaidPrizes: 0,
  mismatches: [],
};
const report = (over: Partial<EconomyReport> = {}): EconomyReport => ({
  from: '2030-01-14',
  to: '2030-01-15',
  days: [
    {
      day: '2030-01-14',
      issued: { taskReward: 500, checkin: 20 },
      spent: { lottery: 200 },
      refunded: 0,
      reversedAway: 0,
      circulation: 14_320,
      entries: 5,
    },
    { day: '2030-01-15', issued: { lottery: 1_000 }, spent: {}, refunded: 100, reversedAway: 20, circulation: 15_400, entries: 3 },
  ],
  reconciliation: balanced,
  lastNightly: null,
  ...over,
});

describe('economy report', () => {
  it('shows the period from the URL: the books balance, every figure, and the days with their sources and sinks', async () => {
    const api = fakeBff().get('/economy/report', () => json(report()));
    renderRemotePage(pages, { bff: api, url: '/admin/points/economy?from=2030-01-14&to=2030-01-15' });
    expect(await screen.findByRole('heading', { name: 'Economy Report', level: 1 })).toBeInTheDocument();
    const reconciliation = await screen.findByRole('region', { name: 'Reconciliation' });
    expect(within(reconciliation).getByText('The books balance').closest('[role="status"]')).toBeInTheDocument();
    expect(
      within(reconciliation).getByText('Accounts whose balance differs from their entries (0 expected)').nextSibling,
    ).toHaveTextContent('0');
    expect(within(reconciliation).getByText('Not run yet: it runs every night at 03:00 UTC')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Points per day from 2030-01-14 to 2030-01-15 (UTC)' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2030-01-14520Task reward 500 · Check-in 20200Lottery 20000320');
    expect(rows[2]).toHaveTextContent('2030-01-151,000Lottery 1,000010020');
    expect(rows[3]).toHaveTextContent('Total1,52020010020');
    const [call] = api.calls('GET', '/economy/report');
    expect(Object.fromEntries(call!.query)).toEqual({ from: '2030-01-14', to: '2030-01-15' });
  });

  it("shows the days as charts, each with a table of its numbers (the kit's chart, as on the dashboard)", async () => {
    renderRemotePage(pages, {
      bff: fakeBff().get('/economy/report', () => json(report())),
      url: '/admin/points/economy?from=2030-01-14&to=2030-01-15',
    });
    const charts = await screen.findByRole('region', { name: 'Charts' });
    const issued = within(charts).getByRole('table', { name: 'Points issued per day, by source' });
    expect(
      within(issued)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'Task reward', 'Check-in', 'Lottery']);
    expect(
      within(issued)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['500', '20', '0'],
      ['0', '0', '1,000'],
    ]);
    const circulation = within(charts).getByRole('table', { name: "Points in circulation at each day's end" });
    expect(
      within(circulation)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['14,320', '15,400']);
    expect(within(charts).getByRole('button', { name: 'Table view of Points spent per day, by sink' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('says which figures are off, and what the nightly run found', async () => {
    const off = {
      ...balanced,
      balancesTotal: 15_005,
      accountsOff: 1,
      unpaidPrizes: 2,
      mismatches: ['totals', 'accountsOff', 'unpaidPrizes'],
    } as EconomyReconciliation;
    const api = fakeBff().get('/economy/report', () => json(report({ reconciliation: off, lastNightly: off })));
    renderRemotePage(pages, { bff: api, url: '/admin/points/economy?from=2030-01-14&to=2030-01-15' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The books do not balance: 3 figures are off');
    expect(alert).toHaveTextContent('Some accounts’ balances differ from their entries.'.replace('’', "'"));
    expect(alert).toHaveTextContent('Some drawn prizes are unpaid: pay them from their round’s page.'.replace('’', "'"));
    expect(screen.getByText(/: 3 figures were off$/)).toBeInTheDocument();
  });

  it('a new period: refused in the form when it cannot be (nothing sent), else put in the URL and asked for', async () => {
    const api = fakeBff().get('/economy/report', (req) => json(report({ from: req.query.get('from')!, to: req.query.get('to')! })));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/economy?from=2030-01-14&to=2030-01-15' });
    await screen.findByRole('region', { name: 'Reconciliation' });
    const from = screen.getByLabelText('First day', { exact: false });
    const to = screen.getByLabelText('Last day', { exact: false });
    await user.clear(to);
    await user.type(to, '2030-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The last day is on or after the first')).toBeInTheDocument();
    expect(api.calls('GET', '/economy/report')).toHaveLength(1);
    expect(to).toHaveValue('2030-01-01');

    await user.clear(from);
    await user.type(from, '2029-12-25');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.calls('GET', '/economy/report')).toHaveLength(2));
    expect(Object.fromEntries(api.calls('GET', '/economy/report')[1]!.query)).toEqual({ from: '2029-12-25', to: '2030-01-01' });
    expect(screen.queryByText('The last day is on or after the first')).not.toBeInTheDocument();
  });

  it('a link with a period the API refuses shows the reason on its field, in Japanese on the Japanese console', async () => {
    const api = fakeBff().get('/economy/report', () =>
      apiError(400, 'validation_failed', 'Some fields are invalid', { fieldErrors: { to: ['A report covers at most 92 days'] } }),
    );
    renderRemotePage(pages, { bff: api, url: '/admin/points/economy?from=2029-01-01&to=2030-01-15', language: 'ja' });
    expect(await screen.findByText('レポートの期間は最大 92 日です')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '経済レポート', level: 1 })).toBeInTheDocument();
  });
});
