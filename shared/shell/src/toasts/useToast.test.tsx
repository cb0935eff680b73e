import { act, render, screen } from '@testing-library/react';
import { createTestShell } from '../testing';
import { ShellProviders } from '../core/ShellProviders';
import { ShellOverlays } from '../modals/ShellOverlays';
import { ApiRequestError } from '../api/ApiRequestError';
import { SUCCESS_TOAST_MS } from './toastAtoms';
import { useToast } from './useToast';

let toast: ReturnType<typeof useToast>;
function Probe() {
  toast = useToast();
  return null;
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('success is polite and goes away; errors are alerts, explained, and stay until dismissed', () => {
    const { store, queryClient } = createTestShell();
    render(
      <ShellProviders store={store} queryClient={queryClient}>
        <Probe />
        <ShellOverlays />
      </ShellProviders>,
    );
    act(() => toast.success('Saved battle.maxTurns.'));
    act(() => toast.error(new ApiRequestError(0, 'network_error', 'x')));
    expect(screen.getByRole('status')).toHaveTextContent('Saved battle.maxTurns.');
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached. Check your connection and try again.');

    act(() => jest.advanceTimersByTime(SUCCESS_TOAST_MS + 1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a 429 says which limit and when to retry, when the API says it; else the sign-in throttle's wording", () => {
    const { store, queryClient } = createTestShell();
    render(
      <ShellProviders store={store} queryClient={queryClient}>
        <Probe />
        <ShellOverlays />
      </ShellProviders>,
    );
    const keyed = { key: 'too_many_exports_try_again_in_n_seconds', params: { max: 10, seconds: 42 } };
    act(() => toast.error(new ApiRequestError(429, 'too_many_requests', 'Too many exports', {}, undefined, keyed)));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many exports: at most 10 a minute. Try again in 42 seconds.');
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());

    act(() => toast.error(new ApiRequestError(429, 'too_many_requests', 'Too many attempts')));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Wait a minute and try again.');
  });
});
