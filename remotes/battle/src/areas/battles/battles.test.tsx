import { apiError, currentUrl, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { type Battle } from '@phoenix/contract';
import { localInputToIso } from '@phoenix/ui';
import pages from '../../pages';

const audit = { createdAt: '2025-02-01T10:00:00.000Z', updatedAt: '2025-02-01T10:00:00.000Z', updatedBy: null };
const live: Battle = {
  id: 7,
  mode: 'ranked',
  status: 'ongoing',
  playerIds: [3, 9],
  startedAt: '2025-02-01T10:00:00.000Z',
  endedAt: null,
  winnerPlayerId: null,
  forceEndedBy: null,
  forceEndReason: null,
  version: 1,
  ...audit,
};
const done: Battle = { ...live, id: 8, status: 'finished', endedAt: '2025-02-01T10:12:00.000Z', winnerPlayerId: 9, mode: 'casual' };

describeResourcePages({
  pages,
  base: 'battle',
  records: [live, done],
  sort: { header: /Start/, key: 'startedAt' },
  filter: { name: 'status', label: 'Status', optionLabel: 'Force-ended', value: 'force_ended' },
});

const BATTLES = '/admin/battle';

/** One ongoing battle the fake BFF can force-end (or refuse, when `finishedMeanwhile`). */
function battleBff(options: { finishedMeanwhile?: boolean } = {}) {
  let battle = live;
  const bff = fakeBff()
    .get('/battles', () => json(page([battle, done], { pageSize: 50 })))
    .get('/battles/:id', (req) => (req.params.id === '7' ? json(battle) : apiError(404, 'not_found', 'This battle does not exist')))
    .get('/battles/:id/participants', () =>
      json({
        items: [
          { playerId: 3, team: 1, score: 120, result: battle.status === 'ongoing' ? null : null },
          { playerId: 9, team: 2, score: 80, result: null },
        ],
      }),
    )
    .post('/battles/:id/force-end', (req) => {
      if (options.finishedMeanwhile) {
        battle = { ...battle, status: 'finished', endedAt: '2025-02-01T10:05:00.000Z', winnerPlayerId: 3, version: 2 };
        return apiError(409, 'conflict', 'This battle has already ended: nothing was changed', { current: battle });
      }
      const { reason } = req.body as { reason: string };
      battle = {
        ...battle,
        status: 'force_ended',
        endedAt: '2025-02-01T10:06:00.000Z',
        forceEndedBy: 'me@example.com',
        forceEndReason: reason,
        version: battle.version + 1,
      };
      return json(battle);
    });
  return bff;
}

describe('battles', () => {
  it('asks newest first with a page of 50, and filters by player and start window through the URL', async () => {
    const bff = battleBff();
    const { user, router } = renderRemotePage(pages, { bff, url: BATTLES });
    expect(await screen.findByText('#7')).toBeInTheDocument();
    expect(Object.fromEntries(bff.calls('GET', '/battles')[0].query)).toEqual({
      page: '1',
      pageSize: '50',
      sort: 'startedAt',
      order: 'desc',
    });
    expect(screen.getByRole('row', { name: /#8/ })).toHaveTextContent('Finished');

    await user.type(screen.getByLabelText('Player id'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('Player id')).toHaveAccessibleDescription('Enter a player id (a whole number).');
    await user.clear(screen.getByLabelText('Player id'));
    await user.type(screen.getByLabelText('Player id'), '9');
    await user.type(screen.getByLabelText('Started from'), '2025-02-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    const from = localInputToIso('2025-02-01T00:00');
    await waitFor(() => expect(currentUrl(router)).toBe(`${BATTLES}?playerId=9&from=${encodeURIComponent(from)}`));
    await waitFor(() => expect(bff.calls('GET', '/battles').at(-1)!.query.get('playerId')).toBe('9'));
    expect(bff.calls('GET', '/battles').at(-1)!.query.get('from')).toBe(from);
  });

  it('force-ends one ongoing battle with a required reason, after a confirm; the detail then says who, when and why', async () => {
    const bff = battleBff();
    const { user, router } = renderRemotePage(pages, { bff, url: BATTLES });
    await user.click(await screen.findByRole('button', { name: 'View / end battle 7' }));
    expect(currentUrl(router)).toBe(`${BATTLES}?id=7`);
    const dialog = await screen.findByRole('dialog', { name: 'Battle #7' });
    const participants = await within(dialog).findByRole('table', { name: 'Participants' });
    expect(within(participants).getAllByRole('row')).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Force end battle' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('Say why the battle is ended'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.type(within(dialog).getByLabelText('Reason'), 'Desync reported');
    await user.click(within(dialog).getByRole('button', { name: 'Force end battle' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Force end battle #7?' });
    expect(confirm).toHaveAccessibleDescription('Players 3 vs 9 are sent back to the lobby with no result. This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Force end battle' }));

    await waitFor(() => expect(bff.calls('POST', '/battles/7/force-end')).toHaveLength(1));
    expect(bff.calls('POST', '/battles/7/force-end')[0].body).toEqual({ reason: 'Desync reported', version: 1 });
    const facts = await within(dialog).findByText('Force-ended by');
    expect(facts.closest('dl')).toHaveTextContent('Force-ended byme@example.com');
    expect(facts.closest('dl')).toHaveTextContent('ReasonDesync reported');
    expect(within(dialog).queryByRole('button', { name: 'Force end battle' })).toBeNull();
  });

  it('a battle that finished meanwhile: says so and shows it finished, with no force end left', async () => {
    const bff = battleBff({ finishedMeanwhile: true });
    const { user } = renderRemotePage(pages, { bff, url: `${BATTLES}?id=7` });
    const dialog = await screen.findByRole('dialog', { name: 'Battle #7' });
    await user.type(await within(dialog).findByLabelText('Reason'), 'Stuck');
    await user.click(within(dialog).getByRole('button', { name: 'Force end battle' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Force end battle' }));
    expect(await within(dialog).findByText('Won by player 3')).toBeInTheDocument();
    expect(await screen.findByText('This battle has already ended: nothing was changed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Force end battle' })).toBeNull();
  });
});

describe('battle list: players', () => {
  it('links each player and the winner to the player page', async () => {
    renderRemotePage(pages, { bff: battleBff(), url: BATTLES });
    const row = (await screen.findByText('#8')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '3' })).toHaveAttribute('href', '/admin/user?id=3');
    expect(
      within(row)
        .getAllByRole('link', { name: '9' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/user?id=9', '/admin/user?id=9']);
    expect(row).toHaveTextContent('3 vs 9');
  });

  it("names each player, linked to the player's page", async () => {
    const bff = battleBff().get('/players/names', () =>
      json({
        items: [
          { id: 3, name: 'Alice Moreau' },
          { id: 9, name: 'Bob Tanaka' },
        ],
      }),
    );
    renderRemotePage(pages, { bff, url: BATTLES });
    const row = (await screen.findByText('#8')).closest('tr')!;
    expect(await within(row).findByRole('link', { name: 'Alice Moreau (#3)' })).toHaveAttribute('href', '/admin/user?id=3');
    expect(within(row).getAllByRole('link', { name: 'Bob Tanaka (#9)' })).toHaveLength(2);
    expect(row).toHaveTextContent('Alice Moreau (#3) vs Bob Tanaka (#9)');
    // Asked by id through the names endpoint (batching itself: shell playerNames.test.tsx).
    const asked = bff.calls('GET', '/players/names').flatMap((call) => call.query.get('ids')!.split(','));
    expect([...new Set(asked)].sort()).toEqual(['3', '9']);
  });
});
