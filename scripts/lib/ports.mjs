// Every port `npm start`, `npm run dev` and `scripts/serve.mjs` listen on, in one place: its variable
// and its default. Tests give each a free port through these variables (never a default: another
// console may run on this machine). Node's built-ins only: `npm start` reads it before installing.
import net from 'node:net';

export const PORTS = {
  // The console (the static server; the host's dev server under npm run dev).
  console: { variable: 'PORT', fallback: 8080 },
  bff: { variable: 'BFF_PORT', fallback: 8787 },
  pointsApi: { variable: 'POINTS_API_PORT', fallback: 8788 },
  // The BFF's embedded database, served to the points API (none on PostgreSQL).
  pgliteWire: { variable: 'PGLITE_WIRE_PORT', fallback: 8789 },
  // The local chain (anvil) of npm start.
  anvil: { variable: 'ANVIL_PORT', fallback: 8545 },
  // The local mailbox of npm start (scripts/lib/mailbox.mjs): its SMTP server and its page.
  mailboxSmtp: { variable: 'MAILBOX_SMTP_PORT', fallback: 1025 },
  mailbox: { variable: 'MAILBOX_PORT', fallback: 8025 },
  // npm run dev: the first remote's dev server; the others take the next ports, in REMOTES order.
  remotesDev: { variable: 'REMOTES_DEV_PORT', fallback: 8081 },
};

/** A port from its variable, or its default; a value that is not a port stops here, naming the variable. */
export function portOf(key, env = process.env) {
  const { variable, fallback } = PORTS[key];
  const raw = env[variable]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) throw new Error(`${variable}=${raw} is not a port (1-65535)`);
  return port;
}

/** { console: 8080, bff: 8787, … } from the environment. */
export function readPorts(env = process.env) {
  return Object.fromEntries(Object.keys(PORTS).map((key) => [key, portOf(key, env)]));
}

export const portInUseMessage = (port, variable) => `port ${port} (${variable}) is already in use`;

/** Does something listen on `port`, on any address? (The wildcard, dual-stack bind fails for any listener.) */
export function isPortTaken(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error)));
    probe.listen(port, () => probe.close(() => resolve(false)));
  });
}

/**
 * Throws, naming every taken port and its variable, before anything starts.
 * @param {{ port: number, variable: string }[]} wanted
 */
export async function assertPortsFree(wanted) {
  const taken = [];
  for (const { port, variable } of wanted) if (await isPortTaken(port)) taken.push(portInUseMessage(port, variable));
  if (taken.length) throw new Error(`${taken.join('; ')}: stop what uses it or choose another port with that variable`);
}

/** A port nothing listens on right now (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Every variable of PORTS set to a distinct free port (REMOTES_DEV_PORT: the first of `remotes`
 * consecutive free ones): what a test or a second instance passes so nothing meets a default.
 */
export async function freePortEnv({ remotes = 5 } = {}) {
  const env = {};
  const used = new Set();
  for (const [key, { variable }] of Object.entries(PORTS)) {
    const count = key === 'remotesDev' ? remotes : 1;
    let first;
    do first = count > 1 ? await freeRun(count) : await freePort();
    while (Array.from({ length: count }, (_, i) => first + i).some((p) => used.has(p)));
    for (let i = 0; i < count; i++) used.add(first + i);
    env[variable] = String(first);
  }
  return env;
}

/** The first of `count` consecutive ports that are free right now. */
async function freeRun(count) {
  for (;;) {
    const first = await freePort();
    if (first + count > 65536) continue;
    let free = true;
    for (let p = first + 1; p < first + count && free; p++) free = !(await isPortTaken(p));
    if (free) return first;
  }
}
