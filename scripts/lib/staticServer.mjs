// A small static server for production builds, as they are deployed: SPA fallback for the host,
// revalidated entries and manifests, immutable content-hashed chunks, CORS for remotes.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Content-hashed names (name.1a2b3c4d.js) never change: cache forever. Everything else revalidates. */
export function cacheControlFor(file) {
  return /\.[0-9a-f]{8,}\.(js|css|map|txt)$/.test(path.basename(file)) || /\.[0-9a-f]{8,}\.js\.LICENSE\.txt$/.test(file)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * @param {{ port: number, host?: string, mounts: { prefix: string, dir: string | (() => string | null), spa?: boolean }[], routes?: Record<string, () => unknown> }} options
 *   dir: a folder, or a function giving it per request (a host whose pinned version can change).
 *   routes: exact paths answered with JSON computed per request (e.g. /config.json).
 */
export function startStaticServer({ port, host = '127.0.0.1', mounts, routes = {} }) {
  const ordered = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = decodeURIComponent(url.pathname);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (routes[pathname]) {
      let body;
      try {
        body = JSON.stringify(routes[pathname](), null, 2);
      } catch (error) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`${pathname}: ${error.message}`);
        return;
      }
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const mount = ordered.find((m) => pathname === m.prefix || pathname.startsWith(m.prefix.endsWith('/') ? m.prefix : `${m.prefix}/`));
    if (!mount) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const relative = pathname.slice(mount.prefix.length).replace(/^\/+/, '');
    const dir = typeof mount.dir === 'function' ? mount.dir() : mount.dir;
    if (!dir) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const root = path.resolve(dir);
    let file = path.resolve(root, relative);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    let stat = fs.existsSync(file) ? fs.statSync(file) : null;
    if (stat?.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = fs.existsSync(file) ? fs.statSync(file) : null;
    }
    if (!stat && mount.spa && !path.extname(relative)) {
      file = path.join(root, 'index.html');
      stat = fs.existsSync(file) ? fs.statSync(file) : null;
    }
    if (!stat) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': stat.size,
      'Cache-Control': cacheControlFor(file),
    });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
