import { apiError, fakeBff, json, renderWithShell } from '../testing';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { useApi } from '../api/useApi';
import { describeError } from '../api/describeError';

/** A form's submit, unchanged: one PUT; the 428 is answered by the shell (api/changeControl.ts). */
function Saver() {
  const api = useApi();
  const [outcome, setOutcome] = useState('none');
  const save = () =>
    api.put('/game-balance/health', { maxHealth: 200, version: 3 }).then(
      () => setOutcome('saved'),
      (error: unknown) => setOutcome(`error: ${describeError(error)}`),
    );
  return (
    <>
      <button onClick={() => void save()}>Save</button>
      <p>outcome: {outcome}</p>
    </>
  );
}

const refused = (code: string) =>
  apiError(428, code, 'needs more', { current: { scope: 'game balance health', operation: 'health.update' } });

describe('global operations in the console', () => {
  it('"confirm": the admin types the scope the server named, and the same call is sent again with it', async () => {
    const bff = fakeBff().put('/game-balance/health', (req) =>
      req.headers.get('x-confirm-scope') === 'game balance health'
        ? json({ maxHealth: 200, version: 4 })
        : refused('confirmation_required'),
    );
    const { user } = renderWithShell(<Saver />, { bff });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm a change to game balance health' });
    await user.type(within(dialog).getByLabelText('Type "game balance health" to confirm'), 'game balance');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByLabelText(/to confirm/)).toHaveAccessibleDescription(expect.stringContaining('Type exactly'));
    await user.type(within(dialog).getByLabelText(/to confirm/), ' health');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('outcome: saved')).toBeInTheDocument();
    expect(bff.calls('PUT', '/game-balance/health')).toHaveLength(2);
  });

  it('"approve": the same call is filed as a change request with a reason and a time; the form is told nothing changed', async () => {
    const bff = fakeBff()
      .put('/game-balance/health', () => refused('approval_required'))
      .post('/change-requests', (req) => json({ id: 12, scope: 'game balance health', ...(req.body as object) }, 201));
    const { user } = renderWithShell(<Saver />, { bff });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Request approval: game balance health' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(bff.calls('POST', '/change-requests')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Weekly reset');
    await user.type(within(dialog).getByLabelText(/Apply at/), '2030-03-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/outcome: error: Sent for approval as request #12/)).toBeInTheDocument();
    expect(bff.calls('POST', '/change-requests')[0]!.body).toEqual({
      method: 'PUT',
      path: '/game-balance/health',
      body: { maxHealth: 200, version: 3 },
      reason: 'Weekly reset',
      scheduledAt: new Date('2030-03-01T10:00').toISOString(),
    });
    expect(bff.calls('PUT', '/game-balance/health')).toHaveLength(1);
  });

  it('a call global only past a daily budget: the dialog says what the server said of the budget', async () => {
    const note = 'Your daily budget of adjustment points is used up: 9 of 900,000 points left today (UTC), this call needs 10.';
    const bff = fakeBff().put('/game-balance/health', () =>
      apiError(428, 'approval_required', 'needs more', { current: { scope: 'game balance health', operation: 'health.update', note } }),
    );
    const { user } = renderWithShell(<Saver />, { bff });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Request approval: game balance health' });
    expect(within(dialog).getByText(note)).toBeInTheDocument();
  });
});
