import { apiError, fakeBff, json, renderWithShell } from '../testing';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { useApi } from '../api/useApi';
import { describeError } from '../api/describeError';

/** A page's call, unchanged: the 403 step_up_required is answered by the shell (api/client.ts). */
function Creator() {
  const api = useApi();
  const [outcome, setOutcome] = useState('none');
  const create = () =>
    api.post('/admins', { email: 'new@phoenix.local', role: 2 }).then(
      () => setOutcome('created'),
      (error: unknown) => setOutcome(`error: ${describeError(error)}`),
    );
  return (
    <>
      <button onClick={() => void create()}>Create</button>
      <p>outcome: {outcome}</p>
    </>
  );
}

const stepUpRequired = () => apiError(403, 'step_up_required', 'Confirm it is you: enter a code from your authenticator app');

describe('step-up in the console', () => {
  it('asks for a code, refuses a wrong one in place, and sends the same call again once one is accepted', async () => {
    let steppedUp = false;
    const bff = fakeBff()
      .post('/admins', () => (steppedUp ? json({ account: {}, oneTimePassword: 'x', expiresAt: '' }, 201) : stepUpRequired()))
      .post('/security/step-up', (req) => {
        if ((req.body as { code: string }).code !== '123456') {
          return apiError(400, 'validation_failed', 'That code did not work', { fieldErrors: { code: ['That code did not work'] } });
        }
        steppedUp = true;
        return json({ verifiedUntil: '2030-01-01T00:10:00.000Z' });
      });
    const { user } = renderWithShell(<Creator />, { bff });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText(/^Code/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and continue' }));
    expect(await within(dialog).findByText('That code did not work: enter the current one')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Code/));
    await user.type(within(dialog).getByLabelText(/^Code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText('outcome: created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bff.calls('POST', '/admins')).toHaveLength(2);
    expect(bff.calls('POST', '/security/step-up').map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('cancelled: nothing is sent again and the page says why', async () => {
    const bff = fakeBff().post('/admins', () => stepUpRequired());
    const { user } = renderWithShell(<Creator />, { bff });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/outcome: error: This operation needs your second factor again/)).toBeInTheDocument();
    expect(bff.calls('POST', '/admins')).toHaveLength(1);
  });
});
