import { currentUrl, describeResourcePages, fakeBff, json, page, renderRemotePage } from '@phoenix/shell/src/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { type DoubleUpSeason } from '@phoenix/contract';
import { localInputToIso } from '@phoenix/ui';
import pages from '../../pages';

const audit = { version: 1, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', updatedBy: null };
const won: DoubleUpSeason = {
  id: 104,
  name: 'Season 104',
  startsAt: '2025-02-24T00:00:00.000Z',
  endsAt: '2025-03-03T00:00:00.000Z',
  participants: 60,
  totalWagered: 1_500_000,
  paidOut: 1_200_000,
  houseResult: 300_000,
  ...audit,
};
const lost: DoubleUpSeason = { ...won, id: 103, name: 'Season 103', paidOut: 1_600_000, houseResult: -100_000 };

describeResourcePages({
  pages,
  base: 'doubleupSeasonHistory',
  records: [won, lost],
  sort: { header: /House result/, key: 'houseResult' },
});

describe('double-up seasons (history)', () => {
  it('shows the house result signed, filters by period through the URL, and opens a season with its top participants', async () => {
    const bff = fakeBff()
      .get('/double-up-seasons', () => json(page([won, lost])))
      .get('/double-up-seasons/:id', () => json(won))
      .get('/double-up-seasons/:id/top-participants', () =>
        json({ items: [{ rank: 1, playerId: 42, wagered: 10_000, paidOut: 25_000, net: 15_000, rounds: 30 }] }),
      );
    const { user, router } = renderRemotePage(pages, { bff, url: '/admin/doubleupSeasonHistory' });
    expect(await screen.findByRole('row', { name: /Season 104/ })).toHaveTextContent('+300,000 (house won)');
    expect(screen.getByRole('row', { name: /Season 103/ })).toHaveTextContent('-100,000 (house lost)');

    await user.type(screen.getByLabelText('Period from'), '2025-02-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    const from = localInputToIso('2025-02-01T00:00');
    await waitFor(() => expect(currentUrl(router)).toBe(`/admin/doubleupSeasonHistory?from=${encodeURIComponent(from)}`));
    await waitFor(() => expect(bff.calls('GET', '/double-up-seasons').at(-1)!.query.get('from')).toBe(from));

    await user.click(screen.getByRole('button', { name: 'View Season 104' }));
    const dialog = await screen.findByRole('dialog', { name: 'Double-up season #104' });
    const top = await within(dialog).findByRole('table', { name: 'Top participants' });
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent('14210,00025,000+15,00030');
  });
});
