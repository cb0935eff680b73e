import { screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { apiError, fakeBff, json, renderWithShell } from '../testing';
import { useApi } from '../api/useApi';
import type { ApiRequestError } from '../api/ApiRequestError';
import { PlayerSection, QueryAnswer, QueryTable } from './PlayerSection';

interface Delivery {
  id: number;
  present: string;
}

/** A part of the player view as the remotes write one: a heading, a query's rows as a table, a link below. */
function Deliveries({ caption }: { caption?: string }) {
  const api = useApi();
  const query = useQuery<{ items: Delivery[] }, ApiRequestError>({ queryKey: ['deliveries'], queryFn: () => api.get('/deliveries') });
  return (
    <PlayerSection id="deliveries-title" title="Presents delivered">
      <QueryTable
        query={query}
        rows={(answer) => answer.items}
        none="Nothing delivered."
        labels={['Id', 'Present']}
        labelledBy={caption ? undefined : 'deliveries-title'}
        caption={caption}
        row={(d) => (
          <tr key={d.id}>
            <td>#{d.id}</td>
            <td>{d.present}</td>
          </tr>
        )}
      />
      <a href="/admin/presents">All presents</a>
    </PlayerSection>
  );
}

describe('PlayerSection and QueryTable', () => {
  it("show a loading line, then the rows in a table named by the section's heading", async () => {
    const bff = fakeBff().get('/deliveries', () =>
      json({
        items: [
          { id: 3, present: 'Gem pack' },
          { id: 5, present: 'Energy' },
        ],
      }),
    );
    renderWithShell(<Deliveries />, { bff });
    const region = screen.getByRole('region', { name: 'Presents delivered' });
    expect(within(region).getByRole('status')).toBeInTheDocument();
    const table = await within(region).findByRole('table', { name: 'Presents delivered' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Id', 'Present']);
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['IdPresent', '#3Gem pack', '#5Energy']);
    expect(within(region).getByRole('link', { name: 'All presents' })).toBeInTheDocument();
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
  });

  it('name the table by its caption when given one', async () => {
    renderWithShell(<Deliveries caption="Last deliveries" />, {
      bff: fakeBff().get('/deliveries', () => json({ items: [{ id: 3, present: 'Gem pack' }] })),
    });
    expect(await screen.findByRole('table', { name: 'Last deliveries' })).toBeInTheDocument();
  });

  it('say `none` instead of an empty table', async () => {
    renderWithShell(<Deliveries />, { bff: fakeBff().get('/deliveries', () => json({ items: [] })) });
    expect(await screen.findByText('Nothing delivered.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All presents' })).toBeInTheDocument();
  });

  it("show the query's error with a retry that asks again; the rest of the section stays", async () => {
    let fail = true;
    const bff = fakeBff().get('/deliveries', () =>
      fail ? apiError(500, 'internal', 'Database unavailable') : json({ items: [{ id: 3, present: 'Gem pack' }] }),
    );
    const { user } = renderWithShell(<Deliveries />, { bff });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/The server failed to handle this request/);
    expect(screen.getByRole('link', { name: 'All presents' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Presents delivered' })).toHaveTextContent('Gem pack');
    expect(bff.calls('GET', '/deliveries')).toHaveLength(2);
  });
});

describe('QueryAnswer', () => {
  it('renders its children of the data once there is any, a falsy one too (only undefined is loading)', () => {
    renderWithShell(<QueryAnswer query={{ error: null, data: 0, refetch: () => undefined }}>{(n) => <p>{n} points</p>}</QueryAnswer>);
    expect(screen.getByText('0 points')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
