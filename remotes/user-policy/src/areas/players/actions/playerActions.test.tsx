import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Battle, GameApi, PlayerRestrictions, PointAccount, Present } from '@phoenix/contract';
import { apiError, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../../pages';
import { alice } from '../fixtures';

const audit = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: null };
const account: PointAccount = { id: 42, version: 3, wallet: null, balance: 1250, boosterPercent: 0, lastActivityAt: null, ...audit };
const battle: Battle = {
  id: 900,
  version: 2,
  mode: 'ranked',
  status: 'ongoing',
  playerIds: [42, 77],
  startedAt: '2026-01-01T10:00:00.000Z',
  endedAt: null,
  winnerPlayerId: null,
  forceEndedBy: null,
  forceEndReason: null,
  ...audit,
};
const chat: GameApi = { id: 13, code: 'chat.send', name: 'Send chat message', description: '' };
const pack: Present = {
  id: 5,
  version: 1,
  name: 'Welcome pack',
  description: '',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2036-01-01T00:00:00.000Z',
  items: [{ itemId: 1, quantity: 10 }],
  status: 'claimable',
  distributedAt: null,
  ...audit,
};
const restrictions: PlayerRestrictions = {
  direct: [],
  effective: [
    { apiId: 21, apiCode: 'trade.offer', apiName: 'Offer a trade', source: { kind: 'direct' }, endsAt: null },
    {
      apiId: 22,
      apiCode: 'market.list',
      apiName: 'List on market',
      source: { kind: 'policy', policyId: 8, policyName: 'Freeze' },
      endsAt: null,
    },
  ],
  policies: [{ id: 8, name: 'Freeze' }],
};

/** Alice (#42) with a points account, a live battle and two restrictions in force; the BFF and the points API in one fake. */
const playerApis = ({ withAccount = true, live = true } = {}) =>
  fakeBff()
    .get('/players/42', () => json(alice))
    .get('/players/42/bans', () => json({ items: [] }))
    .get('/players/42/restrictions', () => json(restrictions))
    .get('/point-accounts', (req) => json(page(withAccount && req.query.get('q') === '42' ? [account] : [])))
    .get('/battles', (req) =>
      json(page(live && req.query.get('status') === 'ongoing' && req.query.get('playerId') === '42' ? [battle] : [])),
    )
    .get('/game-apis', () => json(page([chat])))
    .get('/presents', () => json(page([pack])));

const open = (bff: ReturnType<typeof playerApis>, language?: 'en' | 'ja') =>
  renderRemotePage(pages, { bff, url: '/admin/user?id=42', language });

const summary = async () => screen.findByRole('region', { name: 'Summary' });

describe("the player view's summary", () => {
  it('shows status, balance, last seen, the live battle (linked) and the restrictions in force, and links to each section', async () => {
    open(playerApis());
    const strip = await summary();
    expect(await within(strip).findByText('1,250 points')).toBeInTheDocument();
    expect(within(strip).getByText('Active')).toBeInTheDocument();
    expect(within(strip).getByText('2 APIs')).toBeInTheDocument();
    expect(within(strip).getByText(/2025/)).toBeInTheDocument();
    expect(within(strip).getByRole('link', { name: 'Battle #900' }).getAttribute('href')).toMatch(/\/admin\/battle\?id=900$/);
    const nav = within(strip).getByRole('navigation', { name: 'Sections of this page' });
    expect(within(nav).getByRole('link', { name: 'Points' })).toHaveAttribute('href', '#player-points-title');
    expect(within(nav).getByRole('link', { name: 'History' })).toHaveAttribute('href', '#player-history-title');
    const actions = within(strip).getByRole('group', { name: 'Act on this player' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Restrict…', 'Grant or deduct points…', 'Send a present…', 'End live battle…']);
  });

  it('says when there is no points account and no live battle, and offers no battle to end', async () => {
    open(playerApis({ withAccount: false, live: false }));
    const strip = await summary();
    expect(await within(strip).findByText('No points account')).toBeInTheDocument();
    expect(await within(strip).findByText('None')).toBeInTheDocument();
    expect(within(strip).queryByRole('button', { name: 'End live battle…' })).toBeNull();
  });

  it('offers a viewer no action', async () => {
    const bff = playerApis().post('/users/info', () =>
      json({ data: { userInfo: { id: 9, email: 'v@phoenix.local', role: 2, roles: ['viewer'] } } }),
    );
    open(bff);
    const strip = await summary();
    expect(await within(strip).findByText('1,250 points')).toBeInTheDocument();
    expect(within(strip).queryByRole('group', { name: 'Act on this player' })).toBeNull();
  });

  it('in Japanese', async () => {
    open(playerApis(), 'ja');
    const strip = await screen.findByRole('region', { name: '概要' });
    expect(await within(strip).findByText('1,250 ポイント')).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'ポイントを付与・減算…' })).toBeInTheDocument();
  });
});

describe('restrict from the player view', () => {
  it('asks for the API, then restricts it until the end with the restrictions page call', async () => {
    const bff = playerApis().post('/players/42/restrictions', () =>
      json(
        { apiId: 13, apiCode: 'chat.send', apiName: 'Send chat message', endsAt: null, createdAt: audit.createdAt, createdBy: 'a' },
        201,
      ),
    );
    const { user } = open(bff);
    await user.click(await within(await summary()).findByRole('button', { name: 'Restrict…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restrict Alice Moreau (#42)' });
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await within(dialog).findByText('Pick the API to restrict')).toBeInTheDocument();
    expect(bff.calls('POST', '/players/42/restrictions')).toHaveLength(0);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^API/ }), 'Send chat message (chat.send)');
    // An end in the past is refused before anything is sent.
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), { target: { value: '2020-01-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await within(dialog).findByText('The end must be in the future')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), { target: { value: '2040-01-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    await waitFor(() => expect(bff.calls('POST', '/players/42/restrictions')).toHaveLength(1));
    const { body } = bff.calls('POST', '/players/42/restrictions')[0];
    expect(body).toEqual({ apiId: 13, endsAt: expect.stringMatching(/^2040-01-0[12]T/) });
    expect(await screen.findByText('Send chat message is restricted for Alice Moreau')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['en', 'Restrict…', 'Restrict', 'This API is already restricted for this player'],
    ['ja', '制限する…', '制限する', 'この API はこのプレイヤーに対してすでに制限されています'],
  ] as const)('shows the server refusal by its key (%s)', async (language, openLabel, submit, message) => {
    const bff = playerApis().post('/players/42/restrictions', () =>
      apiError(409, 'conflict', 'This API is already restricted for this player'),
    );
    const { user } = open(bff, language);
    await user.click(await screen.findByRole('button', { name: openLabel }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByRole('combobox'), String(chat.id));
    await user.click(within(dialog).getByRole('button', { name: submit }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });
});

describe('grant or deduct points from the player view', () => {
  it('checks the amount, confirms the balance before and after, and posts the adjustment once with its key', async () => {
    const bff = playerApis().post('/point-accounts/42/adjustments', () =>
      json({ entry: {}, user: { ...account, balance: 1750, version: 4 }, replayed: false }),
    );
    const { user } = open(bff);
    await user.click(await within(await summary()).findByRole('button', { name: 'Grant or deduct points…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant or deduct points: Alice Moreau (#42)' });
    expect(within(dialog).getByText('Balance now: 1,250 points')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Enter a number of points')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount (points)', { exact: false }), '500');
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Compensation for outage');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // A grant confirms as a plain dialog; a deduction as an alert (it takes points away).
    const confirm = await screen.findByRole('dialog', { name: 'Grant 500 points to Alice Moreau?' });
    expect(within(confirm).getByText(/from 1,250 to 1,750 points/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Apply the adjustment' }));
    await waitFor(() => expect(bff.calls('POST', '/point-accounts/42/adjustments')).toHaveLength(1));
    const [call] = bff.calls('POST', '/point-accounts/42/adjustments');
    expect(call.origin).toBe('http://points.test');
    expect(call.body).toEqual({ amount: 500, reason: 'Compensation for outage' });
    expect(call.headers.get('idempotency-key')).toMatch(/\S{16,}/);
    expect(await screen.findByText('Balance of #42 is now 1,750 points')).toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'Grant or deduct points…',
      'Amount (points)',
      'Reason',
      'Apply',
      'Apply the adjustment',
      'removing 2,000 points would make it negative',
    ],
    ['ja', 'ポイントを付与・減算…', 'ポイント数', '理由', '適用', '調整を適用', '2,000 ポイントを減らすと残高がマイナスになります'],
  ] as const)(
    'shows the refusal below zero on the amount by its key (%s)',
    async (language, openLabel, amountLabel, reasonLabel, apply, ok, message) => {
      const bff = playerApis().post('/point-accounts/42/adjustments', () =>
        apiError(400, 'validation_failed', 'Some fields are invalid', {
          fieldErrors: { amount: ['The balance is 1,250 points: removing 2,000 points would make it negative'] },
        }),
      );
      const { user } = open(bff, language);
      await user.click(await screen.findByRole('button', { name: openLabel }));
      const dialog = await screen.findByRole('dialog');
      await user.type(await within(dialog).findByLabelText(amountLabel, { exact: false }), '-2000');
      await user.type(within(dialog).getByLabelText(reasonLabel, { exact: false }), 'Clawback');
      await user.click(within(dialog).getByRole('button', { name: apply }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: ok }));
      await waitFor(() =>
        expect(within(dialog).getByLabelText(amountLabel, { exact: false })).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
    },
  );

  it("past the daily budget, the points API's change control applies as on the account page: approval is requested, with the budget's note", async () => {
    const note = 'Your daily budget of adjustment points is used up: 0 of 200,000 points left today (UTC), this call needs 500.';
    const bff = playerApis()
      .post('/point-accounts/42/adjustments', () =>
        apiError(428, 'approval_required', 'needs more', { current: { scope: 'point adjustment', operation: 'pointUser.adjust', note } }),
      )
      .post('/change-requests', (req) => json({ id: 12, scope: 'point adjustment', ...(req.body as object) }, 201));
    const { user } = open(bff);
    await user.click(await within(await summary()).findByRole('button', { name: 'Grant or deduct points…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant or deduct points: Alice Moreau (#42)' });
    await user.type(within(dialog).getByLabelText('Amount (points)', { exact: false }), '500');
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Compensation for outage');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Grant 500 points/ })).getByRole('button', { name: 'Apply the adjustment' }),
    );
    const approval = await screen.findByRole('alertdialog', { name: 'Request approval: point adjustment' });
    expect(within(approval).getByText(note)).toBeInTheDocument();
    await user.type(within(approval).getByLabelText(/Reason/), 'Outage compensation, ticket 77');
    await user.click(within(approval).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(bff.calls('POST', '/change-requests')).toHaveLength(1));
    const [request] = bff.calls('POST', '/change-requests');
    // Filed with the points API (the owner of the call), for the same call.
    expect(request.origin).toBe('http://points.test');
    expect(request.body).toMatchObject({
      method: 'POST',
      path: '/point-accounts/42/adjustments',
      body: { amount: 500, reason: 'Compensation for outage' },
    });
    expect(await within(dialog).findByText(/request #12/)).toBeInTheDocument();
  });

  it('says the player has no account instead of a form', async () => {
    const { user } = open(playerApis({ withAccount: false }));
    const strip = await summary();
    await within(strip).findByText('No points account');
    await user.click(within(strip).getByRole('button', { name: 'Grant or deduct points…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/has no points account/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});

describe('send a present from the player view', () => {
  it('asks for the present, confirms, and sends a distribution to this one player for one recipient', async () => {
    const bff = playerApis().post('/present-distributions', () => json({ id: 31, presentName: 'Welcome pack', recipientCount: 1 }, 201));
    const { user } = open(bff);
    await user.click(await within(await summary()).findByRole('button', { name: 'Send a present…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a present to Alice Moreau (#42)' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Pick the present to send')).toBeInTheDocument();
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Present/ }), 'Welcome pack');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send "Welcome pack" to Alice Moreau?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(bff.calls('POST', '/present-distributions')[0]?.body).toEqual({
        presentId: 5,
        target: 'list',
        playerIds: [42],
        segmentId: null,
        scheduledAt: null,
        confirmedRecipients: 1,
      }),
    );
    expect(await screen.findByText('"Welcome pack" is being sent to Alice Moreau')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Send a present…', 'Send', 'No active player would receive it'],
    ['ja', 'プレゼントを送る…', '送る', '受け取る有効なプレイヤーがいません'],
  ] as const)('shows the server refusal by its key (%s)', async (language, openLabel, send, message) => {
    const bff = playerApis().post('/present-distributions', () =>
      apiError(400, 'validation_failed', 'Some fields are invalid', { fieldErrors: { playerIds: ['No active player would receive it'] } }),
    );
    const { user } = open(bff, language);
    await user.click(await screen.findByRole('button', { name: openLabel }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByRole('combobox'), String(pack.id));
    await user.click(within(dialog).getByRole('button', { name: send }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: send }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });
});

describe("end the player's live battle from the player view", () => {
  it('requires a reason, confirms, and force-ends it with the version seen', async () => {
    const bff = playerApis().post('/battles/900/force-end', () => json({ ...battle, status: 'force_ended', version: 3 }));
    const { user } = open(bff);
    await user.click(await within(await summary()).findByRole('button', { name: 'End live battle…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End battle #900' });
    expect(within(dialog).getByText(/Players #42, #77 are sent back/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'End battle' }));
    expect(await within(dialog).findByText('Say why the battle is ended')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Desync reported');
    await user.click(within(dialog).getByRole('button', { name: 'End battle' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'End battle #900 now?' });
    await user.click(within(confirm).getByRole('button', { name: 'End battle' }));
    await waitFor(() => expect(bff.calls('POST', '/battles/900/force-end')[0]?.body).toEqual({ reason: 'Desync reported', version: 2 }));
    expect(await screen.findByText('Battle #900 was ended.')).toBeInTheDocument();
  });

  it.each([
    ['en', 'End live battle…', '理由', 'Say why the battle is ended'],
    ['ja', '進行中のバトルを終了…', '理由', 'バトルを終了する理由を入力してください'],
  ] as const)('shows the server refusal of the reason by its key (%s)', async (language, openLabel, _label, message) => {
    const bff = playerApis().post('/battles/900/force-end', () =>
      apiError(400, 'validation_failed', 'Some fields are invalid', { fieldErrors: { reason: ['Say why the battle is ended'] } }),
    );
    const { user } = open(bff, language);
    await user.click(await screen.findByRole('button', { name: openLabel }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'x');
    await user.click(within(dialog).getAllByRole('button').at(-1)!);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: /now\?$|今すぐ/ }))
        .getAllByRole('button')
        .at(-1)!,
    );
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });
});
