import { act, waitFor } from '@testing-library/react';
import { resourceKeys, liveStatus } from '@phoenix/shell';
import { renderWithShell } from '@phoenix/shell/src/testing';
import { DASHBOARD_SUMMARY_RESOURCE } from '../dashboard/Dashboard';
import { CHANGE_REQUESTS_KEY, LIVE_DASHBOARD_RESOURCE, LiveUpdates, liveKeysFor } from './LiveUpdates';

/** A BFF whose GET /events answers with a stream the test writes to (or with `status`). */
function fakeEvents(status = 200) {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const calls: { url: string; headers: Headers }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers) });
    if (status !== 200) return new Response(JSON.stringify({ error: { code: 'forbidden', message: 'No' } }), { status });
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        streams.push(controller);
        controller.enqueue(encoder.encode('retry: 3000\n: open\n\n'));
      },
    });
    init?.signal?.addEventListener('abort', () => {
      try {
        streams.at(-1)?.error(new Error('aborted'));
      } catch {
        /* closed already */
      }
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    send: (data: object) => streams.at(-1)!.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`)),
    /** The instance went away: the stream ends. */
    cut: () => streams.at(-1)!.close(),
  };
}

test('its dashboard key is the dashboard summary query; each topic refreshes its queries', () => {
  expect(LIVE_DASHBOARD_RESOURCE).toBe(DASHBOARD_SUMMARY_RESOURCE);
  const dashboard = resourceKeys.document(DASHBOARD_SUMMARY_RESOURCE);
  expect(liveKeysFor({ topic: 'battle', id: null })).toEqual([dashboard]);
  expect(liveKeysFor({ topic: 'changeRequest', id: '4' })).toEqual([dashboard, CHANGE_REQUESTS_KEY]);
  expect(liveKeysFor({ topic: 'presentDistribution', id: '9' })).toEqual([dashboard, resourceKeys.all('present-distributions')]);
});

test('one stream with the token header; an event refreshes the matching queries, close ones together; reconnects after a cut', async () => {
  const bff = fakeEvents();
  const { queryClient, unmount } = renderWithShell(<LiveUpdates />, { bff: { fetch: bff.fetch } as never });
  const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
  await waitFor(() => expect(liveStatus()).toBe('open'));
  expect(bff.calls).toHaveLength(1);
  expect(bff.calls[0]!.url).toBe('http://api.test/events');
  expect(bff.calls[0]!.headers.get('token')).toBe('test-token');
  expect(bff.calls[0]!.headers.get('accept')).toBe('text/event-stream');
  invalidate.mockClear();

  act(() => {
    bff.send({ topic: 'changeRequest', id: '3' });
    bff.send({ topic: 'changeRequest', id: '4' });
    bff.send({ topic: 'battle', id: null });
  });
  await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
    resourceKeys.document(DASHBOARD_SUMMARY_RESOURCE),
    CHANGE_REQUESTS_KEY,
  ]);

  // The stream ends (an instance restarting): the console polls meanwhile, then it opens again and reads everything again.
  invalidate.mockClear();
  act(() => bff.cut());
  await waitFor(() => expect(liveStatus()).toBe('unavailable'));
  await waitFor(() => expect(bff.calls).toHaveLength(2), { timeout: 3000 });
  await waitFor(() => expect(liveStatus()).toBe('open'));
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
    resourceKeys.document(DASHBOARD_SUMMARY_RESOURCE),
    CHANGE_REQUESTS_KEY,
    resourceKeys.all('present-distributions'),
  ]);
  unmount();
  expect(liveStatus()).toBe('off');
});

test('refused (403): no retry, the console keeps polling', async () => {
  const bff = fakeEvents(403);
  const { unmount } = renderWithShell(<LiveUpdates />, { bff: { fetch: bff.fetch } as never });
  await waitFor(() => expect(liveStatus()).toBe('unavailable'));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(bff.calls).toHaveLength(1);
  unmount();
});

test('signed out: no stream', async () => {
  const bff = fakeEvents();
  const { unmount } = renderWithShell(<LiveUpdates />, { bff: { fetch: bff.fetch } as never, token: null });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(bff.calls).toHaveLength(0);
  expect(liveStatus()).toBe('off');
  unmount();
});
