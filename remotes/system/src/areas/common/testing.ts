import { fireEvent } from '@testing-library/react';

/**
 * Test helper: sets a datetime-local input (user-event cannot type into one in jsdom).
 * `local` is what the admin picks, e.g. '2030-03-01T10:00'; returns the ISO instant the form sends.
 */
export function pickDateTime(input: HTMLElement, local: string): string {
  fireEvent.change(input, { target: { value: local } });
  return local ? new Date(local).toISOString() : '';
}
