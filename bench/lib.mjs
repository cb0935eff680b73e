// Shared by the bench scripts: Debian's Chromium through playwright-core, free ports, percentiles.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

/** The flags every figure in docs/performance.md was measured with. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export async function launchChromium() {
  if (!EXECUTABLE) throw new Error("Chromium is not installed: `apt-get install chromium` (Debian's package).");
  return chromium.launch({ executablePath: EXECUTABLE, headless: true, args: CHROMIUM_FLAGS });
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values) => percentile(values, 50);

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The e2e stack (e2e/support/stack.mjs); with `--dists DIR` in argv, serving the host and remotes
 * built in another checkout DIR (e.g. a clone of main: the "before" of a change) instead of this one's.
 */
export async function startStackWithDists(argv) {
  const [{ startStack }, { REMOTES }, { startStaticServer }] = await Promise.all([
    import('../e2e/support/stack.mjs'),
    import('../scripts/lib/console.mjs'),
    import('../scripts/lib/staticServer.mjs'),
  ]);
  const at = argv.indexOf('--dists');
  if (at < 0) return startStack();
  const dists = path.resolve(argv[at + 1]);
  const stack = await startStack(undefined, { hostDir: path.join(dists, 'host/dist') });
  const servers = [];
  for (const name of REMOTES) {
    const server = await startStaticServer({
      port: 0,
      mounts: [{ prefix: '/', dir: path.join(dists, 'remotes', name, 'dist'), cors: true }],
    });
    servers.push(server);
    stack.config.remotes[name] = { ...stack.config.remotes[name], entry: `http://127.0.0.1:${server.address().port}/mf-manifest.json` };
  }
  const stop = stack.stop;
  stack.stop = async () => {
    for (const server of servers) {
      server.closeAllConnections?.();
      server.close();
    }
    await stop();
  };
  return stack;
}

/**
 * A bench against a signed-in console: the stack (`--dists` aware), Chromium, and a browser context whose
 * admin has just signed in on `page` (the session is in the context's storage, the cache is warm only
 * with the sign-in page). `measure` opens what it measures; everything is closed after it.
 */
export async function onSignedInConsole(argv, { viewport = { width: 1280, height: 900 } } = {}, measure) {
  const { signIn } = await import('../e2e/support/browser.mjs');
  const stack = await startStackWithDists(argv);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, stack.hostUrl);
    await page.waitForURL(`${stack.hostUrl}/admin`);
    await measure({ stack, browser, context, page });
    await context.close();
  } finally {
    await browser.close();
    await stack.stop();
  }
}

/** A bench script's entry: its error's stack and exit code 1 when it fails. */
export function runBench(main) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
