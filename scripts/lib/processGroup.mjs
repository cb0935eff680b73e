// Child processes that never outlive the script that started them (npm start, npm run dev, e2e).
// Each child leads a process group of its own, so its own children (tsx's node, webpack servers
// under pnpm) are stopped with it. The group is stopped when this process exits normally, on
// SIGINT/SIGTERM/SIGHUP, and on an uncaught exception; and when this process is killed outright
// (SIGKILL, a crash in native code), a small watchdog that waits on an IPC channel with us sees the
// channel close and stops the group.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WATCHDOG = path.join(path.dirname(fileURLToPath(import.meta.url)), 'groupWatchdog.mjs');
const groups = new Set();

/** Sends a signal to a whole process group; false when the group is already gone. */
export function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

let hooked = false;
function stopAllOnExit() {
  if (hooked) return;
  hooked = true;
  // 'exit' also runs after an uncaught exception or rejection. Its handlers are synchronous: a signal
  // is all there is time for (the watchdog follows up with SIGKILL if needed).
  process.on('exit', () => {
    for (const pgid of groups) signalGroup(pgid, 'SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      // Only the default behaviour is replaced when nobody else listens: exit (running 'exit' above).
      if (process.listenerCount(signal) === 1) process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/**
 * spawn() in a new process group, stopped with this process whatever way it ends. A detached group
 * gets no terminal signals: Ctrl+C reaches this process, which stops the group.
 * @returns {import('node:child_process').ChildProcess & { stop: (timeoutMs?: number) => Promise<void> }}
 */
export function spawnGroup(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid === undefined) return Object.assign(child, { stop: async () => {} });
  const pgid = child.pid;
  groups.add(pgid);
  stopAllOnExit();

  const watchdog = spawn(process.execPath, [WATCHDOG, String(pgid)], { detached: true, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  watchdog.unref();
  watchdog.channel?.unref();

  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.once('exit', () => {
    // The leader is gone; anything it left in its group goes too.
    signalGroup(pgid, 'SIGTERM');
    groups.delete(pgid);
    watchdog.disconnect?.();
  });

  /** SIGTERM to the group, SIGKILL after timeoutMs; resolves when the leader has exited. */
  child.stop = async (timeoutMs = 10_000) => {
    signalGroup(pgid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  };
  return child;
}
