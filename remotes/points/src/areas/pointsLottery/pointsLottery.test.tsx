import { screen, waitFor, within } from '@testing-library/react';
import { keyedMessage, type LotteryRound } from '@phoenix/contract';
import { apiError, csv, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';

const weekly: LotteryRound = {
  id: 31,
  name: 'Weekly lottery',
  ticketPrice: 100,
  prizes: [
    { rank: 1, reward: 10_000, count: 1 },
    { rank: 2, reward: 1_000, count: 3 },
  ],
  drawAt: '2099-01-08T12:00:00.000Z',
  status: 'open',
  seedHash: 'a'.repeat(64),
  seed: null,
  ticketCount: 0,
  drawnAt: null,
  winners: [],
  cancelledAt: null,
  cancelledBy: null,
  refund: null,
  version: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
  updatedBy: 'ops@example.com',
};
const monthly: LotteryRound = { ...weekly, id: 32, name: 'Monthly lottery', version: 1 };

describeResourcePages({
  pages,
  base: 'points-lottery',
  records: [weekly, monthly],
  sort: { header: /Ticket price/, key: 'ticketPrice' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Drawn', value: 'drawn' },
  create: {
    fill: async (user) => {
      await user.type(screen.getByLabelText('Name', { exact: false }), 'Spring lottery');
    },
    serverError: { field: 'name', label: 'Name' },
  },
});

describe('lottery rounds: domain rules', () => {
  it('a drawn round shows the published hash, the revealed seed, the tickets, the winners and how to check them; it is read-only', async () => {
    const drawn: LotteryRound = {
      ...weekly,
      status: 'drawn',
      seed: 'b'.repeat(64),
      ticketCount: 18,
      drawnAt: '2099-01-08T12:00:02.000Z',
      winners: [
        { slot: 0, rank: 1, reward: 10_000, ticketId: 907, playerId: 44, entryId: 5001, unpaidReason: null },
        { slot: 1, rank: 2, reward: 1_000, ticketId: 903, playerId: 12, entryId: 5002, unpaidReason: null },
      ],
    };
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([drawn])))
      .get('/lottery/rounds/31', () => json(drawn));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const proof = await screen.findByRole('region', { name: 'Verifiable draw' });
    expect(within(proof).getByText('a'.repeat(64))).toBeInTheDocument();
    expect(within(proof).getByText('b'.repeat(64))).toBeInTheDocument();
    expect(within(proof).getByText('18')).toBeInTheDocument();
    const winners = within(proof).getByRole('table', { name: 'Winners' });
    expect(within(winners).getAllByRole('row')).toHaveLength(3);
    expect(within(winners).getByText('907')).toBeInTheDocument();
    // Each prize next to the ledger entry that paid it.
    expect(within(winners).getByText('Ledger entry 5001')).toBeInTheDocument();
    expect(within(winners).getByText('Ledger entry 5002')).toBeInTheDocument();
    expect(within(proof).getByText(/HMAC-SHA256 with the seed bytes as key/)).toBeInTheDocument();
    expect(screen.getByText('This round has been drawn: it can no longer change.')).toBeInTheDocument();
  });

  it('an open round shows its hash but not the seed yet', async () => {
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([weekly])))
      .get('/lottery/rounds/31', () => json(weekly));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const proof = await screen.findByRole('region', { name: 'Verifiable draw' });
    expect(within(proof).getByText('Revealed after the draw')).toBeInTheDocument();
    expect(within(proof).getByText(/The winners are drawn at/)).toBeInTheDocument();
  });

  it('an open page whose draw is due asks again until the round is drawn, then shows the winners and the seed', async () => {
    const due: LotteryRound = { ...weekly, drawAt: new Date(Date.now() - 1_000).toISOString(), ticketCount: 3, status: 'drawing' };
    const drawn: LotteryRound = {
      ...due,
      status: 'drawn',
      seed: 'c'.repeat(64),
      drawnAt: new Date().toISOString(),
      winners: [{ slot: 0, rank: 1, reward: 10_000, ticketId: 5, playerId: 7, entryId: 70, unpaidReason: null }],
      version: 3,
    };
    let asked = 0;
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([due])))
      .get('/lottery/rounds/31', () => json(++asked < 2 ? due : drawn));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const proof = await screen.findByRole('region', { name: 'Verifiable draw' });
    expect(within(proof).getByText('Revealed after the draw')).toBeInTheDocument();
    // Due but not drawn yet: the page says the draw is running, not that it will happen at a past time.
    expect(
      within(proof).getByText(/^The draw was due at .+: it is running, and the winners appear here once it is done\.$/),
    ).toBeInTheDocument();
    const winners = await within(proof).findByRole('table', { name: 'Winners' }, { timeout: 8_000 });
    expect(within(winners).getByText('5')).toBeInTheDocument();
    expect(within(proof).getByText('c'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('This round has been drawn: it can no longer change.')).toBeInTheDocument();
  });

  it('an open page whose draw is days away does not ask again', async () => {
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([weekly])))
      .get('/lottery/rounds/31', () => json(weekly));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    await screen.findByRole('region', { name: 'Verifiable draw' });
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(api.calls('GET', '/lottery/rounds/31')).toHaveLength(1);
  });

  it('with tickets sold, the price and prizes are shown fixed and a rename sends them unchanged', async () => {
    const sold: LotteryRound = { ...weekly, ticketCount: 5 };
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([sold])))
      .get('/lottery/rounds/31', () => json(sold))
      .put('/lottery/rounds/31', (req) => json({ ...sold, ...(req.body as object), version: 3 }));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    expect(await screen.findByText('5 tickets have been sold: the ticket price and the prizes can no longer change.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Prize 1 reward (points)', { exact: false })).not.toBeInTheDocument();
    const name = screen.getByLabelText('Name', { exact: false });
    await user.clear(name);
    await user.type(name, 'Weekly lottery, renamed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls('PUT', '/lottery/rounds/31')).toHaveLength(1));
    expect(api.calls('PUT', '/lottery/rounds/31')[0].body).toMatchObject({
      name: 'Weekly lottery, renamed',
      ticketPrice: 100,
      prizes: weekly.prizes,
      version: 2,
    });
  });

  it('refuses a prize count of 0 before sending', async () => {
    const api = fakeBff().get('/lottery/rounds', () => json(page([])));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?create=1' });
    await user.type(await screen.findByLabelText('Name', { exact: false }), 'Zero');
    // A draw can be seconds away: the draw time is picked to the second.
    expect(screen.getByLabelText('Draw time', { exact: false })).toHaveAttribute('step', '1');
    const count = screen.getByLabelText('Prize 1 winners', { exact: false });
    await user.clear(count);
    await user.type(count, '0');
    await user.click(screen.getByRole('button', { name: 'Create lottery round' }));
    expect(await screen.findByText('The count is at least 1')).toBeInTheDocument();
    expect(api.calls('POST', '/lottery/rounds')).toHaveLength(0);
  });
});

const ticketPage = (over: Record<string, unknown> = {}) => ({
  items: [
    { id: 901, playerId: 44, entryId: 801, createdAt: '2030-01-03T00:00:00.000Z' },
    { id: 902, playerId: 12, entryId: 802, createdAt: '2030-01-03T00:01:00.000Z' },
    { id: 903, playerId: 44, entryId: 803, createdAt: '2030-01-03T00:02:00.000Z' },
  ],
  total: 3,
  page: 1,
  pageSize: 50,
  players: 2,
  refundPoints: 300,
  withoutDebit: 0,
  ...over,
});

describe('lottery rounds: tickets and cancellation', () => {
  const sold: LotteryRound = { ...weekly, ticketCount: 3 };

  it('lists the tickets in draw order, says how to re-run the draw, and downloads the ticket CSV', async () => {
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([sold])))
      .get('/lottery/rounds/31', () => json(sold))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage()))
      .get('/lottery/rounds/31/tickets/export.csv', () => csv('roundId,ticketId,playerId,seedHash,prizes\r\n31,901,44,aaa,[]\r\n'));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const panel = await screen.findByRole('region', { name: 'Tickets' });
    const table = await within(panel).findByRole('table', { name: '3 tickets from 2 players, in draw order' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => within(r).queryAllByRole('cell')[0]?.textContent),
    ).toEqual([undefined, '901', '902', '903']);
    expect(within(panel).getByText(/node scripts\/lottery-verify\.mjs <the CSV> <the seed>/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Download tickets (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls('GET', '/lottery/rounds/31/tickets/export.csv')).toHaveLength(1);
    click.mockRestore();
  });

  it("names each ticket's player (the BFF's names) linked to the player's page", async () => {
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([sold])))
      .get('/lottery/rounds/31', () => json(sold))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage()))
      .get('/players/names', () =>
        json({
          items: [
            { id: 12, name: 'Bob Tanaka' },
            { id: 44, name: 'Alice Moreau' },
          ],
        }),
      );
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const panel = await screen.findByRole('region', { name: 'Tickets' });
    const alice = await within(panel).findAllByRole('link', { name: 'Alice Moreau (#44)' });
    expect(alice).toHaveLength(2);
    expect(alice[0]).toHaveAttribute('href', '/admin/user?id=44');
    expect(within(panel).getByRole('link', { name: 'Bob Tanaka (#12)' })).toHaveAttribute('href', '/admin/user?id=12');
    // From the BFF (the players are its), not the points API.
    expect(api.calls('GET', '/players/names').every((call) => call.origin === 'http://api.test')).toBe(true);
  });

  it('cancel: the confirmation names the tickets, players and points it gives back, and sends the count it showed', async () => {
    const cancelled: LotteryRound = {
      ...sold,
      status: 'cancelled',
      cancelledAt: '2030-01-04T00:00:00.000Z',
      cancelledBy: 'ops@example.com',
      refund: { tickets: 3, players: 2, points: 300, withoutDebit: 0, alreadyReversed: 0 },
      version: 3,
    };
    let current = sold;
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([current])))
      .get('/lottery/rounds/31', () => json(current))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage()))
      .post('/lottery/rounds/31/cancel', () => {
        current = cancelled;
        return json(cancelled);
      });
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    // One meaning of "cancel" on this page: leaving the form says "Back to rounds".
    expect(await screen.findByRole('button', { name: 'Back to rounds' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel round and refund tickets' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel “Weekly lottery”?' });
    expect(dialog).toHaveTextContent(
      'This gives back what 3 tickets of 2 players paid: 300 points in total, each ticket’s debit reversed by one ledger entry.',
    );
    expect(dialog).not.toHaveTextContent(/no debit/);
    expect(api.calls('POST', '/lottery/rounds/31/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(api.calls('POST', '/lottery/rounds/31/cancel')).toHaveLength(1));
    expect(api.calls('POST', '/lottery/rounds/31/cancel')[0].body).toEqual({ version: 2, ticketCount: 3 });
    expect(await screen.findByText('This round was cancelled')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Cancelled at .+ by ops@example\.com: the debits of 3 tickets were reversed \(300 points to 2 players\)\. It will not be drawn\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel round and refund tickets' })).not.toBeInTheDocument();
    // Its proof no longer promises a draw or a seed.
    const proof = screen.getByRole('region', { name: 'Verifiable draw' });
    expect(within(proof).getByText('No winners: the round was cancelled before its draw.')).toBeInTheDocument();
    expect(within(proof).getByText('Never revealed: the round was cancelled before its draw')).toBeInTheDocument();
    expect(proof).not.toHaveTextContent(/The winners are drawn at|revealed after the draw/i);
  });

  it('cancel: tickets without a debit (old data) are reported in the confirmation, not refunded', async () => {
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([sold])))
      .get('/lottery/rounds/31', () => json(sold))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage({ total: 5, withoutDebit: 2 })));
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    await user.click(await screen.findByRole('button', { name: 'Cancel round and refund tickets' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel “Weekly lottery”?' });
    expect(dialog).toHaveTextContent('This gives back what 3 tickets of 2 players paid: 300 points in total');
    expect(dialog).toHaveTextContent(
      '2 more tickets have no debit (sold before tickets were paid through the ledger): nothing was taken for them, so nothing is given back.',
    );
  });

  it('a drawn prize that could not be paid says why and pays it again on request', async () => {
    const unpaid: LotteryRound = {
      ...sold,
      status: 'drawn',
      seed: 'b'.repeat(64),
      drawnAt: '2099-01-08T12:00:02.000Z',
      winners: [{ slot: 0, rank: 1, reward: 10_000, ticketId: 901, playerId: 44, entryId: null, unpaidReason: 'noPointAccount' }],
    };
    const paid: LotteryRound = { ...unpaid, version: 3, winners: [{ ...unpaid.winners[0]!, entryId: 9001, unpaidReason: null }] };
    let current = unpaid;
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([current])))
      .get('/lottery/rounds/31', () => json(current))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage()))
      .post('/lottery/rounds/31/pay-prize', () => {
        current = paid;
        return json(paid);
      });
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const winners = await screen.findByRole('table', { name: 'Winners' });
    expect(within(winners).getByText(/Unpaid: player 44 has no point account/)).toBeInTheDocument();
    await user.click(within(winners).getByRole('button', { name: 'Pay prize of slot 0' }));
    await waitFor(() => expect(api.calls('POST', '/lottery/rounds/31/pay-prize')).toHaveLength(1));
    expect(api.calls('POST', '/lottery/rounds/31/pay-prize')[0].body).toEqual({ version: 2, slot: 0 });
    expect(await within(winners).findByText('Ledger entry 9001')).toBeInTheDocument();
    expect(within(winners).queryByRole('button', { name: /Pay prize/ })).not.toBeInTheDocument();
  });

  it.each([
    ['drawn', { status: 'drawn', seed: 'b'.repeat(64), drawnAt: '2099-01-08T12:00:02.000Z' }],
    ['cancelled', { status: 'cancelled', cancelledAt: '2030-01-04T00:00:00.000Z' }],
  ] as const)('a %s round is read-only, yet its tickets page and download (they are not in the form)', async (_, over) => {
    const done: LotteryRound = { ...sold, ...over };
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([done])))
      .get('/lottery/rounds/31', () => json(done))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage({ total: 120 })))
      .get('/lottery/rounds/31/tickets/export.csv', () => csv('roundId,ticketId,playerId,seedHash,prizes\r\n'));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    const panel = await screen.findByRole('region', { name: 'Tickets' });
    await within(panel).findByRole('table', { name: '120 tickets from 2 players, in draw order' });
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();
    const download = within(panel).getByRole('button', { name: 'Download tickets (CSV)' });
    expect(download).toBeEnabled();
    await user.click(download);
    await waitFor(() => expect(api.calls('GET', '/lottery/rounds/31/tickets/export.csv')).toHaveLength(1));
    expect(within(panel).getByRole('button', { name: 'Next' })).toBeEnabled();
    click.mockRestore();
  });

  it('a 409 built from values (a ticket sold since) is shown on the Japanese console in Japanese, with its values', async () => {
    const reason = keyedMessage('this_round_now_has_n_tickets_not_m', { tickets: 4, confirmed: 3 });
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([sold])))
      .get('/lottery/rounds/31', () => json(sold))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage()))
      .post('/lottery/rounds/31/cancel', () =>
        apiError(409, 'conflict', reason.text, { current: sold, messageKey: reason.key, messageParams: reason.params }),
      );
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31', language: 'ja' });
    await user.click(await screen.findByRole('button', { name: 'ラウンドを中止してチケットを返金' }));
    const dialog = await screen.findByRole('alertdialog', { name: '「Weekly lottery」を中止しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '中止して返金' }));
    const alert = await within(dialog).findByText(/このラウンドのチケットは現在/);
    expect(alert).toHaveTextContent('このラウンドのチケットは現在 4 枚です（確認時は 3 枚）。返金内容を確認して、もう一度確定してください');
    expect(dialog).not.toHaveTextContent(/tickets|review the refund|Someone else/);
  });

  it('a drawn round offers no cancellation', async () => {
    const drawn: LotteryRound = { ...sold, status: 'drawn', seed: 'b'.repeat(64), drawnAt: '2099-01-08T12:00:02.000Z' };
    const api = fakeBff()
      .get('/lottery/rounds', () => json(page([drawn])))
      .get('/lottery/rounds/31', () => json(drawn))
      .get('/lottery/rounds/31/tickets', () => json(ticketPage()));
    renderRemotePage(pages, { bff: api, url: '/admin/points-lottery?edit=31' });
    await screen.findByRole('table', { name: '3 tickets from 2 players, in draw order' });
    expect(screen.queryByRole('button', { name: 'Cancel round and refund tickets' })).not.toBeInTheDocument();
  });
});
