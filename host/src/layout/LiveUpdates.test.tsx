import { act, waitFor } from '@testing-library/react';
import { resourceKeys, liveStatus } from '@phoenix/shell';
import { renderWithShell } from '@phoenix/shell/src/testing';
import { DASHBOARD_SUMMARY_RESOURCE } from '../dashboard/Dashboard';
import { CHANGE_REQUESTS_KEY, LIVE_DASHBOARD_RESOURCE, LiveUpdates, RELEASES_KEY, isReleaseEvent, liveKeysFor } from './LiveUpdates';

/** EventSource as the browser's: the test opens it, sends it messages and cuts it. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  send(data: object) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
  cut() {
    this.onerror?.();
  }
}

/** A BFF answering POST /events/ticket (with `status`), and the page's EventSource. */
function fakeEvents(status = 200) {
  const calls: { url: string; method: string; headers: Headers }[] = [];
  let tickets = 0;
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    if (status !== 200) return new Response(JSON.stringify({ error: { code: 'forbidden', message: 'No' } }), { status });
    tickets += 1;
    return new Response(JSON.stringify({ ticket: `ticket-${tickets}`, expiresAt: new Date().toISOString() }), { status: 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const latest = () => FakeEventSource.opened.at(-1)!;

beforeEach(() => {
  FakeEventSource.opened = [];
  (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
});

test('its dashboard key is the dashboard summary query; each topic refreshes its queries', () => {
  expect(LIVE_DASHBOARD_RESOURCE).toBe(DASHBOARD_SUMMARY_RESOURCE);
  const dashboard = resourceKeys.document(DASHBOARD_SUMMARY_RESOURCE);
  expect(liveKeysFor({ topic: 'battle', id: null })).toEqual([dashboard]);
  expect(liveKeysFor({ topic: 'changeRequest', id: '4' })).toEqual([dashboard, CHANGE_REQUESTS_KEY]);
  expect(liveKeysFor({ topic: 'presentDistribution', id: '9' })).toEqual([dashboard, resourceKeys.all('present-distributions')]);
  // A pin changed: the versions page reads the releases again (and the console its pins, releaseWatch.ts).
  expect(liveKeysFor({ topic: 'releases', id: 'points' })).toEqual([dashboard, RELEASES_KEY]);
  expect(isReleaseEvent({ topic: 'releases', id: null })).toBe(true);
  expect(isReleaseEvent({ topic: 'battle', id: null })).toBe(false);
});

test('one stream, opened with a ticket asked with the token header; an event refreshes the matching queries, close ones together; reconnects with a new ticket after a cut', async () => {
  const bff = fakeEvents();
  const { queryClient, unmount } = renderWithShell(<LiveUpdates />, { bff: { fetch: bff.fetch } as never });
  const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  expect(bff.calls).toHaveLength(1);
  expect(bff.calls[0]).toMatchObject({ url: 'http://api.test/events/ticket', method: 'POST' });
  expect(bff.calls[0]!.headers.get('token')).toBe('test-token');
  expect(latest().url).toBe('http://api.test/events?ticket=ticket-1');
  expect(liveStatus()).not.toBe('open');
  act(() => latest().open());
  expect(liveStatus()).toBe('open');
  invalidate.mockClear();

  act(() => {
    latest().send({ topic: 'changeRequest', id: '3' });
    latest().send({ topic: 'changeRequest', id: '4' });
    latest().send({ topic: 'battle', id: null });
  });
  await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
    resourceKeys.document(DASHBOARD_SUMMARY_RESOURCE),
    CHANGE_REQUESTS_KEY,
  ]);

  // The stream is cut (an instance restarting): the console polls meanwhile, then a new ticket and
  // stream, and everything is read again once it is open.
  invalidate.mockClear();
  const first = latest();
  act(() => first.cut());
  expect(first.closed).toBe(true);
  expect(liveStatus()).toBe('unavailable');
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 3000 });
  expect(latest().url).toBe('http://api.test/events?ticket=ticket-2');
  act(() => latest().open());
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
    resourceKeys.document(DASHBOARD_SUMMARY_RESOURCE),
    CHANGE_REQUESTS_KEY,
    resourceKeys.all('present-distributions'),
  ]);
  const second = latest();
  unmount();
  expect(second.closed).toBe(true);
  expect(liveStatus()).toBe('off');
});

test('no ticket (403): no stream, no retry, the console keeps polling', async () => {
  const bff = fakeEvents(403);
  const { unmount } = renderWithShell(<LiveUpdates />, { bff: { fetch: bff.fetch } as never });
  await waitFor(() => expect(liveStatus()).toBe('unavailable'));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(bff.calls).toHaveLength(1);
  expect(FakeEventSource.opened).toHaveLength(0);
  unmount();
});

test('without EventSource: polling only', async () => {
  delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
  const bff = fakeEvents();
  const { unmount } = renderWithShell(<LiveUpdates />, { bff: { fetch: bff.fetch } as never });
  await waitFor(() => expect(liveStatus()).toBe('unavailable'));
  expect(bff.calls).toHaveLength(0);
  unmount();
});

test('signed out: no stream', async () => {
  const bff = fakeEvents();
  const { unmount } = renderWithShell(<LiveUpdates />, { bff: { fetch: bff.fetch } as never, token: null });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(bff.calls).toHaveLength(0);
  expect(FakeEventSource.opened).toHaveLength(0);
  expect(liveStatus()).toBe('off');
  unmount();
});
