import { screen, waitFor, within } from '@testing-library/react';
import type { PlayerRestrictions } from '@phoenix/contract';
import { apiError, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { gameApis } from '../policies/fixtures';

const player = {
  id: 4,
  name: 'Aiko Tanaka',
  walletAddress: null,
  level: 12,
  status: 'active',
  banEndsAt: null,
  lastSeenAt: null,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: null,
};

const restrictions: PlayerRestrictions = {
  direct: [
    {
      apiId: 17,
      apiCode: 'market.list',
      apiName: 'List on market',
      endsAt: '2030-01-01T00:00:00.000Z',
      createdAt: '2025-03-01T00:00:00.000Z',
      createdBy: 'ops@example.com',
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
  ],
  policies: [{ id: 8, name: 'Chat mute' }],
};

const bff = () =>
  fakeBff()
    .get('/players/4', () => json(player))
    .get('/players/4/restrictions', () => json(restrictions))
    .get('/game-apis', () => json(page(gameApis)));

describe('user/restrictApis', () => {
  it('shows the direct restrictions and the effective ones with their source', async () => {
    renderRemotePage(pages, { bff: bff(), url: '/admin/user/restrictApis?id=4' });
    expect(await screen.findByRole('heading', { name: 'Restricted APIs of Aiko Tanaka (4)' })).toBeInTheDocument();
    const effective = screen.getByRole('table', { name: 'Effective restrictions' });
    expect(within(effective).getByText('Policy: Chat mute')).toBeInTheDocument();
    expect(within(effective).getByText('Direct')).toBeInTheDocument();
    expect(within(effective).getByText('While a member')).toBeInTheDocument();
    const policies = screen.getByRole('list', { name: 'Policies this player is in' });
    expect(within(policies).getByRole('link', { name: 'Chat mute' })).toHaveAttribute('href', '/admin/policies/users_in_policy?id=8');
    // An API restricted directly already is not offered again.
    expect(screen.queryByRole('option', { name: /List on market/ })).toBeNull();
  });

  it('restricts an API (end optional) and shows a server refusal on its field', async () => {
    let refuse = true;
    const fake = bff().post('/players/4/restrictions', () =>
      refuse
        ? apiError(400, 'validation_failed', 'Some fields are invalid', {
            fieldErrors: { endsAt: ['The end of a restriction must be in the future'] },
          })
        : json({}, 201),
    );
    const { user } = renderRemotePage(pages, { bff: fake, url: '/admin/user/restrictApis?id=4' });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^API/ }), 'Buy on market (market.buy)');
    await user.click(screen.getByRole('button', { name: 'Restrict API' }));
    expect(await screen.findByText('The end of a restriction must be in the future')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Restrict API' }));
    await waitFor(() => expect(fake.calls('POST', '/players/4/restrictions')).toHaveLength(2));
    expect(fake.calls('POST', '/players/4/restrictions')[1].body).toEqual({ apiId: 18, endsAt: null });
    expect(await screen.findByText('The API is restricted')).toBeInTheDocument();
  });

  it('lifts a direct restriction after a confirm', async () => {
    const fake = bff().delete('/players/4/restrictions/17', () => json({ ok: true }));
    const { user } = renderRemotePage(pages, { bff: fake, url: '/admin/user/restrictApis?id=4' });
    await user.click(await screen.findByRole('button', { name: 'Lift the restriction of List on market' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Lift' }));
    await waitFor(() => expect(fake.calls('DELETE', '/players/4/restrictions/17')).toHaveLength(1));
  });

  it('a missing or bad player id is a not-found state', async () => {
    renderRemotePage(pages, { bff: fakeBff().get('/game-apis', () => json(page(gameApis))), url: '/admin/user/restrictApis?id=x' });
    expect(await screen.findByText('This player does not exist.')).toBeInTheDocument();
  });
});
