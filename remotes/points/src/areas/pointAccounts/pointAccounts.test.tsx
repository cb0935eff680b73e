import { screen, waitFor, within } from '@testing-library/react';
import { type LedgerChange, type LedgerEntry, type PointAccount } from '@phoenix/contract';
import { apiError, describeResourcePages, fakeBff, json, page, renderRemotePage, type FakeRequest } from '@phoenix/shell/src/testing';
import pages from '../../pages';

const audit = { version: 3, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z', updatedBy: null };
const alice: PointAccount = {
  ...audit,
  id: 7,
  wallet: '0x52908400098527886e0f7030069857d2e4169ee7',
  balance: 130,
  boosterPercent: 25,
  lastActivityAt: '2026-01-02T00:00:00.000Z',
};
const bob: PointAccount = { ...audit, id: 8, wallet: null, balance: 0, boosterPercent: 0, lastActivityAt: null };

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  playerId: 7,
  kind: 'taskReward',
  amount: 50,
  balanceAfter: 50,
  reason: 'Task: Follow Phoenix on X',
  reversesId: null,
  reversedById: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  createdBy: null,
  ...over,
});
const ledger = [
  entry({ id: 3, kind: 'reversal', amount: -20, balanceAfter: 130, reason: 'Wrong player', reversesId: 2, createdBy: 'ops@example.com' }),
  entry({ id: 2, kind: 'adjustment', amount: 20, balanceAfter: 150, reason: 'Goodwill', reversedById: 3, createdBy: 'ops@example.com' }),
  entry({ id: 1, amount: 130, balanceAfter: 130 }),
];

describeResourcePages({
  pages,
  base: 'points/users',
  records: [alice, bob],
  sort: { header: /Balance/, key: 'balance' },
});

/** A points API that applies each idempotency key once, as the real one does. */
function ledgerApi() {
  let user = alice;
  let entries = [...ledger];
  const applied = new Map<string, LedgerChange>();
  const api = fakeBff()
    .get('/point-accounts', () => json(page([user, bob])))
    .get('/point-accounts/7', () => json(user))
    .get('/point-accounts/7/ledger', () => json(page(entries)))
    .post('/point-accounts/7/adjustments', (req) => {
      const key = req.headers.get('idempotency-key')!;
      const earlier = applied.get(key);
      if (earlier) return json({ ...earlier, replayed: true });
      const { amount, reason } = req.body as { amount: number; reason: string };
      if (user.balance + amount < 0)
        return apiError(400, 'validation_failed', 'Some fields are invalid', {
          fieldErrors: { amount: ['The balance is 130 points: removing 500 points would make it negative'] },
        });
      const added = entry({
        id: 10 + applied.size,
        kind: 'adjustment',
        amount,
        reason,
        balanceAfter: user.balance + amount,
        createdBy: 'admin@phoenix.local',
      });
      user = { ...user, balance: added.balanceAfter, version: user.version + 1 };
      entries = [added, ...entries];
      const change = { entry: added, user, replayed: false };
      applied.set(key, change);
      return json(change, 201);
    });
  return api;
}
const keysOf = (calls: FakeRequest[]) => calls.map((c) => c.headers.get('idempotency-key'));

describe('point accounts: ledger and adjustments', () => {
  it('searches by id or wallet through the URL and opens the ledger with its running balance', async () => {
    const api = ledgerApi();
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/users' });
    await user.type(await screen.findByLabelText('Player id or wallet (0x…)'), '0x5290{Enter}');
    await waitFor(() => expect(api.calls('GET', '/point-accounts').at(-1)!.query.get('q')).toBe('0x5290'));
    await user.click(await screen.findByRole('button', { name: 'Open the ledger of player 7' }));
    const table = await screen.findByRole('table', { name: 'Ledger' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]!.textContent)).toEqual(['130', '150', '130']);
    expect(within(rows[0]!).getByText('Reverses #2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Reversed by #3')).toBeInTheDocument();
    // Neither a reversal nor a reversed entry can be reversed again.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Reverse entry #1' })).toBeInTheDocument();
  });

  it('sends one idempotency key per dialog: a retry after a lost answer applies once; the next change gets a new key', async () => {
    const api = ledgerApi();
    let failOnce = true;
    const realFetch = api.fetch;
    // The first answer is lost on the way back (the change was applied).
    api.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const method = (input instanceof Request ? input.method : (init?.method ?? 'GET')).toUpperCase();
      const url = input instanceof Request ? input.url : String(input);
      if (method === 'POST' && url.includes('/adjustments') && failOnce) {
        failOnce = false;
        throw new TypeError('Failed to fetch');
      }
      return response;
    };
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/users?id=7' });
    await user.type(await screen.findByLabelText('Amount (points)', { exact: false }), '40');
    await user.type(screen.getByLabelText('Reason', { exact: false }), 'Support ticket 812');
    await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText(/^Not confirmed: the adjustment may already be applied/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText('Adjusted player 7: balance 170 points.')).toBeInTheDocument();

    const posts = api.calls('POST', '/point-accounts/7/adjustments');
    expect(posts).toHaveLength(2);
    const [first, retry] = keysOf(posts);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(retry).toBe(first);
    const table = await screen.findByRole('table', { name: 'Ledger' });
    await waitFor(() => expect(within(table).getAllByText('Support ticket 812')).toHaveLength(1));

    await user.type(screen.getByLabelText('Amount (points)', { exact: false }), '-10');
    await user.type(screen.getByLabelText('Reason', { exact: false }), 'Correction');
    await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() => expect(api.calls('POST', '/point-accounts/7/adjustments')).toHaveLength(3));
    expect(keysOf(api.calls('POST', '/point-accounts/7/adjustments'))[2]).not.toBe(first);
  });

  it('requires a reason and a whole, non-zero amount before sending; shows the refusal below zero on the amount', async () => {
    const api = ledgerApi();
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/users?id=7' });
    await user.type(await screen.findByLabelText('Amount (points)', { exact: false }), '0');
    await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText('An adjustment adds or removes at least 1 point')).toBeInTheDocument();
    expect(screen.getByText('A reason is required')).toBeInTheDocument();
    expect(api.calls('POST', '/point-accounts/7/adjustments')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount (points)', { exact: false }));
    await user.type(screen.getByLabelText('Amount (points)', { exact: false }), '-500');
    await user.type(screen.getByLabelText('Reason', { exact: false }), 'Clawback');
    await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Amount (points)', { exact: false })).toHaveAccessibleDescription(
        expect.stringContaining('would make it negative'),
      ),
    );
  });

  it('in Japanese, the refusal below zero shows in Japanese with its values', async () => {
    const api = ledgerApi();
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/users?id=7', language: 'ja' });
    await user.type(await screen.findByLabelText('ポイント数', { exact: false }), '-500');
    await user.type(screen.getByLabelText('理由', { exact: false }), 'Clawback');
    await user.click(screen.getByRole('button', { name: '調整を適用' }));
    await waitFor(() =>
      expect(screen.getByLabelText('ポイント数', { exact: false })).toHaveAccessibleDescription(
        expect.stringContaining('残高は 130 ポイントです。500 ポイントを減らすと残高がマイナスになります'),
      ),
    );
  });

  it('reverses an entry with a reason, sending a key', async () => {
    const api = ledgerApi().post('/point-accounts/7/ledger/1/reverse', (req) =>
      json(
        {
          entry: entry({
            id: 20,
            kind: 'reversal',
            amount: -130,
            balanceAfter: 0,
            reversesId: 1,
            reason: (req.body as { reason: string }).reason,
          }),
          user: { ...alice, balance: 0 },
          replayed: false,
        },
        201,
      ),
    );
    const { user } = renderRemotePage(pages, { bff: api, url: '/admin/points/users?id=7' });
    await user.click(await screen.findByRole('button', { name: 'Reverse entry #1' }));
    const form = screen.getByRole('form', { name: 'Reverse entry #1' });
    await user.click(within(form).getByRole('button', { name: 'Reverse' }));
    expect(await within(form).findByText('A reason is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason for the reversal', { exact: false }), 'Sent twice');
    await user.click(within(form).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Reversed entry #1.')).toBeInTheDocument();
    const [call] = api.calls('POST', '/point-accounts/7/ledger/1/reverse');
    expect(call!.body).toEqual({ reason: 'Sent twice' });
    expect(call!.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('speaks Japanese', async () => {
    renderRemotePage(pages, { bff: ledgerApi(), url: '/admin/points/users?id=7', language: 'ja' });
    expect(await screen.findByRole('button', { name: '調整を適用' })).toBeInTheDocument();
    expect(await screen.findByText('タスク報酬')).toBeInTheDocument();
  });
});
