import { LIVE_EVENTS_PATH, type LiveEvent } from '@phoenix/contract';

/**
 * The tab's one live stream (GET /events, server-sent events): `open` while it is connected;
 * anything else means the console polls instead (useLiveFallbackInterval). Read with fetch, not
 * EventSource: the session token travels in the `token` header like every other call, never in a
 * URL (EventSource cannot send a header).
 */
export type LiveStatus = 'off' | 'connecting' | 'open' | 'unavailable';

let status: LiveStatus = 'off';
const watchers = new Set<() => void>();

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const watcher of watchers) watcher();
}

export function liveStatus(): LiveStatus {
  return status;
}

export function watchLiveStatus(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export interface LiveConnectionOptions {
  /** The BFF's base URL (config.apiBase). */
  baseUrl: string;
  getToken: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /** Each time the stream opens (again): what changed while it was down is read again here. */
  onOpen?: () => void;
  /** Injected by tests. */
  fetch?: typeof fetch;
  /** First reconnection delay (default 1 s), doubled up to maxDelayMs (default 30 s). */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/** Whether this browser can read a streamed response (else the console polls). */
export function canStreamLiveEvents(fetchImpl: typeof fetch | undefined): boolean {
  return typeof fetchImpl === 'function' && typeof TextDecoder !== 'undefined' && typeof ReadableStream !== 'undefined';
}

/**
 * Connects and keeps the stream connected: reconnects with backoff (and some jitter, so a restarted
 * instance is not hit by every tab at once); a refusal (401, 403, 400) stops it for good. Returns
 * what stops it.
 */
export function connectLiveEvents(options: LiveConnectionOptions): () => void {
  const fetchImpl = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = initial;

  if (!canStreamLiveEvents(fetchImpl)) {
    setStatus('unavailable');
    return () => setStatus('off');
  }

  const retry = () => {
    if (stopped) return;
    setStatus('unavailable');
    timer = setTimeout(() => void attempt(), delay * (0.75 + Math.random() * 0.5));
    delay = Math.min(delay * 2, max);
  };

  const attempt = async () => {
    timer = null;
    const token = options.getToken();
    if (stopped) return;
    if (!token) {
      setStatus('unavailable');
      return;
    }
    if (status !== 'unavailable') setStatus('connecting');
    controller = new AbortController();
    let response: Response;
    try {
      response = await fetchImpl!(`${options.baseUrl.replace(/\/+$/, '')}${LIVE_EVENTS_PATH}`, {
        headers: { token, accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch {
      retry();
      return;
    }
    if (response.status === 401 || response.status === 403 || response.status === 400) {
      // Not allowed (signed out, no right, not served): polling only; the next sign-in starts again.
      setStatus('unavailable');
      return;
    }
    if (!response.ok || !response.body) {
      retry();
      return;
    }
    delay = initial;
    setStatus('open');
    options.onOpen?.();
    try {
      await readEvents(response.body, options.onEvent);
    } catch {
      // cut (network, instance restarting) or aborted by stop()
    }
    retry();
  };

  void attempt();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
    setStatus('off');
  };
}

/** The `data:` of each server-sent event block, parsed; comments (heartbeats) and other fields are skipped. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: LiveEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (!data) continue;
      try {
        const parsed = JSON.parse(data) as Partial<LiveEvent>;
        if (typeof parsed.topic === 'string') onEvent({ topic: parsed.topic, id: typeof parsed.id === 'string' ? parsed.id : null });
      } catch {
        // not an event of ours
      }
    }
  }
}
