import { screen, waitFor, within } from '@testing-library/react';
import { type PlayerRestrictions } from '@phoenix/contract';
import { apiError, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { alice, bob } from './fixtures';

describeResourcePages({
  pages,
  base: 'user',
  records: [alice, bob],
  sort: { header: /Level/, key: 'level' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Banned', value: 'banned' },
});

const noRestrictions: PlayerRestrictions = { direct: [], effective: [], policies: [] };
const listBff = () => fakeBff().get('/players', () => json(page([alice, bob])));
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('players: domain rules', () => {
  it('offers a viewer no ban, unban or bulk action, only the reading, and says which roles may', async () => {
    const bff = listBff().post('/users/info', () =>
      json({ data: { userInfo: { id: 9, email: 'v@phoenix.local', role: 2, roles: ['viewer'] } } }),
    );
    renderRemotePage(pages, { bff, url: '/admin/user' });
    expect(await screen.findByText('You can view this page. Changing it needs one of these roles: Support, Owner.')).toBeInTheDocument();
    const row = await rowOf('Alice Moreau');
    expect(within(row).queryByRole('button', { name: /^Ban / })).toBeNull();
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows wallets checksummed (EIP-55) and a timed ban with its end', async () => {
    renderRemotePage(pages, { bff: listBff(), url: '/admin/user' });
    expect(await screen.findByText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeInTheDocument();
    expect(within(await rowOf('Bob Tanaka')).getByText(/^Banned until/)).toBeInTheDocument();
  });

  it('searches by the kind picked: the query carries by and q', async () => {
    const bff = listBff();
    const { user } = renderRemotePage(pages, { bff, url: '/admin/user' });
    await user.selectOptions(await screen.findByLabelText('Search by'), 'Wallet');
    await waitFor(() => expect(bff.calls('GET', '/players').at(-1)!.query.get('by')).toBe('wallet'));
    expect(screen.getByLabelText('Wallet address (exact)')).toBeInTheDocument();
  });

  it('bans with a required reason and an optional end, sending the version seen', async () => {
    const bff = listBff().post('/players/42/ban', () => json({ ...alice, status: 'banned', version: 4 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/user' });
    await user.click(within(await rowOf('Alice Moreau')).getByRole('button', { name: 'Ban Alice Moreau (#42)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban Alice Moreau (#42)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(bff.calls('POST', '/players/42/ban')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Cheating');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(bff.calls('POST', '/players/42/ban')).toHaveLength(1));
    expect(bff.calls('POST', '/players/42/ban')[0].body).toEqual({ reason: 'Cheating', endsAt: null, version: 3 });
    expect(await screen.findByText('Alice Moreau is banned')).toBeInTheDocument();
  });

  it('shows the server refusing a ban end on its field and keeps the reason', async () => {
    const bff = listBff().post('/players/42/ban', () =>
      apiError(400, 'validation_failed', 'Some fields are invalid', {
        fieldErrors: { endsAt: ['The end of a ban must be in the future'] },
      }),
    );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/user' });
    await user.click(within(await rowOf('Alice Moreau')).getByRole('button', { name: 'Ban Alice Moreau (#42)' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Cheating');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByText('The end of a ban must be in the future')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason', { exact: false })).toHaveValue('Cheating');
  });

  it('in Japanese, the server field errors show in Japanese', async () => {
    const bff = listBff().post('/players/42/ban', () =>
      apiError(400, 'validation_failed', 'Some fields are invalid', {
        fieldErrors: { endsAt: ['The end of a ban must be in the future'] },
      }),
    );
    const { user } = renderRemotePage(pages, { bff, url: '/admin/user', language: 'ja' });
    await user.click(within(await rowOf('Alice Moreau')).getByRole('button', { name: 'Alice Moreau（#42）をBAN' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'Cheating');
    await user.click(within(dialog).getByRole('button', { name: 'BAN' }));
    expect(await within(dialog).findByText('BAN の終了日時は未来の日時にしてください')).toBeInTheDocument();
    expect(within(dialog).queryByText('The end of a ban must be in the future')).toBeNull();
  });

  it('unbans a banned player with a reason', async () => {
    const bff = listBff().post('/players/43/unban', () => json({ ...bob, status: 'active', banEndsAt: null, version: 6 }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/user' });
    await user.click(within(await rowOf('Bob Tanaka')).getByRole('button', { name: 'Unban Bob Tanaka (#43)' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Unban' }));
    await waitFor(() => expect(bff.calls('POST', '/players/43/unban')[0]?.body).toEqual({ reason: 'Appeal accepted', version: 5 }));
  });

  it('bans the selected players at once', async () => {
    const bff = listBff().post('/players/ban', () => json({ banned: 1, alreadyBanned: 1, unknown: [] }));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/user' });
    await rowOf('Alice Moreau');
    for (const box of screen.getAllByRole('checkbox').slice(1)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Ban 2 selected players' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban 2 players?' });
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Bot ring');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(bff.calls('POST', '/players/ban')[0]?.body).toEqual({ ids: [42, 43], reason: 'Bot ring', endsAt: null }));
    expect(await screen.findByText('1 banned, 1 already banned, 0 unknown ids')).toBeInTheDocument();
  });

  it("a player's name links to its detail keeping the list's filters", async () => {
    renderRemotePage(pages, { bff: listBff(), url: '/admin/user?status=banned&levelMin=3' });
    const link = within(await rowOf('Bob Tanaka')).getByRole('link', { name: 'Bob Tanaka' });
    const search = new URLSearchParams(link.getAttribute('href')!.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({ status: 'banned', levelMin: '3', id: String(bob.id) });
  });

  it('user?id= opens the player view, a page, with the ban history', async () => {
    const bff = listBff()
      .get('/players/43', () => json(bob))
      .get('/players/43/bans', () =>
        json({
          items: [
            {
              id: 1,
              playerId: 43,
              reason: 'Spam in chat',
              bannedAt: '2025-02-01T00:00:00.000Z',
              bannedBy: 'ops@phoenix.local',
              endsAt: '2031-01-01T00:00:00.000Z',
              liftedAt: null,
              liftedBy: null,
              liftReason: null,
              inForce: true,
            },
          ],
        }),
      );
    renderRemotePage(pages, { bff: bff.get('/players/43/restrictions', () => json(noRestrictions)), url: '/admin/user?id=43' });
    const dialog = await playerView();
    expect(await within(dialog).findByText('Spam in chat')).toBeInTheDocument();
    expect(within(dialog).getByText('In force')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unban' })).toBeInTheDocument();
    expect(await within(dialog).findByText('Nothing is restricted for this player.')).toBeInTheDocument();
    expect(within(dialog).getByText('In no policy.')).toBeInTheDocument();
  });

  it('user?id= shows the effective restrictions (direct and from policies, with source and end) and the policies', async () => {
    const restrictions: PlayerRestrictions = {
      direct: [
        {
          apiId: 17,
          apiCode: 'market.list',
          apiName: 'List on market',
          endsAt: '2030-01-01T00:00:00.000Z',
          createdAt: bob.createdAt,
          createdBy: 'ops@phoenix.local',
        },
      ],
      effective: [
        {
          apiId: 13,
          apiCode: 'chat.send',
          apiName: 'Send chat message',
          source: { kind: 'policy', policyId: 8, policyName: 'Chat mute' },
          endsAt: null,
        },
        { apiId: 17, apiCode: 'market.list', apiName: 'List on market', source: { kind: 'direct' }, endsAt: '2030-01-01T00:00:00.000Z' },
        { apiId: 21, apiCode: 'trade.offer', apiName: 'Offer a trade', source: { kind: 'direct' }, endsAt: null },
      ],
      policies: [
        { id: 8, name: 'Chat mute' },
        { id: 9, name: 'Trade freeze' },
      ],
    };
    const bff = listBff()
      .get('/players/43', () => json(bob))
      .get('/players/43/bans', () => json({ items: [] }))
      .get('/players/43/restrictions', () => json(restrictions));
    renderRemotePage(pages, { bff, url: '/admin/user?id=43' });
    const dialog = await playerView();
    const effective = await within(dialog).findByRole('table', { name: 'Effective restrictions' });
    const rowOfApi = (code: string) => within(effective).getByText(code).closest('tr') as HTMLElement;
    expect(within(rowOfApi('chat.send')).getByText('Policy: Chat mute')).toBeInTheDocument();
    expect(within(rowOfApi('chat.send')).getByText('While a member')).toBeInTheDocument();
    expect(within(rowOfApi('market.list')).getByText('Direct')).toBeInTheDocument();
    expect(within(rowOfApi('market.list')).getByText(/2030/)).toBeInTheDocument();
    expect(within(rowOfApi('trade.offer')).getByText('Until lifted')).toBeInTheDocument();
    const policies = within(dialog).getByRole('list', { name: 'Policies this player is in' });
    expect(
      within(policies)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Chat mute', '/admin/policies/users_in_policy?id=8'],
      ['Trade freeze', '/admin/policies/users_in_policy?id=9'],
    ]);
    expect(bff.calls('GET', '/players/43/restrictions')).toHaveLength(1);
  });

  it('user?id= shows an error with retry when the restrictions cannot be read, and keeps the profile', async () => {
    let fail = true;
    const bff = listBff()
      .get('/players/43', () => json(bob))
      .get('/players/43/bans', () => json({ items: [] }))
      .get('/players/43/restrictions', () => (fail ? apiError(500, 'internal', 'Database unavailable') : json(noRestrictions)));
    const { user } = renderRemotePage(pages, { bff, url: '/admin/user?id=43' });
    const dialog = await playerView();
    expect(await within(dialog).findByText(/The server failed to handle this request/)).toBeInTheDocument();
    expect(within(dialog).getByText('Bob Tanaka')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: /retry/i }));
    expect(await within(dialog).findByText('Nothing is restricted for this player.')).toBeInTheDocument();
  });
});

/** The player view of Bob (#43): a page titled with the player's name, not a dialog over the list. */
async function playerView(): Promise<HTMLElement> {
  expect(await screen.findByRole('heading', { level: 1, name: 'Bob Tanaka (player #43)' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('table', { name: /players/i })).not.toBeInTheDocument();
  return document.body;
}
