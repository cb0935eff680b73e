import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PolicyMember } from '@phoenix/contract';
import { fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import pages from '../../pages';
import { tradeFreeze } from '../policies/fixtures';

const member = (playerId: number): PolicyMember => ({
  playerId,
  name: `Player ${playerId}`,
  level: 10,
  addedAt: '2025-03-02T09:00:00.000Z',
  addedBy: 'ops@example.com',
});

const bff = () =>
  fakeBff()
    .get('/policies/7', () => json(tradeFreeze))
    .get('/policies/7/members', () => json(page([member(3), member(2)])));

describe('policy members (route policies/users_in_policy)', () => {
  it('lists the members and searches through the URL', async () => {
    const fake = bff();
    const { user } = renderRemotePage(pages, { bff: fake, url: '/admin/policies/users_in_policy?id=7' });
    expect(await screen.findByRole('heading', { name: 'Users in Trade freeze' })).toBeInTheDocument();
    expect(await screen.findByText('Player 3')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by player id or name' }), 'Pla{Enter}');
    await waitFor(() => expect(fake.calls('GET', '/policies/7/members').some((c) => c.query.get('q') === 'Pla')).toBe(true));
  });

  it('bulk add: unknown ids and members already in are listed and left out; the rest is sent', async () => {
    const fake = bff()
      .post('/policies/7/members/check', () => json({ unknown: [404], alreadyMembers: [2] }))
      .post('/policies/7/members', () => json({ added: 2, alreadyMembers: 0, unknown: [] }));
    const { user } = renderRemotePage(pages, { bff: fake, url: '/admin/policies/users_in_policy?id=7' });
    await user.click(await screen.findByRole('button', { name: 'Add players' }));
    const dialog = screen.getByRole('dialog', { name: 'Add players to Trade freeze' });
    fireEvent.change(within(dialog).getByLabelText('Player ids'), { target: { value: '1\n2\n404\n5\n5' } });
    await user.click(await within(dialog).findByRole('button', { name: 'Check ids' }));
    expect(await within(dialog).findByRole('list', { name: 'Ids already in' })).toHaveTextContent('2');
    expect(within(dialog).getByRole('list', { name: 'Unknown ids' })).toHaveTextContent('404');
    await user.click(within(dialog).getByRole('button', { name: 'Add to policy' }));
    await waitFor(() => expect(fake.calls('POST', '/policies/7/members')).toHaveLength(1));
    expect(fake.calls('POST', '/policies/7/members')[0].body).toEqual({ ids: [1, 5] });
    expect(await screen.findByText('2 players added to Trade freeze')).toBeInTheDocument();
  });

  it('removes the selected members after a confirm', async () => {
    const fake = bff().post('/policies/7/members/remove', () => json({ removed: 1 }));
    const { user } = renderRemotePage(pages, { bff: fake, url: '/admin/policies/users_in_policy?id=7' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove 1 member' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.calls('POST', '/policies/7/members/remove')).toHaveLength(1));
    expect(fake.calls('POST', '/policies/7/members/remove')[0].body).toEqual({ ids: [3] });
    expect(await screen.findByText('1 member removed from Trade freeze')).toBeInTheDocument();
  });
});
