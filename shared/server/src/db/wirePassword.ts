import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/**
 * The password in front of the embedded database's wire: PGlite answers any user and
 * any password, so the TCP port the points API reaches is this gate, which asks for the password
 * of this start (PostgreSQL's MD5 exchange, which `pg` speaks) and only then splices the client
 * onto the real server, listening on a Unix socket in a folder only this user can open.
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A startup or password message is a few hundred bytes: anything larger is not a client. */
const MAX_MESSAGE = 10_000;
/** A client that has not authenticated by then is dropped. */
const AUTH_TIMEOUT_MS = 10_000;

const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

/** What a client that knows `password` answers to `salt` (PostgreSQL's md5 method). */
export const md5Answer = (password: string, user: string, salt: Buffer) =>
  `md5${md5(Buffer.concat([Buffer.from(md5(password + user)), salt]))}`;

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'ascii');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const fatal = (code: string, text: string) =>
  message('E', Buffer.concat([Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0`, 'utf8'), Buffer.from([0])]));

function startupParams(body: Buffer): Record<string, string> {
  const parts = body.subarray(8).toString('utf8').split('\0');
  const params: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) params[parts[i]!] = parts[i + 1]!;
  return params;
}

/** One client: SSL refused, startup read, the MD5 challenge answered right, then spliced onto `innerPath`. */
function gate(client: net.Socket, password: string, innerPath: string): void {
  let buffer = Buffer.alloc(0);
  let startup: Buffer | null = null;
  const salt = randomBytes(4);
  const timer = setTimeout(() => client.destroy(), AUTH_TIMEOUT_MS);
  timer.unref();
  const refuse = (code: string, text: string) => {
    clearTimeout(timer);
    client.off('data', onData);
    client.end(fatal(code, text));
    setTimeout(() => client.destroy(), 1000).unref(); // a peer that never closes its side
  };

  const onData = (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (buffer.length > MAX_MESSAGE) return refuse('08P01', 'message too large before authentication');
    for (;;) {
      if (!startup) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (length < 8 || length > MAX_MESSAGE) return refuse('08P01', 'invalid startup packet');
        if (buffer.length < length) return;
        const packet = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        const code = packet.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          client.write('N'); // loopback only: no TLS; the client goes on in clear
          continue;
        }
        if (code === CANCEL_REQUEST) return void client.end();
        if (code !== PROTOCOL_3) return refuse('08P01', 'unsupported protocol version');
        startup = Buffer.from(packet);
        const challenge = Buffer.alloc(8);
        challenge.writeInt32BE(5, 0); // AuthenticationMD5Password
        salt.copy(challenge, 4);
        client.write(message('R', challenge));
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer[0] !== 0x70 /* 'p' */ || length < 4 || length > MAX_MESSAGE) return refuse('08P01', 'expected a password message');
      if (buffer.length < length + 1) return;
      const answer = buffer
        .subarray(5, length + 1)
        .toString('utf8')
        .replace(/\0$/, '');
      const rest = buffer.subarray(length + 1);
      const user = startupParams(startup).user ?? '';
      const expected = Buffer.from(md5Answer(password, user, salt));
      const given = Buffer.from(answer);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return refuse('28P01', `password authentication failed for user "${user.slice(0, 64)}"`);
      }
      clearTimeout(timer);
      client.off('data', onData);
      splice(client, startup, rest, innerPath);
      return;
    }
  };
  client.on('data', onData);
  client.on('error', () => client.destroy());
}

/** The authenticated client onto the real server: its startup replayed, then both ways as they come. */
function splice(client: net.Socket, startup: Buffer, rest: Buffer, innerPath: string): void {
  const inner = net.createConnection(innerPath);
  inner.write(startup);
  if (rest.length) inner.write(rest);
  client.pipe(inner);
  inner.pipe(client);
  const close = () => {
    client.destroy();
    inner.destroy();
  };
  client.on('close', close);
  inner.on('close', close);
  inner.on('error', close);
}

export interface PasswordGate {
  port: number;
  stop(): Promise<void>;
}

/** Listens on host:port (0: any free port) and lets in only clients that know `password`. */
export async function listenWithPassword(options: {
  port: number;
  host: string;
  password: string;
  innerPath: string;
  maxConnections: number;
}): Promise<PasswordGate> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    gate(client, options.password, options.innerPath);
  });
  server.maxConnections = options.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
