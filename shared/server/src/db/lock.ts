import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per embedded data folder. PGlite has no locking of its own: two processes on one
 * folder fail their migrations or corrupt it. So before opening it, a process creates
 * `<folder>.lock` exclusively (O_EXCL) holding its pid, host and start time. A lock whose process
 * is gone (same host, pid dead or reused since) is stale and taken over; any other is refused.
 */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.host}, running since ${holder.startedAt}`
      : 'another process (its lock file is unreadable)';
    super(`The data folder ${dataDir} is in use by ${who}. Stop that process first` + ` (if it is surely gone, delete ${lockFile}).`);
    this.name = 'DataFolderLockedError';
  }
}

export interface DataFolderLock {
  readonly lockFile: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

/** Lock files this process holds: a second open from within the same process is refused too. */
const heldHere = new Set<string>();

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

export function acquireDataFolderLock(dataDir: string): DataFolderLock {
  const lockFile = lockFileOf(dataDir);
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const me: LockHolder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(lockFile, me)) return held(lockFile, me);
    const holder = readHolder(lockFile);
    if (holder === undefined) continue; // removed meanwhile: try again
    if (!isStale(holder, lockFile)) throw new DataFolderLockedError(dataDir, lockFile, holder);
    takeOverStale(lockFile, holder);
  }
  throw new DataFolderLockedError(dataDir, lockFile, readHolder(lockFile) ?? null);
}

function createExclusive(lockFile: string, me: LockHolder): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockFile, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${JSON.stringify(me)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** The holder, null if the file is unreadable or garbled, undefined if it is gone. */
function readHolder(lockFile: string): LockHolder | null | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return null;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.startedAt === 'string') {
      return { pid: value.pid, host: value.host, startedAt: value.startedAt };
    }
  } catch {
    /* garbled */
  }
  return null;
}

function isStale(holder: LockHolder | null, lockFile: string): boolean {
  // Garbled: a crash between creating and writing it, unless that is happening right now.
  if (!holder) return ageMs(lockFile) > 10_000;
  if (holder.host !== os.hostname()) return false; // cannot see another machine's processes
  if (holder.pid === process.pid) return !heldHere.has(lockFile); // our pid from an earlier life (e.g. pid 1 in a container)
  if (!processAlive(holder.pid)) return true;
  return pidReusedSince(holder);
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Linux: the process now behind that pid started after the lock was written, so it is not the holder. */
function pidReusedSince(holder: LockHolder): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${holder.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = Number(fields[19]); // field 22 of proc(5), counted after "pid (comm)"
    const bootTime = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
    const startedMs = (bootTime + startTicks / 100) * 1000; // USER_HZ is 100 on Linux
    const lockedMs = Date.parse(holder.startedAt);
    return Number.isFinite(startedMs) && Number.isFinite(lockedMs) && startedMs > lockedMs + 5_000;
  } catch {
    return false; // no /proc: trust the pid
  }
}

/**
 * Removes a stale lock, under a short-lived mutex so two processes taking it over at once cannot
 * each remove the other's fresh lock: only the one that still finds the same stale holder removes it.
 */
function takeOverStale(lockFile: string, stale: LockHolder | null): void {
  const mutex = `${lockFile}.takeover`;
  try {
    fs.mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Someone is taking over right now; a mutex left by a crash mid-takeover expires.
    if (ageMs(mutex) > 10_000) fs.rmSync(mutex, { recursive: true, force: true });
    return;
  }
  try {
    const now = readHolder(lockFile);
    if (now !== undefined && JSON.stringify(now) === JSON.stringify(stale)) fs.rmSync(lockFile, { force: true });
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}

function held(lockFile: string, me: LockHolder): DataFolderLock {
  heldHere.add(lockFile);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(lockFile);
    process.off('exit', release);
    const current = readHolder(lockFile);
    if (current && current.pid === me.pid && current.startedAt === me.startedAt) fs.rmSync(lockFile, { force: true });
  };
  // A crash or process.exit() without closing the database: still give the folder back.
  process.on('exit', release);
  return { lockFile, release };
}
