import {
  RELEASE_REPORT_MAX_EVENTS,
  RELEASE_REPORTS_PATH,
  RELEASE_VERSION,
  REMOTE_NAMES,
  type ReleaseReportEvent,
  type ReleaseReportKind,
  type RemoteName,
} from '@phoenix/contract';
import { apiClientOf } from '@phoenix/shell';
import { areaLinksAtom, runtimeConfigAtom, shellStore, tokenAtom } from '@phoenix/shell/src/boot';
import { choiceOf } from './config';

/**
 * What the console tells the BFF about the remote versions it runs (docs/releasing.md, "What the console
 * runs"): one 'session' event per remote version the first time it loads (or fails to) in this page, and
 * its failures: 'load-failed', 'render-error' (a remote page's error boundary), 'unhandled-rejection' (a
 * rejection whose stack names /remotes/<name>/<version>/). Batched, bounded, no personal data: the page is
 * the route pattern, never the URL (ids, queries), and a message is cut to 300 characters.
 * Loaded the first time a remote loads or fails: the login page and the dashboard never carry it.
 */

/** A batch goes out this long after its first event (or at once when full, and when the page goes away). */
export const REPORT_FLUSH_MS = 5000;
/** Events waiting past this are dropped (and counted): a remote failing in a loop never grows the page. */
export const REPORT_QUEUE_LIMIT = 100;
/** Events one page sends at most, whatever happens. */
export const REPORT_PAGE_LIMIT = 500;
export const REPORT_MESSAGE_LIMIT = 300;

export type ReportSender = (events: ReleaseReportEvent[], options: { keepalive: boolean }) => Promise<unknown>;

export interface ReporterOptions {
  send: ReportSender;
  /** The route pattern of the page the admin is on. */
  page?: () => string;
  /** The version of a remote this page runs (undefined: not reported). */
  versionOf?: (remote: RemoteName) => string | undefined;
  flushMs?: number;
}

/**
 * The route pattern of a console path: /admin/<area path> as the host's route table composed it (the
 * areas' links, not routes/routeTable.ts, which loads the remotes' pages), never the raw path.
 */
export function routePattern(pathname: string, areas: ReadonlyMap<string, { path: string }> = shellStore.get(areaLinksAtom)): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path === '/admin/about' || path.startsWith('/auth/')) return path.slice(0, 200);
  const rest = path.startsWith('/admin/') ? path.slice('/admin/'.length) : null;
  if (rest === null) return '/';
  for (const area of areas.values()) if (area.path === rest) return `/admin/${area.path}`;
  return '/admin/*';
}

/** An error's message, one line, at most REPORT_MESSAGE_LIMIT characters. */
export function reportMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, REPORT_MESSAGE_LIMIT);
}

const REMOTE_IN_STACK = /\/remotes\/([a-z][a-z-]*)\/([^/\s]+)\//;

/** The remote and version whose code a stack runs through (its files are served from /remotes/<name>/<version>/), or null. */
export function remoteOfStack(stack: string | undefined): { remote: RemoteName; version: string } | null {
  const match = stack ? REMOTE_IN_STACK.exec(stack) : null;
  if (!match) return null;
  const [, remote, version] = match;
  return (REMOTE_NAMES as readonly string[]).includes(remote!) && RELEASE_VERSION.test(version!)
    ? { remote: remote as RemoteName, version: version! }
    : null;
}

export class ReleaseReporter {
  private queue: ReleaseReportEvent[] = [];
  private sent = 0;
  private readonly sessions = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Events dropped by the bounds (the queue's or the page's). */
  dropped = 0;

  constructor(private readonly options: ReporterOptions) {}

  private page(): string {
    return this.options.page?.() ?? routePattern(typeof window === 'undefined' ? '/' : window.location.pathname);
  }

  private versionOf(remote: RemoteName): string | undefined {
    const version = (this.options.versionOf ?? ((r: RemoteName) => choiceOf(r)?.version))(remote);
    // A development build's version ('local', 'dev') is no release: the BFF would refuse the whole batch.
    return version && RELEASE_VERSION.test(version) ? version : undefined;
  }

  private push(event: ReleaseReportEvent): void {
    if (this.queue.length >= REPORT_QUEUE_LIMIT || this.sent + this.queue.length >= REPORT_PAGE_LIMIT) {
      this.dropped += 1;
      return;
    }
    this.queue.push(event);
    if (this.queue.length >= RELEASE_REPORT_MAX_EVENTS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? REPORT_FLUSH_MS);
  }

  /** The remote version ran (or was tried) in this page: said once. */
  session(remote: RemoteName, version = this.versionOf(remote)): void {
    if (!version || this.sessions.has(`${remote}@${version}`)) return;
    this.sessions.add(`${remote}@${version}`);
    this.push({ kind: 'session', remote, version, page: this.page() });
  }

  /** A failure of a remote version (its session is said first, if not yet). */
  error(kind: Exclude<ReleaseReportKind, 'session'>, remote: RemoteName, error: unknown, version = this.versionOf(remote)): void {
    if (!version) return;
    this.session(remote, version);
    this.push({ kind, remote, version, page: this.page(), message: reportMessage(error) });
  }

  /** Sends what waits, RELEASE_REPORT_MAX_EVENTS at a time; a refused batch is not sent again (bounded). */
  async flush(keepalive = false): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches: ReleaseReportEvent[][] = [];
    while (this.queue.length > 0) batches.push(this.queue.splice(0, RELEASE_REPORT_MAX_EVENTS));
    this.sent += batches.reduce((n, batch) => n + batch.length, 0);
    await Promise.all(batches.map((events) => this.options.send(events, { keepalive }).catch(() => undefined)));
  }

  /** How many events wait (for tests and the page's own figures). */
  get pending(): number {
    return this.queue.length;
  }
}

/** The console's sender: the shell's API client, or a keepalive fetch when the page is going away. */
const sendReports: ReportSender = (events, { keepalive }) => {
  const token = shellStore.get(tokenAtom);
  const config = shellStore.get(runtimeConfigAtom);
  if (!token || !config) return Promise.resolve(); // signed out: nothing is counted for nobody
  if (!keepalive) return apiClientOf(shellStore, 'apiBase').post(RELEASE_REPORTS_PATH, { events });
  return fetch(`${config.apiBase.replace(/\/+$/, '')}${RELEASE_REPORTS_PATH}`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ events }),
  });
};

let reporter: ReleaseReporter | null = null;

/** The page's reporter, made (and its listeners installed) on first use. */
export function releaseReporter(): ReleaseReporter {
  if (reporter) return reporter;
  const made = new ReleaseReporter({ send: sendReports });
  reporter = made;
  if (typeof window !== 'undefined') {
    window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      const found = remoteOfStack(reason instanceof Error ? reason.stack : undefined);
      if (found) made.error('unhandled-rejection', found.remote, reason, found.version);
    });
    window.addEventListener('pagehide', () => void made.flush(true));
  }
  return made;
}
