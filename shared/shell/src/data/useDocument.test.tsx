import { screen, waitFor } from '@testing-library/react';
import { apiError, fakeBff, json, renderWithShell } from '../testing';
import { useDocument } from './useDocument';

type Settings = { maxHealth: number; version: number };

function Probe({ next }: { next: Settings }) {
  const { data, error, save } = useDocument<Settings, Settings>('health', { savedMessage: (s) => `Saved version ${s.version}.` });
  return (
    <>
      <p>{data ? `max ${data.maxHealth} v${data.version}` : error ? 'failed' : 'loading'}</p>
      <button onClick={() => save.mutate(next)}>Save</button>
    </>
  );
}

describe('useDocument', () => {
  it('GETs the document without an id and PUTs it; the answer replaces the cached copy', async () => {
    const bff = fakeBff()
      .get('/health', () => json({ maxHealth: 100, version: 1 }))
      .put('/health', (req) => json({ ...(req.body as Settings), version: 2 }));
    const { user } = renderWithShell(<Probe next={{ maxHealth: 120, version: 1 }} />, { bff });
    expect(await screen.findByText('max 100 v1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('max 120 v2')).toBeInTheDocument();
    expect(bff.calls('PUT', '/health')[0].body).toEqual({ maxHealth: 120, version: 1 });
    expect(bff.calls('GET', '/health')).toHaveLength(1); // no refetch of a possibly large document
    expect(screen.getByRole('status')).toHaveTextContent('Saved version 2.');
  });

  it('on a 409 refetches the document (shows theirs) and toasts what to do', async () => {
    let current = { maxHealth: 100, version: 1 };
    const bff = fakeBff()
      .get('/health', () => json(current))
      .put('/health', () => apiError(409, 'conflict', 'Version mismatch', { current }));
    const { user } = renderWithShell(<Probe next={{ maxHealth: 120, version: 1 }} />, { bff });
    await screen.findByText('max 100 v1');
    current = { maxHealth: 90, version: 2 };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('max 90 v2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Someone else changed this record'));
  });
});
