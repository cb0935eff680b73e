import { screen, waitFor } from '@testing-library/react';
import { apiError, fakeBff, json, renderWithShell } from '../testing';
import { PlayerNameLink } from './playerNames';

const names = (known: Record<number, string>) =>
  fakeBff().get('/players/names', (req) =>
    json({
      items: req.query
        .get('ids')!
        .split(',')
        .map(Number)
        .filter((id) => known[id])
        .map((id) => ({ id, name: known[id] })),
    }),
  );

describe('PlayerNameLink', () => {
  it("shows each player's name and id linked to the player's page, read in one request for the whole render", async () => {
    const bff = names({ 7: 'Alice Moreau', 9: 'Bob Tanaka' });
    renderWithShell(
      <ul>
        {[7, 9, 7, 404].map((id, i) => (
          <li key={i}>
            <PlayerNameLink id={id} />
          </li>
        ))}
      </ul>,
      { bff },
    );
    const alice = await screen.findAllByRole('link', { name: 'Alice Moreau (#7)' });
    expect(alice).toHaveLength(2);
    expect(alice[0]).toHaveAttribute('href', '/admin/user?id=7');
    expect(screen.getByRole('link', { name: 'Bob Tanaka (#9)' })).toHaveAttribute('href', '/admin/user?id=9');
    // Not a player (or not known): the id, still linked.
    expect(screen.getByRole('link', { name: '404' })).toHaveAttribute('href', '/admin/user?id=404');
    const calls = bff.calls('GET', '/players/names');
    expect(calls).toHaveLength(1);
    expect(
      calls[0].query
        .get('ids')!
        .split(',')
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([7, 9, 404]);
  });

  it('keeps the id when the names cannot be read', async () => {
    const bff = fakeBff().get('/players/names', () => apiError(500, 'internal', 'Database unavailable'));
    renderWithShell(<PlayerNameLink id={7} />, { bff });
    await waitFor(() => expect(bff.calls('GET', '/players/names')).toHaveLength(1));
    expect(screen.getByRole('link', { name: '7' })).toHaveAttribute('href', '/admin/user?id=7');
  });
});
