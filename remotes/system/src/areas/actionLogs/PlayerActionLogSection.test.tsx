import { screen, within } from '@testing-library/react';
import type { ActionLog } from '@phoenix/contract';
import { apiError, fakeBff, json, page, renderWithShell } from '@phoenix/shell/src/testing';
import PlayerActionLogSection from './PlayerActionLogSection';

const log = (id: number, action: string, targetType: string, createdAt: string): ActionLog => ({
  id,
  adminId: 1,
  adminEmail: 'ops@phoenix.local',
  action,
  targetType,
  targetId: '42',
  before: null,
  after: null,
  createdAt,
});

/** The player's entries and their point account's, each answered by its own request. */
function logsBff(pointUser: () => ReturnType<typeof json>) {
  return fakeBff().get('/action-logs', (req) =>
    req.query.get('target') === 'player:42'
      ? json(
          page([log(3, 'player.ban', 'player', '2026-01-03T00:00:00.000Z'), log(1, 'player.unban', 'player', '2026-01-01T00:00:00.000Z')]),
        )
      : pointUser(),
  );
}
const renderSection = (bff: ReturnType<typeof fakeBff>) =>
  renderWithShell(<PlayerActionLogSection playerId={42} playerVersion={1} />, { bff });

describe("the player view's history section", () => {
  it("merges the player's and their point account's entries, newest first, in a table named by the heading", async () => {
    renderSection(logsBff(() => json(page([log(2, 'points.adjust', 'pointUser', '2026-01-02T00:00:00.000Z')]))));
    const table = await screen.findByRole('table', { name: 'What admins did to this player' });
    const actions = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2].textContent);
    expect(actions).toEqual(['player.ban', 'points.adjust', 'player.unban']);
  });

  it('shows the error of either request, and its retry asks both again', async () => {
    let fail = true;
    const bff = logsBff(() => (fail ? apiError(500, 'internal', 'Database unavailable') : json(page([]))));
    const { user } = renderSection(bff);
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'player.ban' })).toBeInTheDocument();
    expect(bff.calls('GET', '/action-logs')).toHaveLength(4);
  });

  it("names the player in each entry's record, linked to their page; an entry that lists the player keeps its own record", async () => {
    const forceEnd = { ...log(4, 'battle.forceEnd', 'battle', '2026-01-04T00:00:00.000Z'), targetId: '900' };
    const bff = logsBff(() => json(page([forceEnd]))).get('/players/names', () => json({ items: [{ id: 42, name: 'Alice Moreau' }] }));
    renderSection(bff);
    const table = await screen.findByRole('table', { name: 'What admins did to this player' });
    const links = await within(table).findAllByRole('link', { name: 'Alice Moreau (#42)' });
    expect(links[0]).toHaveAttribute('href', '/admin/user?id=42');
    expect(within(table).getByRole('cell', { name: 'battle #900' })).toBeInTheDocument();
  });

  it('says so when neither has an entry', async () => {
    renderSection(fakeBff().get('/action-logs', () => json(page([]))));
    expect(await screen.findByText('No admin action on this player yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
