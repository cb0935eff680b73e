import { LIVE_EVENTS_PATH, type LiveEvent } from '@phoenix/contract';

/**
 * The tab's one live stream (GET /events, server-sent events, read by EventSource): `open` while it
 * is connected; anything else means the console polls instead (useLiveFallbackInterval).
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
  EventSource?: typeof EventSource;
  /** First reconnection delay (default 1 s), doubled up to maxDelayMs (default 30 s). */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Connects and keeps the stream connected: a ticket first (POST /events/ticket with the token
 * header, like every call), then an EventSource on GET /events?ticket=…. Cut, it reconnects with a
 * new ticket after a backoff (with some jitter, so a restarted instance is not hit by every tab at
 * once); a refused ticket (401, 403) stops it. Returns what stops it.
 */
export function connectLiveEvents(options: LiveConnectionOptions): () => void {
  const fetchImpl = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  const Source = options.EventSource ?? (typeof EventSource === 'function' ? EventSource : undefined);
  const base = options.baseUrl.replace(/\/+$/, '');
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let delay = initial;

  if (!fetchImpl || !Source) {
    setStatus('unavailable');
    return () => setStatus('off');
  }

  const retry = () => {
    if (stopped || timer) return;
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
    let ticket: string;
    try {
      const response = await fetchImpl(`${base}${LIVE_EVENTS_PATH}/ticket`, { method: 'POST', headers: { token }, cache: 'no-store' });
      if (response.status === 401 || response.status === 403) {
        // Signed out or not allowed: polling only; the next sign-in starts again.
        setStatus('unavailable');
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      ({ ticket } = (await response.json()) as { ticket: string });
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    const opened = new Source(`${base}${LIVE_EVENTS_PATH}?ticket=${encodeURIComponent(ticket)}`);
    source = opened;
    opened.onopen = () => {
      delay = initial;
      setStatus('open');
      options.onOpen?.();
    };
    opened.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (event) options.onEvent(event);
    };
    // Our own reconnection (a new ticket, backoff) rather than EventSource's, whose ticket expires.
    opened.onerror = () => {
      opened.close();
      if (source === opened) source = null;
      retry();
    };
  };

  void attempt();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
    setStatus('off');
  };
}

function parseEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as Partial<LiveEvent>;
    return typeof parsed.topic === 'string' ? { topic: parsed.topic, id: typeof parsed.id === 'string' ? parsed.id : null } : null;
  } catch {
    return null;
  }
}
