import net from 'node:net';

/** A port the service needs is taken: it stops at once, naming the port and its variable. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly variable: string,
  ) {
    super(`port ${port} (${variable}) is already in use`);
  }
}

const inUse = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

/**
 * Throws PortInUseError when something listens on one of the ports (on any address: the wildcard
 * bind fails for every listener). Checked before the database is opened, so a taken port costs no
 * migration and no seed. null (not used) and 0 (any free port) are skipped.
 */
export async function ensurePortsFree(ports: [port: number | null, variable: string][]): Promise<void> {
  for (const [port, variable] of ports) {
    if (!port) continue;
    const taken = await new Promise<boolean>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', (error) => (inUse(error) ? resolve(true) : reject(error)));
      probe.listen(port, () => probe.close(() => resolve(false)));
    });
    if (taken) throw new PortInUseError(port, variable);
  }
}

/** For a listen's catch: the port taken since the check (EADDRINUSE) becomes PortInUseError. */
export const rethrowInUse =
  (port: number, variable: string) =>
  (error: unknown): never => {
    throw inUse(error) ? new PortInUseError(port, variable) : error;
  };
