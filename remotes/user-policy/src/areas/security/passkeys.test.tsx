import { screen, within } from '@testing-library/react';
import { apiError, fakeBff, json, renderWithShell } from '@phoenix/shell/src/testing';
import '../../i18n';
import SecurityPage from './SecurityPage';

// The browser's WebAuthn prompt: jsdom has none; each test says what the authenticator answers.
const startRegistration = jest.fn();
jest.mock('@simplewebauthn/browser', () => ({ startRegistration: (...args: unknown[]) => startRegistration(...args) }));

const NO_FACTORS = { required: false, items: [], recoveryCodesLeft: 0 };
const ANSWER = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'e30' }, clientExtensionResults: {} };

function renderSecurity(bff: ReturnType<typeof fakeBff>) {
  bff.get('/security/factors', () => json(NO_FACTORS)).get('/security/sessions', () => json({ items: [] }));
  return renderWithShell(<SecurityPage />, { bff, url: '/admin/security', path: '/admin/security' });
}

describe('adding a passkey on the Security page', () => {
  beforeEach(() => startRegistration.mockReset());

  it('asks for options with the name, passes them to the browser and sends its answer; the recovery codes show once', async () => {
    startRegistration.mockResolvedValue(ANSWER);
    const bff = fakeBff()
      .post('/security/factors/passkey/options', () => json({ challenge: 'abc', rp: { id: 'localhost', name: 'Phoenix Admin' } }))
      .post('/security/factors/passkey', () => json({ recoveryCodes: ['aaaaa-bbbbb'] }));
    const { user } = renderSecurity(bff);
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Work laptop');
    await user.click(within(form).getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByRole('dialog', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(bff.calls('POST', '/security/factors/passkey/options').map((c) => c.body)).toEqual([{ label: 'Work laptop' }]);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc', rp: { id: 'localhost', name: 'Phoenix Admin' } } });
    expect(bff.calls('POST', '/security/factors/passkey').map((c) => c.body)).toEqual([{ response: ANSWER }]);
  });

  it('a refused answer or a closed prompt is said in text by the name, which stays as typed', async () => {
    const refusal = 'This passkey answer comes from another site: use the console at its usual address';
    const bff = fakeBff()
      .post('/security/factors/passkey/options', () => json({ challenge: 'abc' }))
      .post('/security/factors/passkey', () => apiError(400, 'validation_failed', refusal, { fieldErrors: { passkey: [refusal] } }));
    const { user } = renderSecurity(bff);
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await user.clear(within(form).getByLabelText(/^Name/));
    await user.type(within(form).getByLabelText(/^Name/), 'Work laptop');

    startRegistration.mockResolvedValue(ANSWER);
    await user.click(within(form).getByRole('button', { name: 'Create passkey' }));
    expect(await within(form).findByText(refusal)).toBeInTheDocument();

    startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed'), { name: 'NotAllowedError' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Create passkey' }));
    expect(await within(form).findByText(/prompt was closed before a passkey was made/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Work laptop');
  });
});
