import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the end of the response. */
  ms: number;
}

/**
 * One HTTP/1.1 request written byte for byte on a new connection (`Connection: close`), so tests
 * can send what no client library would (a malformed Content-Length, an undecodable URL) and see
 * what really goes over the wire, including answers Fastify writes before any hook runs.
 */
export function rawRequest(port: number, head: string, body: Buffer | string = ''): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while we still write (e.g. a 413 before the body is read): keep what came back.
      if (chunks.length === 0 || (error.code !== 'EPIPE' && error.code !== 'ECONNRESET')) reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP response: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(split + 4), ms: performance.now() - started });
    });
    socket.write(head);
    if (body.length) socket.write(body);
  });
}

/** A request head with `Connection: close` and, for a body, its Content-Length (unless given). */
export function requestHead(method: string, path: string, headers: Record<string, string | number> = {}, body?: Buffer | string): string {
  const all: Record<string, string | number> = { host: 'localhost', connection: 'close', ...headers };
  if (body !== undefined && !('content-length' in all)) all['content-length'] = Buffer.byteLength(body);
  return `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

/** Sends method + path (+ JSON body) as one raw request. */
export function send(port: number, method: string, path: string, body?: Buffer | string, headers: Record<string, string | number> = {}) {
  const withType = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
  return rawRequest(port, requestHead(method, path, withType, body), body);
}
